import assert from 'node:assert/strict';
import { Pool } from 'pg';
import { AccountState } from '../../../../src/service/store/accountState';
import { indexStatements } from '../../../../src/service/store/postgres/indexSql';
import { dropUnwanted } from '../../../../src/service/store/postgres/indexDrops';
import { definitionOf, makeDefinition } from '../../../../src/service/store/postgres/mutationSql';
import { waitFor } from '../../../integration/support/waitFor';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';

const KEY = 'index-drops-key-0c41';
const OTHER_KEY = 'index-drops-other-key-5d2e';
const COLLECTION = '/databases/shop/collections/items';
/** Our PostgreSQL unique indexes (the primary key aside), with their definitions. */
const OURS =
  "SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'dbhost_documents' AND indexdef LIKE 'CREATE UNIQUE INDEX dbx%'";

/**
 * The PostgreSQL indexes a request leaves behind to drop (a unique index of other keys, a dropped collection's) are
 * dropped without holding up other accounts: a plain DROP INDEX queues for an ACCESS EXCLUSIVE lock on the documents
 * table shared by every account, and every read and write queues behind it while it waits for a long transaction.
 */
describePostgres('on PostgreSQL, dropping the indexes a request leaves behind', function () {
  this.timeout(120_000);
  let store: string;
  let pool: Pool;
  let running: InProcessService;

  const post = async (path: string, body: object, key = KEY) => {
    const answer = await running.raw('POST', path, { body: jsonBody(body), key });
    assert.equal(answer.status, 200, answer.text);
  };
  const ours = async () => (await pool.query<{ name: string; def: string }>(OURS)).rows;

  before(async () => {
    store = freshPostgresStore();
    running = await startServiceInProcess({ apiKeys: [KEY, OTHER_KEY], empty: true, store, storeCacheMb: 0, keepData: true });
    pool = new Pool({ connectionString: store });
    for (const key of [KEY, OTHER_KEY]) {
      await post('/databases', { name: 'shop', slug: 'sandbox' }, key);
      await post('/databases/shop/collections', { name: 'items' }, key);
      await post(`${COLLECTION}/documents`, { document: { _id: 1, a: 1, b: 1 } }, key);
    }
  });
  after(async () => {
    await running?.stop();
    await pool?.end();
  });

  it('lets other accounts read while it waits for a long transaction to drop a unique index left behind', async () => {
    await post(`${COLLECTION}/indexes`, { spec: { a: 1, b: 1 }, unique: true, background: false });
    const [left] = await ours();
    assert.equal((await running.raw('DELETE', `${COLLECTION}/indexes/a_1_b_1`)).status, 200);
    // As if the drop of the PostgreSQL index had failed (it is logged, not a failure of the request).
    await pool.query(left.def);
    // A long read of the documents table (a report, a backup) holds a lock the drop must wait for.
    const long = await pool.connect();
    try {
      await long.query('BEGIN');
      await long.query('SELECT count(*) FROM dbhost_documents');
      const made = running.raw('POST', `${COLLECTION}/indexes`, {
        body: jsonBody({ spec: { a_1_b: 1 }, unique: true, background: false }),
      });
      await waitFor(
        async () =>
          (await pool.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%DROP INDEX%'")).rowCount !== 0,
        { what: 'the drop of the unique index left behind waiting for the long transaction' },
      );
      const queued = await pool.query("SELECT mode FROM pg_locks WHERE relation = 'dbhost_documents'::regclass AND NOT granted");
      assert.deepEqual(queued.rows, [], 'a lock on the documents table waits, and every account waits behind it');
      const other = await running.raw('GET', `${COLLECTION}/documents`, { key: OTHER_KEY });
      assert.equal(other.status, 200, other.text);
      assert.deepEqual(JSON.parse(other.text), [{ _id: 1, a: 1, b: 1 }]);
      await long.query('COMMIT');
      assert.equal((await made).status, 200);
    } finally {
      long.release();
    }
    const now = await ours();
    assert.equal(now.length, 1, now.map(({ name }) => name).join(', '));
    assert.match(now[0].def, /a_1_b/);
  });

  it('keeps the indexes of a collection made again when the drop of the collection it replaced runs late', async () => {
    const { rows } = await pool.query<{ account: string }>(
      "SELECT DISTINCT account FROM dbhost_collections WHERE db = 'shop' AND name = 'items' AND indexes LIKE '%a_1_b%'",
    );
    assert.equal(rows.length, 1);
    const late = indexStatements(rows[0].account, { op: 'dropCollection', db: 'shop', name: 'items' }, new AccountState());
    assert.equal((await running.raw('DELETE', COLLECTION)).status, 200);
    await post('/databases/shop/collections', { name: 'items' });
    await post(`${COLLECTION}/indexes`, { spec: { a_1_b: 1 }, unique: true, background: false });
    const ALL = "SELECT indexname AS name FROM pg_indexes WHERE tablename = 'dbhost_documents' AND indexname LIKE 'dbx%' ORDER BY 1";
    const made = (await pool.query<{ name: string }>(ALL)).rows;
    // Another service process dropped the collection before it was made again, and drops its indexes only now.
    for (const statement of late) await makeDefinition(pool, definitionOf(statement));
    assert.deepEqual((await pool.query<{ name: string }>(ALL)).rows, made);
    await post(`${COLLECTION}/documents`, { document: { _id: 1, a_1_b: 'm' } });
    assert.equal(
      (await running.raw('POST', `${COLLECTION}/documents`, { body: jsonBody({ document: { _id: 2, a_1_b: 'm' } }) })).status,
      409,
    );
  });

  it('makes the indexes of a collection made again while the drop of the collection it replaced waits', async () => {
    const { rows } = await pool.query<{ account: string }>(
      "SELECT DISTINCT account FROM dbhost_collections WHERE db = 'shop' AND name = 'items' AND indexes LIKE '%a_1_b%'",
    );
    const [late] = indexStatements(rows[0].account, { op: 'dropCollection', db: 'shop', name: 'items' }, new AccountState());
    const MINE = `SELECT i.indexname AS name, i.indexdef AS def, x.indisvalid AND x.indisready AS usable FROM pg_indexes i
      JOIN pg_index x ON x.indexrelid = (quote_ident(i.indexname))::regclass
      WHERE i.tablename = 'dbhost_documents' AND starts_with(i.indexname, $1) ORDER BY 1`;
    const mine = async () => (await pool.query<{ name: string; def: string; usable: boolean }>(MINE, [late.drops!.prefix])).rows;
    const made = await mine();
    assert.equal(made.length, 4, made.map(({ name }) => name).join(', '));
    assert.equal((await running.raw('DELETE', COLLECTION)).status, 200);
    // Another service process dropped the collection and has yet to drop its indexes.
    for (const { def } of made) await pool.query(def);
    const long = await pool.connect();
    try {
      await long.query('BEGIN');
      await long.query('SELECT count(*) FROM dbhost_documents');
      const dropping = makeDefinition(pool, definitionOf(late));
      const waiting = async (query: string) =>
        (await pool.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE $1", [query])).rowCount !== 0;
      await waitFor(() => waiting('%DROP INDEX%'), { what: 'the late drop of the indexes waiting for the long transaction' });
      const remade = (async () => {
        await post('/databases/shop/collections', { name: 'items' });
        await post(`${COLLECTION}/indexes`, { spec: { a_1_b: 1 }, unique: true, background: false });
      })();
      await waitFor(async () => (await waiting('%CREATE INDEX%')) || waiting('%advisory%'), {
        what: 'the index of the collection made again waiting for the late drop',
      });
      await long.query('COMMIT');
      await dropping;
      await remade;
    } finally {
      long.release();
    }
    assert.deepEqual(
      await mine(),
      made.map((index) => ({ ...index, usable: true })),
    );
  });

  it('drops a unique index left behind under the prefix of a collection when the collection is made again', async () => {
    const [left] = await ours();
    assert.match(left.def, /a_1_b/);
    assert.equal((await running.raw('DELETE', COLLECTION)).status, 200);
    // As if the drop of the collection's unique index had been cut short.
    await pool.query(left.def);
    await post('/databases/shop/collections', { name: 'items' });
    assert.deepEqual(
      (await ours()).map(({ name }) => name),
      [],
    );
    await post(`${COLLECTION}/documents`, { document: { _id: 1, a_1_b: 'm' } });
    await post(`${COLLECTION}/documents`, { document: { _id: 2, a_1_b: 'm' } });
  });

  it('drops the other indexes left behind when one of them cannot be dropped, and names that one', async () => {
    const OTHERS = '/databases/shop/collections/others';
    await post('/databases/shop/collections', { name: 'others' });
    await post(`${OTHERS}/indexes`, { spec: { c: 1 }, unique: true, background: false });
    const { rows } = await pool.query<{ account: string }>("SELECT account FROM dbhost_collections WHERE db = 'shop' AND name = 'others'");
    const [late] = indexStatements(rows[0].account, { op: 'dropCollection', db: 'shop', name: 'others' }, new AccountState());
    const UNDER =
      "SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'dbhost_documents' AND starts_with(indexname, $1) ORDER BY 1";
    const left = (await pool.query<{ name: string; def: string }>(UNDER, [late.drops!.prefix])).rows;
    assert.equal(left.length, 4, left.map(({ name }) => name).join(', '));
    assert.equal((await running.raw('DELETE', OTHERS)).status, 200);
    // As if the drops of the collection's indexes had failed.
    for (const { def } of left) await pool.query(def);
    const stuck = left.find(({ def }) => /USING btree/.test(def) && !/UNIQUE/.test(def))!;
    // Another session holds the lock this index's drop must take, longer than the drop waits for a lock.
    const holder = await pool.connect();
    const impatient = new Pool({ connectionString: store, options: '-c lock_timeout=300' });
    try {
      await holder.query('BEGIN');
      await holder.query(`ALTER INDEX ${stuck.name} SET (fillfactor = 80)`);
      await assert.rejects(dropUnwanted(impatient, late.drops!), (error: Error) => {
        assert.match(error.message, /^Some PostgreSQL indexes could not be dropped \(the others were\): /);
        assert.match(error.message, new RegExp(`${stuck.name}: canceling statement due to lock timeout`));
        return true;
      });
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
      await impatient.end();
    }
    assert.deepEqual(
      (await pool.query<{ name: string }>(UNDER, [late.drops!.prefix])).rows.map(({ name }) => name),
      [stuck.name],
    );
  });
});
