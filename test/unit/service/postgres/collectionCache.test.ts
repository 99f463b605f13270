import assert from 'node:assert/strict';
import { Pool } from 'pg';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';

const KEY = 'collection-cache-key-8c2e';
const DB = 'big';
const docs = (col: string) => `/databases/${DB}/collections/${col}/documents`;
/** Three collections of about 600 KB of stored text each, against a budget of 1 MB: at most one stays loaded. */
const COLLECTIONS = ['a', 'b', 'c'];
const PER_COLLECTION = 300;
const payload = 'x'.repeat(2_000);

describePostgres('on PostgreSQL, collections loaded for the requests that name them, within a budget', function () {
  this.timeout(120_000);
  let store: string;
  let running: InProcessService;

  before(async () => {
    store = freshPostgresStore();
    running = await startServiceInProcess({ apiKeys: [KEY], empty: true, store, storeCacheMb: 1, keepData: true });
    assert.equal((await running.raw('POST', '/databases', { body: jsonBody({ name: DB, slug: 'sandbox' }) })).status, 200);
    for (const col of COLLECTIONS) {
      for (let from = 0; from < PER_COLLECTION; from += 50) {
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            running.raw('POST', docs(col), {
              body: jsonBody({ document: { _id: `${col}${from + i}`, n: from + i, tag: `${col}-${from + i}`, payload } }),
            }),
          ),
        );
        for (const answer of answers) assert.equal(answer.status, 200, answer.text);
      }
      const index = await running.raw('POST', `/databases/${DB}/collections/${col}/indexes`, {
        body: jsonBody({ spec: { tag: 1 }, unique: true }),
      });
      assert.equal(index.status, 200, index.text);
    }
  });
  after(() => running?.stop());

  const countOf = async (col: string, q: object): Promise<number> => {
    const answer = await running.raw('GET', `${docs(col)}?q=${encodeURIComponent(JSON.stringify(q))}&limit=1`);
    assert.equal(answer.status, 200, answer.text);
    return Number(answer.headers.get('X-Service-Count'));
  };

  it('answers each collection whole after the others pushed it out: documents, counts, sizes and its unique index', async () => {
    for (let round = 0; round < 2; round++)
      for (const col of COLLECTIONS) {
        assert.equal(await countOf(col, { n: { $gte: 100 } }), PER_COLLECTION - 100, `${col}, round ${round}`);
        const sorted = (await running.raw('GET', `${docs(col)}?sort=${encodeURIComponent('{"n": -1}')}&limit=2`)).json as { n: number }[];
        assert.deepEqual(
          sorted.map((doc) => doc.n),
          [PER_COLLECTION - 1, PER_COLLECTION - 2],
        );
      }
    const listed = (await running.raw('GET', `/databases/${DB}/collections`)).json as { name: string; count: number; avgObjSize: number }[];
    assert.deepEqual(
      listed.map(({ name, count }) => [name, count]),
      COLLECTIONS.map((col) => [col, PER_COLLECTION]),
    );
    for (const item of listed) assert.ok(item.avgObjSize > payload.length, `${item.name}: ${item.avgObjSize}`);
    // `a` was let go since it was last used: its unique index still refuses a taken key.
    const duplicate = await running.raw('POST', docs('a'), { body: jsonBody({ document: { _id: 'new', tag: 'a-7' }, safe: true }) });
    assert.equal(duplicate.status, 409, duplicate.text);
    assert.match(duplicate.text, /E11000 duplicate key error index: big\.a\.\$tag_1/);
  });

  it("keeps what an index served across its collection's being let go and loaded again", async () => {
    const usage = async () =>
      ((await running.raw('GET', `/databases/${DB}/collections/b/indexes/tag_1`)).json as { accesses: { ops: number; since: unknown } })
        .accesses;
    const before = await usage();
    assert.equal(await countOf('b', { tag: 'b-3' }), 1);
    for (const col of ['a', 'c']) await countOf(col, {});
    const after = await usage();
    assert.equal(after.ops, before.ops + 1);
    assert.deepEqual(after.since, before.since);
  });

  it("opens the account after a restart without reading a collection's documents: a damaged one fails only the requests that read it, saying so", async () => {
    await running.stop();
    const pool = new Pool({ connectionString: store });
    try {
      const damaged = await pool.query(
        `UPDATE dbhost_documents SET body = '{"_id": "c1", "n": ' WHERE db = $1 AND col = 'c' AND doc->>'_id' = 'c1'`,
        [DB],
      );
      assert.equal(damaged.rowCount, 1);
    } finally {
      await pool.end();
    }
    running = await startServiceInProcess({ apiKeys: [KEY], empty: true, store, storeCacheMb: 1, keepData: true });
    assert.equal(await countOf('a', {}), PER_COLLECTION);
    assert.deepEqual((await running.raw('GET', `${docs('c')}/c2`)).json, { _id: 'c2', n: 2, tag: 'c-2', payload });
    // A query PostgreSQL answers whole reads only its page: the damaged document is not in it.
    assert.equal(await countOf('c', { n: 5 }), 1);
    const damaged = await running.raw('GET', docs('c'));
    assert.equal(damaged.status, 500, damaged.text);
    assert.match(JSON.parse(damaged.text).error, /^A document of big\.c in PostgreSQL is damaged and cannot be read/);
    // A write by _id reads only its document; an update whose filter SQL cannot narrow ($ne) reads every row, the damaged one too.
    const one = await running.raw('PUT', `${docs('c')}/c2`, { body: jsonBody({ document: { $set: { n: 20 } }, safe: true }) });
    assert.equal(one.status, 200, one.text);
    assert.equal(((await running.raw('GET', `${docs('c')}/c2`)).json as { n: number }).n, 20);
    const many = await running.raw('PUT', docs('c'), {
      body: jsonBody({ criteria: { n: { $ne: 99 } }, object: { $set: { n: 2 } }, safe: true }),
    });
    assert.equal(many.status, 500, many.text);
    assert.match(JSON.parse(many.text).error, /^A document of big\.c in PostgreSQL is damaged and cannot be read/);
    const itself = await running.raw('DELETE', `${docs('c')}/c1`);
    assert.equal(itself.status, 500, itself.text);
    assert.equal(await countOf('b', {}), PER_COLLECTION);
  });

  it('keeps the collection used last loaded even past the budget, and reads it again once another was used', async () => {
    const big = 'd';
    for (let from = 0; from < 700; from += 50) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          running.raw('POST', docs(big), { body: jsonBody({ document: { _id: `${big}${from + i}`, payload } }) }),
        ),
      );
      for (const answer of answers) assert.equal(answer.status, 200, answer.text);
    }
    // A collection's statistics need it loaded, where a write by _id or a find PostgreSQL answers reads only its rows.
    const statsOf = (col: string) => running.raw('GET', `/databases/${DB}/collections/${col}`);
    assert.equal((await statsOf(big)).status, 200);
    // Damaged in PostgreSQL behind the service's back: only a read of the collection's rows meets it.
    const pool = new Pool({ connectionString: store });
    try {
      await pool.query(`UPDATE dbhost_documents SET body = '{' WHERE db = $1 AND col = $2 AND doc->>'_id' = 'd5'`, [DB, big]);
    } finally {
      await pool.end();
    }
    assert.equal((await statsOf(big)).status, 200, 'still loaded: its rows are not read again');
    assert.equal((await statsOf('a')).status, 200);
    const again = await statsOf(big);
    assert.equal(again.status, 500, again.text);
    assert.match(JSON.parse(again.text).error, /^A document of big\.d in PostgreSQL is damaged/);
  });
});
