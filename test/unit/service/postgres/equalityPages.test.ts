import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Client, Pool } from 'pg';
import { seedFromEnvironment } from '../../../support/seededRandom';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';
import { insertRows } from '../../../support/postgresRows';
import type { Json, JsonObject } from './differentialCases';
import { BIG, listPath as listPathOf, storesSideBySide } from './storesSideBySide';

const KEY = 'equality-pages-key-5c2e';
const DB = 'eq';
const SEED = seedFromEnvironment('DBHOST_DIFFERENTIAL_SEED', 53);
const RUNS = Number(process.env.DBHOST_DIFFERENTIAL_RUNS ?? 30);

/** Values an equality is asked for: numbers a double holds exactly (-0 and 0 one value), strings, booleans. */
const wanted = fc.constantFrom<Json>(0, -0, 7, 7.5, -3, 2 ** 53 - 1, 'a', 'B', '', 'é', true, false);
/** Values stored beside them: the same, other types that never equal them, and what the sort key cannot order. */
const stored: fc.Arbitrary<Json> = fc.oneof(
  { weight: 6, arbitrary: wanted },
  { weight: 1, arbitrary: fc.constantFrom<Json>(null, 2 ** 53, BIG, 1e-310, '7', { $date: '2020-01-01T00:00:00Z' }) },
  { weight: 1, arbitrary: fc.constantFrom<Json>([7, 'a'], [[7]], [], { x: 7 }, 'a😀', [true, -0]) },
);

/** `o`, on the path of the `o.x` index: an object, or an array or a scalar along the path. */
const along: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ x: stored }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.constantFrom<Json>([{ x: 7 }], 5, [7], [{ x: 'a' }, { x: 7 }], []) },
);
const doc = fc.record({ v: stored, w: stored, o: along }, { requiredKeys: [] });
const indexed = fc.record({ f: fc.constantFrom('v', 'o.x'), v: wanted }).map(({ f, v }): JsonObject => ({ [f]: v }));
const equality = fc.oneof(
  indexed,
  indexed.map((q): JsonObject => ({ $or: [q] })),
  fc.record({ q: indexed, w: wanted }).map(({ q, w }): JsonObject => ({ $and: [q, { w: { $gte: w } }] })),
  fc.record({ q: indexed, v: wanted }).map(({ q, v }): JsonObject => ({ $or: [q, { v }] })),
  wanted.map((v): JsonObject => ({ v: { $eq: v } })),
  fc.record({ v: wanted, w: wanted }).map(({ v, w }): JsonObject => ({ v, w })),
  fc.record({ v: wanted, w: wanted }).map(({ v, w }): JsonObject => ({ v, w: { $gte: w } })),
);
const query = fc.record({ q: equality, skip: fc.integer({ min: 0, max: 3 }), limit: fc.integer({ min: 1, max: 4 }) });
const cases = fc.record({
  docs: fc.array(doc, { maxLength: 14 }),
  index: fc.constantFrom<JsonObject | undefined>(undefined, { v: 1 }, { v: -1 }, { 'o.x': 1 }, { v: 1, w: 1 }),
  queries: fc.array(query, { minLength: 1, maxLength: 5 }),
});

const listPath = (col: string, resource: string, params: Record<string, unknown>): string => listPathOf(DB, col, resource, params);

describePostgres('on PostgreSQL, equalities on an indexed field answer as the journal store does (differential property)', function () {
  this.timeout(600_000);
  const { both, postgres, journal } = storesSideBySide(KEY, DB);
  let run = 0;

  it(`gives the same pages and counts, arrays, other types and values without a sort key among the documents (seed ${SEED}, ${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(cases, async ({ docs, index, queries }) => {
        const col = `e${run++}`;
        await both('POST', `/databases/${DB}/collections`, { name: col });
        if (index) await both('POST', `/databases/${DB}/collections/${col}/indexes`, { spec: index, background: false });
        for (const [i, document] of docs.entries())
          await both('POST', `/databases/${DB}/collections/${col}/documents`, { document: { _id: i, ...document }, safe: true });
        for (const params of queries) {
          await both('GET', listPath(col, 'documents', params));
          const explained = await postgres().raw('GET', listPath(col, 'explain', params));
          assert.equal(explained.status, 200, explained.text);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('answers equalities of every type alike: equal numbers written apart, null and missing, an array met then gone, keys moved by updates', async () => {
    const col = 'mixed';
    const values = ['7', '7.0', '7.5', '"7"', 'null', 'true', '-0.0', '0', '9007199254740993', '9007199254740992', '9007199254740991'];
    await both('POST', `/databases/${DB}/collections`, { name: col });
    await both('POST', `/databases/${DB}/collections/${col}/indexes`, { spec: { k: 1 }, background: false });
    // Written as text, so that 7.0 and -0.0 reach each store as the client wrote them.
    const texts = [...values.map((value, i) => `{"_id": ${i}, "k": ${value}}`), `{"_id": ${values.length}}`];
    for (const text of texts)
      for (const service of [postgres(), journal()]) {
        const saved = await service.raw('POST', `/databases/${DB}/collections/${col}/documents`, {
          body: `{"document": ${text}, "safe": true}`,
        });
        assert.equal(saved.status, 200, saved.text);
      }
    const asked: Json[] = [7, 7.5, 0, -0, '7', true, false, null, 2 ** 53 - 1, 2 ** 53, BIG];
    const askAll = async () => {
      for (const v of asked)
        for (const q of [{ k: v }, { k: { $eq: v } }])
          for (const [skip, limit] of [
            [0, 20],
            [1, 1],
          ])
            await both('GET', listPath(col, 'documents', { q, skip, limit }));
    };
    const documentPath = (id: number) => `/databases/${DB}/collections/${col}/documents/${id}`;
    // Whether PostgreSQL found the page of {k: 7} by the key's equality on the B-tree rather than by containment.
    const onSortKeys = async () => {
      const explained = await postgres().raw('GET', listPath(col, 'explain', { q: { k: 7 } }));
      return /dbhost_sort_key\(doc, '\{k\}'::text\[\]\) = /.test((explained.json as { plan: { bounds?: string } }).plan.bounds ?? '');
    };
    await askAll();
    assert.equal(await onSortKeys(), true, 'every key has a sort key: the page is read on them');
    await both('POST', `/databases/${DB}/collections/${col}/documents`, { document: { _id: 50, k: [7, 8] }, safe: true });
    await askAll();
    assert.equal(await onSortKeys(), false, 'an array has no sort key: its equality goes by containment');
    const writes = [
      await both('DELETE', `${documentPath(50)}?safe=true`),
      await both('PUT', documentPath(0), { document: { $set: { k: 8 } }, safe: true }),
      await both('PUT', documentPath(2), { document: { $set: { k: 7 } }, safe: true }),
    ];
    assert.deepEqual(
      writes.map((answer) => answer.status),
      [200, 200, 200],
    );
    await askAll();
    const moved = await both('GET', listPath(col, 'documents', { q: { k: 7 } }));
    assert.deepEqual(
      (moved.json as { _id: number }[]).map((found) => found._id),
      [1, 2],
      'the document moved onto the key keeps its place in natural order',
    );
    assert.equal(await onSortKeys(), true, 'the array gone, the page is read on the sort keys again');
  });

  it('answers an equality on an index an array made multikey with one snapshot, straight by containment', async () => {
    const col = 'multikey';
    await both('POST', `/databases/${DB}/collections`, { name: col });
    await both('POST', `/databases/${DB}/collections/${col}/indexes`, { spec: { team: 1 }, background: false });
    // Enough teams that the planner walks the index rather than scanning.
    const docs = [{ team: [7, 8] }, ...Array.from({ length: 60 }, (_, i) => ({ team: i % 20 }))];
    for (const [i, document] of docs.entries())
      await both('POST', `/databases/${DB}/collections/${col}/documents`, { document: { _id: i, ...document }, safe: true });
    await both('GET', listPath(col, 'documents', { q: { team: 7 }, limit: 2 }));
    const snapshots = await snapshotsOpened(() => both('GET', listPath(col, 'documents', { q: { team: 7 }, skip: 1, limit: 2 })));
    assert.equal(snapshots, 1, 'one snapshot for the page, none for a sort-key probe the array would refuse');
  });
});

/** How many read snapshots PostgreSQL clients of this process begin while `run` runs. */
async function snapshotsOpened(run: () => Promise<unknown>): Promise<number> {
  const prototype = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  let begun = 0;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    if (typeof args[0] === 'string' && args[0].startsWith('BEGIN ISOLATION LEVEL REPEATABLE READ')) begun++;
    return query.apply(this, args);
  };
  try {
    await run();
  } finally {
    prototype.query = query;
  }
  return begun;
}

const TEAMS = 100;
const COUNT = 3_000;

describePostgres('on PostgreSQL, a page of an equality on an indexed field', function () {
  this.timeout(120_000);
  let pool: Pool;
  let running: InProcessService;
  const get = (resource: string, params: Record<string, unknown>) => running.raw('GET', listPath('people', resource, params));

  before(async () => {
    const store = freshPostgresStore();
    pool = new Pool({ connectionString: store });
    running = await startServiceInProcess({ apiKeys: [KEY], empty: true, store, storeCacheMb: 0 });
    assert.equal((await running.raw('POST', '/databases', { body: jsonBody({ name: DB, slug: 'sandbox' }) })).status, 200);
    assert.equal((await running.raw('POST', `/databases/${DB}/collections`, { body: jsonBody({ name: 'people' }) })).status, 200);
    await insertRows(
      pool,
      DB,
      'people',
      Array.from({ length: COUNT }, (_, i) => ({ _id: i, team: i % TEAMS })),
    );
    const index = await running.raw('POST', `/databases/${DB}/collections/people/indexes`, {
      body: jsonBody({ spec: { team: 1 }, background: false }),
    });
    assert.equal(index.status, 200, index.text);
  });
  after(async () => {
    await running?.stop();
    await pool?.end();
  });

  it('reads only its own documents, in natural order, with the exact count; a document holding the value in an array counts too', async () => {
    const page = await get('documents', { q: { team: 7 }, skip: 2, limit: 3 });
    assert.equal(page.status, 200, page.text);
    assert.deepEqual(
      (page.json as { _id: number }[]).map((doc) => doc._id),
      [207, 307, 407],
    );
    assert.equal(page.headers.get('x-service-count'), String(COUNT / TEAMS));
    const explained = await get('explain', { q: { team: 7 }, skip: 2, limit: 3 });
    const body = explained.json as { count: number; docsExamined: number; plan: { index: string; decidedInService: boolean } };
    assert.equal(body.plan.index, 'team_1');
    assert.equal(body.plan.decidedInService, false);
    assert.equal(body.count, COUNT / TEAMS);
    assert.equal(body.docsExamined, 5, `the page's documents and those it skips, not every match: ${explained.text}`);

    const inserted = await running.raw('POST', `/databases/${DB}/collections/people/documents`, {
      body: jsonBody({ document: { _id: 'both', team: [7, 8] }, safe: true }),
    });
    assert.equal(inserted.status, 200, inserted.text);
    const last = await get('documents', { q: { team: 7 }, skip: COUNT / TEAMS - 1, limit: 5 });
    assert.deepEqual(
      (last.json as { _id: number | string }[]).map((doc) => doc._id),
      [COUNT - TEAMS + 7, 'both'],
    );
    assert.equal(last.headers.get('x-service-count'), String(COUNT / TEAMS + 1));
  });

  it('of 5,000 matches walks the B-tree of the sort keys and reads the page, not the matches', async () => {
    const col = 'crowd';
    const crowd = (resource: string, params: Record<string, unknown>) => running.raw('GET', listPathOf(DB, col, resource, params));
    assert.equal((await running.raw('POST', `/databases/${DB}/collections`, { body: jsonBody({ name: col }) })).status, 200);
    await insertRows(
      pool,
      DB,
      col,
      Array.from({ length: 20_000 }, (_, i) => ({ _id: i, k: i % 4 })),
    );
    const index = await running.raw('POST', `/databases/${DB}/collections/${col}/indexes`, {
      body: jsonBody({ spec: { k: 1 }, background: false }),
    });
    assert.equal(index.status, 200, index.text);
    const params = { q: { k: 3 }, skip: 40, limit: 20 };
    const page = await crowd('documents', params);
    assert.deepEqual(
      (page.json as { _id: number }[]).map((doc) => doc._id),
      Array.from({ length: 20 }, (_, i) => 4 * (40 + i) + 3),
    );
    assert.equal(page.headers.get('x-service-count'), '5000');
    const explained = (await crowd('explain', params)).json as {
      docsExamined: number;
      plan: { stage: string; index: string; storeSteps: string[] };
    };
    assert.deepEqual([explained.plan.stage, explained.plan.index], ['IXSCAN', 'k_1']);
    assert.deepEqual(explained.plan.storeSteps, ['Limit', 'Index Scan on k_1'], 'walked in natural order within the key, never sorted');
    assert.equal(explained.docsExamined, 60, 'the page and the documents it skips, not the 5,000 matches');
  });
});
