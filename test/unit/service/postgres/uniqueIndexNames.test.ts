import assert from 'node:assert/strict';
import { Pool } from 'pg';
import { makeIdKeyIndexes } from '../../../../src/service/store/postgres/idKeyIndexes';
import { hookedPool } from '../../../support/hookedPool';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';

const KEY = 'unique-index-names-key-6e3a';
const COLLECTION = '/databases/shop/collections/items';
/** Our PostgreSQL unique indexes (the primary key aside), with their definitions. */
const OURS =
  "SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'dbhost_documents' AND indexdef LIKE 'CREATE UNIQUE INDEX dbx%'";

/**
 * A PostgreSQL unique index is named by the keys it indexes, not only by the interface's name (which follows the keys
 * but can collide: {a: 1, b: 1} and {"a_1_b": 1} are both `a_1_b_1`): an index left behind by one dropped is never
 * taken for a new one of the same name, and one named the old way is made again under its name of now.
 */
describePostgres('on PostgreSQL, the unique indexes of an index dropped and made again with other keys', function () {
  this.timeout(120_000);
  let store: string;
  let pool: Pool;
  let running: InProcessService;

  const start = () => startServiceInProcess({ apiKeys: [KEY], empty: true, store, storeCacheMb: 0, keepData: true });
  const insert = async (document: object) =>
    (await running.raw('POST', `${COLLECTION}/documents`, { body: jsonBody({ document, safe: true }) })).status;
  const createUnique = async (spec: object) => {
    const answer = await running.raw('POST', `${COLLECTION}/indexes`, { body: jsonBody({ spec, unique: true, background: false }) });
    assert.equal(answer.status, 200, answer.text);
  };
  const ours = async () => (await pool.query<{ name: string; def: string }>(OURS)).rows;

  before(async () => {
    store = freshPostgresStore();
    running = await start();
    assert.equal((await running.raw('POST', '/databases', { body: jsonBody({ name: 'shop', slug: 'sandbox' }) })).status, 200);
    assert.equal((await running.raw('POST', '/databases/shop/collections', { body: jsonBody({ name: 'items' }) })).status, 200);
    pool = new Pool({ connectionString: store });
  });
  after(async () => {
    await running?.stop();
    await pool?.end();
  });

  it('makes the new index beside one the drop left behind, and answers by the new keys', async () => {
    await createUnique({ a: 1, b: 1 });
    const [left] = await ours();
    assert.match(left.def, /'\{a\}'.*'\{b\}'/s);
    assert.equal((await running.raw('DELETE', `${COLLECTION}/indexes/a_1_b_1`)).status, 200);
    assert.deepEqual(await ours(), []);
    // As if the drop of the PostgreSQL index had failed (it is logged, not a failure of the request).
    await pool.query(left.def);
    await createUnique({ a_1_b: 1 });

    const made = await ours();
    assert.equal(made.length, 1, made.map(({ name }) => name).join(', '));
    assert.match(made[0].def, /a_1_b/);
    assert.equal(await insert({ _id: 1, a: 1, b: 1, a_1_b: 'm' }), 200);
    assert.equal(await insert({ _id: 2, a: 1, b: 1, a_1_b: 'n' }), 200, 'a and b are no longer unique');
    assert.equal(await insert({ _id: 3, a_1_b: 'm' }), 409);
    assert.equal(Number((await running.raw('GET', `${COLLECTION}/documents`)).headers.get('X-Service-Count')), 2);
  });

  it('makes a unique index named the old way again under its name of now, once, and drops the old one', async () => {
    await running.stop();
    const [current] = await ours();
    const oldName = current.name.slice(0, -8);
    await pool.query(`ALTER INDEX ${current.name} RENAME TO ${oldName}`);
    const logged: string[] = [];
    await Promise.all(
      [0, 1].map(() =>
        makeIdKeyIndexes(
          pool,
          () => false,
          (line) => logged.push(line),
        ),
      ),
    );
    assert.deepEqual(logged, ['Made 1 PostgreSQL unique index under names that hash their keys']);
    const after = await ours();
    assert.deepEqual(
      after.map(({ name }) => name),
      [current.name],
    );
    const { rows } = await pool.query<{ valid: boolean }>(
      'SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1',
      [current.name],
    );
    assert.deepEqual(rows, [{ valid: true }]);
    running = await start();
    assert.equal(await insert({ _id: 4, a_1_b: 'n' }), 409);
    assert.equal(await insert({ _id: 5, a_1_b: 'o' }), 200);
  });

  it('drops the unique index it made again when its index was dropped while it was being made', async () => {
    await running.stop();
    const [current] = await ours();
    await pool.query(`ALTER INDEX ${current.name} RENAME TO ${current.name.slice(0, -8)}`);
    // The interface's drop commits while PostgreSQL builds the index again: it found no index of that name to drop.
    const dropCommitted = () =>
      pool.query(
        `UPDATE dbhost_collections SET indexes = COALESCE((SELECT jsonb_agg(i) FROM jsonb_array_elements(indexes::jsonb) i
         WHERE i->>'name' <> 'a_1_b_1'), '[]')::text WHERE db = 'shop' AND name = 'items'`,
      );
    const hooked = hookedPool(pool, { before: async (text) => void (/^CREATE UNIQUE INDEX/.test(text) && (await dropCommitted())) });
    await makeIdKeyIndexes(
      hooked,
      () => false,
      () => {},
    );
    assert.deepEqual(await ours(), [], 'a unique index no interface index asks for was left');
    running = await start();
  });
});
