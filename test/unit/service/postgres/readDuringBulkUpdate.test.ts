import assert from 'node:assert/strict';
import { Pool } from 'pg';
import { waitFor } from '../../../integration/support/waitFor';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';

const KEY = 'read-during-bulk-update-key-3f9c';
const COLLECTION = '/databases/shop/collections/items';
const RANGE = { q: { n: { $gte: 150 } }, sort: { n: 1 }, limit: 5 };
type Listed = { name: string; accesses?: { ops: number } }[];

const query = (resource: string, params: Record<string, unknown>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) search.set(name, JSON.stringify(value));
  return `${COLLECTION}/${resource}?${search}`;
};

/**
 * A bulk update of a collection PostgreSQL keeps reads only its filter's candidates, in the service's place of the
 * collection until it commits. Reads meanwhile must still see the collection's indexes: listed with their usage,
 * planned on and counted, as before and after the update.
 */
describePostgres('on PostgreSQL, a read while a bulk update of its collection waits to commit', function () {
  this.timeout(120_000);
  let store: string;
  let pool: Pool;
  let running: InProcessService;

  const start = () => startServiceInProcess({ apiKeys: [KEY], empty: true, store, storeCacheMb: 0, keepData: true });
  const usage = async (): Promise<number | undefined> => {
    const answer = await running.raw('GET', `${COLLECTION}/indexes`);
    assert.equal(answer.status, 200, answer.text);
    return (answer.json as Listed).find((index) => index.name === 'n_1')?.accesses?.ops;
  };

  before(async () => {
    store = freshPostgresStore();
    running = await start();
    pool = new Pool({ connectionString: store });
    const post = async (path: string, body: object) =>
      assert.equal((await running.raw('POST', path, { body: jsonBody(body) })).status, 200);
    await post('/databases', { name: 'shop', slug: 'sandbox' });
    for (let n = 0; n < 200; n++) await post(`${COLLECTION}/documents`, { document: { _id: n, n, group: n % 4 } });
    await post(`${COLLECTION}/indexes`, { spec: { n: 1 }, background: false });
    // Started again: the collection is kept in PostgreSQL only, as after any restart.
    await running.stop();
    running = await start();
  });
  after(async () => {
    await running?.stop();
    await pool?.end();
  });

  it('lists the indexes with their usage, and plans and counts its query on them', async () => {
    const listed = await running.raw('GET', query('documents', RANGE));
    assert.equal(listed.status, 200, listed.text);
    assert.equal(await usage(), 1);
    // Another client holds a document the update changes: the update waits to commit, its candidates read.
    const held = await pool.connect();
    try {
      await held.query('BEGIN');
      await held.query(`SELECT 1 FROM dbhost_documents WHERE body LIKE '{"_id":3,%' FOR UPDATE`);
      const update = running.raw('PUT', `${COLLECTION}/documents`, {
        body: jsonBody({ criteria: { group: 3 }, object: { $set: { seen: true } }, multi: true }),
      });
      await waitFor(
        async () =>
          (await pool.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE dbhost_documents%'"))
            .rowCount !== 0,
        { what: 'the update waiting for the row held' },
      );

      assert.equal(await usage(), 1, 'the index is listed without its usage');
      const during = await running.raw('GET', query('documents', RANGE));
      assert.equal(during.status, 200, during.text);
      assert.deepEqual(during.json, listed.json);
      assert.equal(await usage(), 2, 'the query was not planned on the index');
      await held.query('COMMIT');
      assert.equal((await update).status, 200);
    } finally {
      held.release();
    }
    assert.equal(await usage(), 2);
    const seen = await running.raw('GET', query('documents', { q: { seen: true }, limit: 100 }));
    assert.deepEqual(
      (seen.json as { _id: number }[]).map((doc) => doc._id),
      Array.from({ length: 50 }, (_, i) => i * 4 + 3),
    );
  });
});
