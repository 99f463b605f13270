import assert from 'node:assert/strict';
import { Pool } from 'pg';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';
import { restartWithRows } from '../../../support/postgresRows';

const KEY = 'index-builds-key-8c21';
const DB = 'shop';
const LARGE = 'people';
const COUNT = 20_000;
/** A document whose stored text is damaged: any request that reads the collection whole fails on it (a 500). */
const DAMAGED = 'd13';
const person = (i: number) => ({ _id: `d${i}`, n: i, email: `d${i}@example.com`, team: i % 50, payload: 'x'.repeat(100) });
const docs = `/databases/${DB}/collections/${LARGE}/documents`;
const indexes = `/databases/${DB}/collections/${LARGE}/indexes`;
type Json = Record<string, unknown>;

const until = async (condition: () => Promise<boolean>): Promise<void> => {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
};

/**
 * On PostgreSQL, with nothing kept in memory (cache budget 0), an index build reads no document into the service: the
 * collection holds a damaged document that any load of it meets, so every build answered otherwise was made by
 * PostgreSQL (writesById.test.ts proves writes of one document the same way).
 */
describePostgres('on PostgreSQL, index builds without loading their collection', function () {
  this.timeout(180_000);
  let store: string;
  let pool: Pool;
  let running: InProcessService;
  let journal: InProcessService;

  const start = () => startServiceInProcess({ apiKeys: [KEY], empty: true, store, storeCacheMb: 0, keepData: true });
  const create = (service: InProcessService, body: object) => service.raw('POST', indexes, { body: jsonBody(body) });
  const indexNames = async (service: InProcessService) => ((await service.raw('GET', indexes)).json as Json[]).map((index) => index.name);

  before(async () => {
    store = freshPostgresStore();
    pool = new Pool({ connectionString: store });
    running = await start();
    journal = await startServiceInProcess({ apiKeys: [KEY], empty: true, store: null });
    for (const service of [running, journal]) {
      assert.equal((await service.raw('POST', '/databases', { body: jsonBody({ name: DB, slug: 'sandbox' }) })).status, 200);
      for (let i = 0; i < (service === journal ? 100 : 1); i++)
        assert.equal((await service.raw('POST', docs, { body: jsonBody({ document: person(i) }) })).status, 200);
    }
    running = await restartWithRows(running, start, pool, {
      db: DB,
      col: LARGE,
      docs: Array.from({ length: COUNT - 1 }, (_, i) => person(i + 1)),
      damaged: DAMAGED,
    });
  });
  after(async () => {
    await running?.stop();
    await journal?.stop();
    await pool?.end();
  });

  it('makes an index and a unique one, which PostgreSQL then enforces, while a read of the whole collection fails on a damaged document', async () => {
    for (const body of [{ spec: { team: 1 } }, { spec: { email: 1 }, unique: true }]) {
      const made = await create(running, body);
      assert.equal(made.status, 200, made.text);
    }
    assert.deepEqual(await indexNames(running), ['_id_', 'team_1', 'email_1']);
    const one = (await running.raw('GET', `${indexes}/email_1`)).json as Json;
    assert.equal(one.unique, true);
    assert.equal(one.building, undefined, 'built once the creation is answered');

    const duplicate = await running.raw('POST', docs, { body: jsonBody({ document: { _id: 'new', email: 'd5@example.com' } }) });
    assert.equal(duplicate.status, 409, duplicate.text);
    assert.equal(
      JSON.parse(duplicate.text).error,
      'E11000 duplicate key error index: shop.people.$email_1 dup key: { : "d5@example.com" }',
    );
    const found = await running.raw('GET', `${docs}?q=${encodeURIComponent('{"team": 7}')}&count=true&limit=1`);
    assert.equal(found.status, 200, found.text);
    const compound = await create(running, { spec: { n: -1, team: 1 }, unique: true, background: false });
    assert.equal(compound.status, 200, compound.text);
    assert.deepEqual(await indexNames(running), ['_id_', 'team_1', 'email_1', 'n_-1_team_1']);

    const whole = await running.raw('PUT', docs, {
      body: jsonBody({ criteria: { n: { $ne: 1 } }, object: { $set: { seen: 1 } }, multi: true }),
    });
    assert.equal(whole.status, 500, 'an update whose filter SQL cannot narrow reads every row, and meets the damaged one');
    assert.match(JSON.parse(whole.text).error, /^A document of shop\.people in PostgreSQL is damaged/);
  });

  it("refuses a unique index over a repeated key with the journal store's answer, and creates nothing", async () => {
    const uniqueIndexes = async () =>
      (
        await pool.query(
          `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'dbhost_documents' AND indexdef LIKE 'CREATE UNIQUE%'`,
        )
      ).rows[0].n;
    const before = await uniqueIndexes();
    const refused = await create(running, { spec: { team: -1 }, unique: true });
    const expected = await create(journal, { spec: { team: -1 }, unique: true });
    assert.equal(refused.status, 409, refused.text);
    assert.deepEqual({ status: refused.status, json: refused.json }, { status: expected.status, json: expected.json });
    assert.match(
      JSON.parse(refused.text).error,
      /^E11000 duplicate key error index: shop\.people\.\$team_-1 dup key: \{ : 0 \}; the index was not created/,
    );
    assert.ok(!(await indexNames(running)).includes('team_-1'));
    assert.equal(await uniqueIndexes(), before, 'no PostgreSQL index of it either');
  });

  it('lists the build with its progress among current operations and in the index while PostgreSQL builds it', async () => {
    // A transaction that may write documents: PostgreSQL's concurrent index build waits for it before it starts.
    const writer = await pool.connect();
    let creating: ReturnType<typeof create> | undefined;
    try {
      await writer.query('BEGIN');
      await writer.query('UPDATE dbhost_documents SET version = version WHERE false');
      creating = create(running, { spec: { payload: 1 } });
      let listed: Json = {};
      await until(async () => {
        listed = (await running.raw('GET', `${indexes}/payload_1`)).json as Json;
        return listed.building === true;
      });
      assert.deepEqual(listed.progress, { done: 0, total: COUNT });
      const { inprog } = (await running.raw('GET', `/databases/${DB}/ops`)).json as { inprog: Json[] };
      const build = inprog.find((operation) => operation.msg !== undefined);
      assert.ok(build, JSON.stringify(inprog));
      assert.equal(build.ns, `${DB}.${LARGE}`);
      assert.equal(build.msg, `Index Build: 0/${COUNT} 0%`);
    } finally {
      await writer.query('ROLLBACK');
      writer.release();
    }
    const made = await creating!;
    assert.equal(made.status, 200, made.text);
    assert.equal(((await running.raw('GET', `${indexes}/payload_1`)).json as Json).building, undefined);
    const { inprog } = (await running.raw('GET', `/databases/${DB}/ops`)).json as { inprog: Json[] };
    assert.ok(!inprog.some((operation) => operation.msg !== undefined));
  });

  it('drops an index and lists the indexes without reading the documents', async () => {
    assert.equal((await running.raw('DELETE', `${indexes}/payload_1`)).status, 200);
    assert.ok(!(await indexNames(running)).includes('payload_1'));
    assert.equal((await running.raw('DELETE', indexes)).status, 200);
    assert.deepEqual(await indexNames(running), ['_id_']);
  });
});
