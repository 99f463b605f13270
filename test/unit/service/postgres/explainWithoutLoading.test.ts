import assert from 'node:assert/strict';
import { Pool } from 'pg';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';
import { restartWithRows } from '../../../support/postgresRows';

const KEY = 'explain-without-loading-key-7f42';
const DB = 'shop';
const COL = 'people';
const COUNT = 20_000;
const person = (i: number) => ({ _id: `d${i}`, n: i, team: i % 50 });
type Json = Record<string, unknown>;

/**
 * Explain on PostgreSQL comes from PostgreSQL's plan without reading the collection into the service: a damaged
 * document that any load of the collection meets (a 500) proves it, with nothing kept in memory (cache budget 0).
 */
describePostgres('on PostgreSQL, explain without loading the collection', function () {
  this.timeout(120_000);
  let store: string;
  let pool: Pool;
  let running: InProcessService;
  const start = () => startServiceInProcess({ apiKeys: [KEY], empty: true, store, storeCacheMb: 0, keepData: true });
  const explain = (params: Record<string, unknown>) => {
    const search = new URLSearchParams(Object.entries(params).map(([name, value]): [string, string] => [name, JSON.stringify(value)]));
    return running.raw('GET', `/databases/${DB}/collections/${COL}/explain?${search}`);
  };

  before(async () => {
    store = freshPostgresStore();
    pool = new Pool({ connectionString: store });
    running = await start();
    assert.equal((await running.raw('POST', '/databases', { body: jsonBody({ name: DB, slug: 'sandbox' }) })).status, 200);
    const first = await running.raw('POST', `/databases/${DB}/collections/${COL}/documents`, { body: jsonBody({ document: person(0) }) });
    assert.equal(first.status, 200, first.text);
    running = await restartWithRows(running, start, pool, {
      db: DB,
      col: COL,
      docs: Array.from({ length: COUNT - 1 }, (_, i) => person(i + 1)),
      damaged: 'd13',
    });
    const index = await running.raw('POST', `/databases/${DB}/collections/${COL}/indexes`, { body: jsonBody({ spec: { team: 1, n: 1 } }) });
    assert.equal(index.status, 200, index.text);
  });
  after(async () => {
    await running?.stop();
    await pool?.end();
  });

  it("explains a filter and a sort from PostgreSQL's plan while a read of the whole collection fails on a damaged document", async () => {
    const filtered = await explain({ q: { team: 7 }, limit: 5 });
    assert.equal(filtered.status, 200, filtered.text);
    const body = filtered.json as { plan: Json; count: number; returned: number };
    assert.equal(body.plan.store, 'postgresql');
    assert.equal(body.count, 400);
    assert.equal(body.returned, 5);
    const sorted = await explain({ q: { team: 7 }, sort: { team: 1, n: -1 }, limit: 2 });
    assert.equal(sorted.status, 200, sorted.text);
    assert.equal(((sorted.json as { plan: Json }).plan as Json).store, 'postgresql');

    const whole = await running.raw('PUT', `/databases/${DB}/collections/${COL}/documents`, {
      body: jsonBody({ criteria: { n: { $ne: 1 } }, object: { $set: { seen: 1 } }, multi: true }),
    });
    assert.equal(whole.status, 500, 'an update whose filter SQL cannot narrow reads every row, and meets the damaged one');
    assert.match(JSON.parse(whole.text).error, /^A document of shop\.people in PostgreSQL is damaged/);
  });
});
