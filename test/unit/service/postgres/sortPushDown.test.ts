import assert from 'node:assert/strict';
import fc from 'fast-check';
import { seedFromEnvironment } from '../../../support/seededRandom';
import { describePostgres } from '../../../support/testStore';
import type { Json, JsonObject } from './differentialCases';
import { BIG, bodyOf, listPath as listPathOf, storesSideBySide } from './storesSideBySide';

const KEY = 'sort-pushdown-key-41d9';
const DB = 'sorted';
const SEED = seedFromEnvironment('DBHOST_DIFFERENTIAL_SEED', 31);
const RUNS = Number(process.env.DBHOST_DIFFERENTIAL_RUNS ?? 40);

/** Values of every type SQL orders as the query language does, ties across representations included (2^53 and 2^53 + 1). */
const orderable: fc.Arbitrary<Json> = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0.1, -2.5, 1e21, -1e-7, 2 ** 53, BIG, 123456789.125),
  fc.constantFrom('a', 'B', '', 'ab', 'é', '\uffff', 'z'),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('1969-12-31T23:59:59.999Z', '2020-01-01T00:00:00Z').map((iso): JsonObject => ({ $date: iso })),
  fc.constantFrom('5f0000000000000000000001', '0a0000000000000000000000').map((hex): JsonObject => ({ $oid: hex })),
);
/** What SQL cannot order: the service answers a collection holding one. */
const unorderable: fc.Arbitrary<Json> = fc.constantFrom<Json>([2, 'a'], [], { k: 1 }, '😀', { $date: '+010000-01-01T00:00:00Z' });

const doc = (value: fc.Arbitrary<Json>): fc.Arbitrary<JsonObject> =>
  fc.record({ v: value, w: orderable, o: fc.record({ x: value }, { requiredKeys: [] }) }, { requiredKeys: [] });

const field = fc.constantFrom('v', 'w', 'o.x', '_id', 'missing');
const range = fc
  // A range on null is left to the service (missing and null are one key in SQL, not to a range).
  .record({ op: fc.constantFrom('$gt', '$gte', '$lt', '$lte'), v: orderable.filter((value) => value !== null) })
  .map(({ op, v }) => ({ [op]: v }) as JsonObject);
const filter: fc.Arbitrary<JsonObject> = fc.oneof(
  fc.constant({}),
  fc.record({ f: field, r: range }).map(({ f, r }) => ({ [f]: r })),
  fc.record({ r1: range, r2: range }).map(({ r1, r2 }) => ({ v: { ...r1, ...r2 } })),
  fc.record({ r: range, w: fc.constantFrom<Json>('a', 1, true) }).map(({ r, w }) => ({ v: r, w })),
  fc.record({ r: range, w: range }).map(({ r, w }): JsonObject => ({ $or: [{ v: r }, { w }] })),
);
const sort = fc
  .uniqueArray(fc.record({ f: field, d: fc.constantFrom(1, -1) }), { minLength: 1, maxLength: 2, selector: ({ f }) => f })
  .map((keys) => Object.fromEntries(keys.map(({ f, d }) => [f, d])));
const query = fc.record({ q: filter, sort, skip: fc.integer({ min: 0, max: 3 }), limit: fc.integer({ min: 1, max: 5 }) });

const cases = fc.record({
  docs: fc.array(doc(orderable), { maxLength: 12 }),
  odd: fc.option(doc(unorderable), { nil: undefined }),
  index: fc.constantFrom<JsonObject | undefined>(undefined, { v: 1 }, { v: -1, w: 1 }, { 'o.x': 1 }),
  queries: fc.array(query, { minLength: 1, maxLength: 5 }),
});

const listPath = (col: string, resource: string, params: Record<string, unknown>): string => listPathOf(DB, col, resource, params);

describePostgres('on PostgreSQL, sorts and ranges decided by SQL answer as the journal store does (differential property)', function () {
  this.timeout(600_000);
  const { both, postgres } = storesSideBySide(KEY, DB);
  let run = 0;

  it(`gives the same pages and counts; SQL decides every one when no document holds a value it cannot order (seed ${SEED}, ${RUNS} runs)`, async () => {
    let decidedBySql = 0;
    await fc.assert(
      fc.asyncProperty(cases, async ({ docs, odd, index, queries }) => {
        const col = `s${run++}`;
        await both('POST', `/databases/${DB}/collections`, { name: col });
        if (index) await both('POST', `/databases/${DB}/collections/${col}/indexes`, { spec: index, background: false });
        const all = odd ? [...docs, odd] : docs;
        for (const [i, document] of all.entries())
          await both('POST', `/databases/${DB}/collections/${col}/documents`, {
            document: { _id: i % 4 === 0 ? `id${i}` : i, ...document },
            safe: true,
          });
        for (const params of queries) {
          await both('GET', listPath(col, 'documents', params));
          const explained = await postgres().raw('GET', listPath(col, 'explain', params));
          assert.equal(explained.status, 200, explained.text);
          const plan = (explained.json as { plan: { decidedInService?: boolean; index?: string } }).plan;
          // A sort led by _id too: each collection has a B-tree of _id's sort keys in PostgreSQL.
          if (!odd) {
            assert.equal(plan.decidedInService, false, `${explained.text} for ${bodyOf(params)}`);
            decidedBySql++;
          }
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    assert.ok(decidedBySql > 0, 'no query was decided by SQL');
  });
});
