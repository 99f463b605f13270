import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { runLoad } from '../../../../src/service/bulkLoad/loadCli';
import { CHUNK } from '../../../../src/service/store/postgres/keyBackfill';
import { waitFor } from '../../../integration/support/waitFor';
import type { InProcessService } from '../../../support/testService';
import { startServiceInProcess } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';
import { bodyOf, listPath } from './storesSideBySide';

const KEY = 'key-backfill-key-5c2e';
const DB = 'kb';
const COL = 'big';
/** More documents than two chunks hold, so that a backfill takes three. */
const DOCS = Math.floor(CHUNK * 2.5);
const KEYS = 50;

/** Each counted key whose kept count is not the count of the documents holding it. */
const WRONG_COUNTS = `
WITH actual AS (
  SELECT c.account, c.db, c.col, c.idx, k.key, count(*) AS n FROM dbhost_counted_keys c
  CROSS JOIN LATERAL (SELECT dbhost_sort_key(d.doc, c.path) AS key FROM dbhost_documents d WHERE (d.account, d.db, d.col) = (c.account, c.db, c.col)) k
  WHERE k.key IS NOT NULL GROUP BY 1, 2, 3, 4, 5
)
SELECT coalesce(a.key, k.key) AS key, a.n AS actual, k.n AS kept
FROM actual a FULL JOIN dbhost_key_counts k USING (account, db, col, idx, key) WHERE a.n IS DISTINCT FROM k.n`;

const CHUNK_SQL = 'SELECT dbhost_count_keys_chunk(account, db, col, idx, $1) AS done FROM dbhost_counted_keys';

describePostgres('on PostgreSQL, the keys of an index made over many documents are counted a chunk at a time', function () {
  this.timeout(600_000);
  let store: string;
  let service: InProcessService;
  let pool: Pool;
  const collection = `/databases/${DB}/collections/${COL}`;
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await service.raw(method, path, body === undefined ? {} : { body: bodyOf(body) });
    assert.equal(answer.status, 200, answer.text);
    return answer;
  };
  const countOf = async (k: number) =>
    Number((await call('GET', listPath(DB, COL, 'documents', { q: { k }, limit: 1 }))).headers.get('x-service-count'));
  const through = async () => (await pool.query<{ through: string | null }>('SELECT through FROM dbhost_counted_keys')).rows[0]?.through;

  before(async () => {
    store = freshPostgresStore();
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true, store, keepData: true });
    pool = new Pool({ connectionString: store });
    await call('POST', '/databases', { name: DB, slug: 'sandbox' });
    await call('POST', `/databases/${DB}/collections`, { name: COL });
    const folder = mkdtempSync(join(tmpdir(), 'dbhost-key-backfill-'));
    try {
      const file = join(folder, 'big.jsonl');
      writeFileSync(file, `${Array.from({ length: DOCS }, (_, i) => bodyOf({ _id: i, k: i % KEYS })).join('\n')}\n`);
      await runLoad({ store, apiKey: KEY, db: DB, col: COL, file });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    await call('POST', `${collection}/indexes`, { spec: { k: 1 }, background: false });
  });
  after(async () => {
    await pool?.end();
    await service?.stop();
  });

  it('counts every document once the index is made', async () => {
    assert.equal(await through(), null);
    assert.deepEqual((await pool.query(WRONG_COUNTS)).rows, []);
    assert.equal(await countOf(7), DOCS / KEYS);
  });

  it('stays exact through inserts, updates that change the key and deletes made between its chunks', async () => {
    await pool.query('BEGIN; DELETE FROM dbhost_key_counts; UPDATE dbhost_counted_keys SET through = 0; COMMIT');
    let chunks = 0;
    for (let done = false; !done; chunks++) {
      done = (await pool.query<{ done: boolean }>(CHUNK_SQL, [CHUNK])).rows[0].done;
      // Documents counted already and not yet reached; new ones come after every other.
      for (const id of [chunks * 97, DOCS - 1 - chunks * 89])
        await call('PUT', `${collection}/documents/${id}`, { document: { $set: { k: 7 } }, safe: true });
      await call('POST', `${collection}/documents`, { document: { _id: DOCS + chunks, k: 7 }, safe: true });
      await call('DELETE', `${collection}/documents/${CHUNK * chunks + 13}`);
      if (!done) assert.equal(await countOf(7), await recount(7), 'a count asked mid-way counts every match');
    }
    assert.equal(chunks, 3);
    assert.equal(await through(), null);
    assert.deepEqual((await pool.query(WRONG_COUNTS)).rows, []);
    assert.equal(await countOf(7), await recount(7));
  });

  const restart = async () => {
    await pool.query('BEGIN; DELETE FROM dbhost_key_counts; UPDATE dbhost_counted_keys SET through = 0; COMMIT');
    assert.equal((await pool.query<{ done: boolean }>(CHUNK_SQL, [CHUNK])).rows[0].done, false);
    await service.stop();
    service = await startServiceInProcess({ apiKeys: [KEY], store, keepData: true });
  };

  it('is finished by the next start after a stop mid-way', async () => {
    await restart();
    await waitFor(async () => (await through()) === null, { what: "the start's counting of every document" });
    assert.deepEqual((await pool.query(WRONG_COUNTS)).rows, []);
    assert.equal(await countOf(7), await recount(7));
  });

  it('is counted again after an upgrade of a database whose counts had no chunks, once the service started', async () => {
    await service.stop();
    await pool.query('ALTER TABLE dbhost_counted_keys DROP COLUMN through CASCADE');
    service = await startServiceInProcess({ apiKeys: [KEY], store, keepData: true });
    await waitFor(async () => (await through()) === null, { what: "the start's counting of every document" });
    assert.deepEqual((await pool.query(WRONG_COUNTS)).rows, []);
    assert.equal(await countOf(7), await recount(7));
  });

  it('is counted once when two processes count its chunks at the same time', async () => {
    await restart();
    // A second index of the collection: its commit's backfill goes on with the first one's too, as does the start's.
    const indexed = call('POST', `${collection}/indexes`, { spec: { k: -1 }, background: false });
    while (!(await pool.query<{ done: boolean }>(`${CHUNK_SQL} WHERE idx = 'k_1'`, [CHUNK])).rows[0].done);
    await indexed;
    await call('PUT', `${collection}/documents/5`, { document: { $set: { k: 8 } }, safe: true });
    assert.deepEqual((await pool.query(WRONG_COUNTS)).rows, []);
    assert.equal(await countOf(8), await recount(8));
  });

  it('reads no count kept of another field under its index name (made again by a process this one has not caught up with)', async () => {
    const exact = await recount(7);
    await pool.query("BEGIN; UPDATE dbhost_counted_keys SET path = ARRAY['elsewhere']; UPDATE dbhost_key_counts SET n = n + 1000; COMMIT");
    try {
      assert.equal(await countOf(7), exact);
    } finally {
      await pool.query("BEGIN; UPDATE dbhost_counted_keys SET path = ARRAY['k']; UPDATE dbhost_key_counts SET n = n - 1000; COMMIT");
    }
    assert.equal(await countOf(7), exact);
  });

  it('is finished under the new name when its collection is renamed mid-way', async () => {
    await pool.query('BEGIN; DELETE FROM dbhost_key_counts; UPDATE dbhost_counted_keys SET through = 0; COMMIT');
    assert.deepEqual(
      (await pool.query<{ done: boolean }>(CHUNK_SQL, [CHUNK])).rows.map((row) => row.done),
      [false, false],
    );
    await call('PUT', collection, { name: 'renamed' });
    const counted = await pool.query<{ col: string; through: string | null }>('SELECT col, through FROM dbhost_counted_keys');
    assert.deepEqual(counted.rows, [
      { col: 'renamed', through: null },
      { col: 'renamed', through: null },
    ]);
    assert.deepEqual((await pool.query(WRONG_COUNTS)).rows, []);
  });

  async function recount(k: number): Promise<number> {
    const { rows } = await pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM dbhost_documents WHERE db = $1 AND col = $2 AND doc->'k' = to_jsonb($3::int)",
      [DB, COL, k],
    );
    return Number(rows[0].n);
  }
});
