import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Doc, Value } from '../../../../src/service/bson/extendedJson';
import { ObjectId } from '../../../../src/service/bson/objectId';
import { RequestBudget } from '../../../../src/service/query/budget';
import { findPage, matching } from '../../../../src/service/query/engine';
import { findPageSliced, matchingSliced } from '../../../../src/service/query/slicedScan';
import { CollectionData } from '../../../../src/service/query/collectionData';
import type { IndexSpec } from '../../../../src/service/query/indexes/indexSpec';

/** Few distinct values of every kind, so that filters hit, ties happen and type brackets meet. */
const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0.5, -1.5, 2.5),
  fc.constantFrom(9007199254740993n, 9007199254740995n, -9007199254740993n),
  fc.constantFrom('', 'a', 'b', 'B', 'ab'),
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(new Date(0), new Date(86_400_000)),
  fc.constantFrom(new ObjectId('65a000000000000000000010'), new ObjectId('65a000000000000000000011')),
);
const value: fc.Arbitrary<Value> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.record({ x: scalar }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.array(fc.record({ x: scalar }, { requiredKeys: [] }), { maxLength: 2 }) },
  // Arrays nested in arrays, beside documents: `a.x` walks the documents and never the nested arrays.
  {
    weight: 1,
    arbitrary: fc.array(fc.oneof(scalar, fc.array(scalar, { maxLength: 2 }), fc.record({ x: scalar }, { requiredKeys: [] })), {
      maxLength: 3,
    }),
  },
);
const FIELDS = ['a', 'b', 'c', 'a.x'];
const TOP_FIELDS = ['a', 'b', 'c'];

const document = fc.record({ a: value, b: value, c: value }, { requiredKeys: [] });

const indexSpec: fc.Arbitrary<IndexSpec> = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...FIELDS), fc.constantFrom(1, -1)), { minLength: 1, maxLength: 3, selector: ([field]) => field })
  .map((fields) => {
    const key = Object.fromEntries(fields);
    return { name: fields.map(([field, direction]) => `${field}_${direction}`).join('_'), key };
  });

const condition: fc.Arbitrary<Value> = fc.oneof(
  scalar,
  scalar.map((v) => ({ $eq: v })),
  fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), scalar).map(([op, v]) => ({ [op]: v })),
  fc
    .tuple(fc.constantFrom('$gt', '$gte'), scalar, fc.constantFrom('$lt', '$lte'), scalar)
    .map(([low, lowValue, high, highValue]) => ({ [low]: lowValue, [high]: highValue })),
  fc.array(scalar, { maxLength: 3 }).map((values) => ({ $in: values })),
  scalar.map((v) => ({ $ne: v })),
  fc.array(scalar, { maxLength: 2 }).map((values) => ({ $nin: values })),
  fc.boolean().map((exists) => ({ $exists: exists })),
  fc.tuple(fc.constantFrom('$gt', '$lte'), scalar, scalar).map(([op, v, other]) => ({ [op]: v, $ne: other })),
  scalar.map((v) => ({ $elemMatch: { $eq: v } })),
  fc.array(scalar, { maxLength: 2 }),
);

const filter: fc.Arbitrary<Doc> = fc.oneof(
  { weight: 5, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS, '_id'), condition, { maxKeys: 3 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...TOP_FIELDS), scalar, scalar).map(([field, x, y]) => ({ $or: [{ [field]: x }, { [field]: y }] })),
  },
  // Branches on different fields (a union of index walks where each has an index), with or without a condition beside the $or.
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.array(fc.dictionary(fc.constantFrom(...FIELDS), condition, { minKeys: 1, maxKeys: 2 }), { minLength: 1, maxLength: 3 }),
        fc.option(fc.dictionary(fc.constantFrom(...TOP_FIELDS), condition, { minKeys: 1, maxKeys: 1 }), { nil: undefined }),
      )
      .map(([branches, beside]) => ({ ...beside, $or: branches })),
  },
);

const sort: fc.Arbitrary<Doc | undefined> = fc.option(
  fc
    .uniqueArray(fc.tuple(fc.constantFrom(...FIELDS, '_id'), fc.constantFrom(1, -1)), {
      minLength: 1,
      maxLength: 2,
      selector: ([field]) => field,
    })
    .map((fields) => Object.fromEntries(fields)),
  { nil: undefined },
);

/** A history of writes: inserts with indexes created on the way, then replacements and deletes. */
const history = fc.record({
  before: fc.array(document, { maxLength: 25 }),
  indexes: fc.array(indexSpec, { maxLength: 3 }),
  after: fc.array(document, { maxLength: 25 }),
  replaced: fc.array(fc.tuple(fc.nat(), document), { maxLength: 5 }),
  deleted: fc.array(fc.nat(), { maxLength: 5 }),
});

type History = typeof history extends fc.Arbitrary<infer T> ? T : never;

function collectionFrom(writes: History): CollectionData {
  const collection = new CollectionData();
  let id = 0;
  for (const doc of writes.before) collection.put({ _id: id++, ...doc });
  for (const index of writes.indexes) collection.addIndex(index);
  for (const doc of writes.after) collection.put({ _id: id++, ...doc });
  for (const [pick, doc] of writes.replaced) if (id > 0) collection.put({ _id: pick % id, ...doc });
  for (const pick of writes.deleted) if (id > 0) collection.delete(pick % id);
  return collection;
}

describe('service: the query planner answers as a full scan does', () => {
  it('gives the same documents in the same order, and the same count, whatever indexes exist', async () => {
    const stages = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.record({ writes: history }),
        filter,
        sort,
        fc.nat({ max: 6 }),
        fc.integer({ min: 1, max: 8 }),
        async ({ writes }, q, order, skip, limit) => {
          const collection = collectionFrom(writes);
          const request = { q, sort: order, skip, limit };
          let expected: ReturnType<typeof findPage>;
          try {
            expected = findPage(collection, request);
          } catch {
            return; // a filter the engine refuses (both paths refuse it alike, see the bad input tests)
          }
          const planned = await findPageSliced(collection, request, new RequestBudget());
          stages.add(planned.pageReadInNaturalOrder ? 'IXSCAN, page read in natural order' : planned.plan.stage);
          const ids = (docs: Doc[]) => docs.map((doc) => doc._id);
          assert.deepEqual(
            ids(planned.documents),
            ids(expected.documents),
            `documents, by ${planned.plan.stage} ${planned.plan.index?.name ?? ''}`,
          );
          assert.equal(planned.total, expected.total, `count, by ${planned.plan.stage} ${planned.plan.index?.name ?? ''}`);
          // A bulk update's search for its criteria takes the same plans (without a sort): every match, in natural order.
          assert.deepEqual(ids(await matchingSliced(collection, q, new RequestBudget())), ids(matching(collection, q)));
        },
      ),
      { numRuns: Number(process.env.DBHOST_PLANNER_RUNS ?? 1_000) },
    );
    // Every kind of plan was compared with the scan.
    for (const stage of ['COLLSCAN', 'IXSCAN', 'OR']) assert.ok(stages.has(stage), `no ${stage} plan ran`);
  });

  it('gives the same page and count when it reads the page in natural order, deletes and replacements included', async () => {
    let readInNaturalOrder = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 600 }),
        fc.constantFrom<IndexSpec>({ name: 'a_1', key: { a: 1 } }, { name: 'a_-1_b_1', key: { a: -1, b: 1 } }),
        fc.array(fc.tuple(fc.nat(), scalar), { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.oneof(
          fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), fc.integer({ min: -1, max: 9 })).map(([op, v]) => ({ a: { [op]: v } })),
          fc.tuple(fc.integer({ min: -1, max: 9 }), fc.integer({ min: 0, max: 3 })).map(([v, b]) => ({ a: { $gte: v }, b })),
        ),
        fc.nat({ max: 30 }),
        fc.integer({ min: 1, max: 25 }),
        async (size, index, replaced, deleted, q, skip, limit) => {
          const collection = new CollectionData();
          collection.addIndex(index);
          // Values of `a` from 0 to 9 spread over the natural order, and a few of other types replaced in.
          for (let id = 0; id < size; id++) collection.put({ _id: id, a: (id * 7) % 10, b: id % 4 });
          for (const [pick, value] of replaced) collection.put({ _id: pick % size, a: value, b: pick % 4 });
          for (const pick of deleted) collection.delete(pick % size);
          const request = { q, skip, limit };
          const expected = findPage(collection, request);
          const planned = await findPageSliced(collection, request, new RequestBudget());
          if (planned.pageReadInNaturalOrder) readInNaturalOrder++;
          assert.deepEqual(
            planned.documents.map((doc) => doc._id),
            expected.documents.map((doc) => doc._id),
          );
          assert.equal(planned.total, expected.total);
        },
      ),
      { numRuns: Number(process.env.DBHOST_PLANNER_RUNS ?? 1_000) / 5 },
    );
    assert.ok(readInNaturalOrder > 0, 'some pages were read in natural order');
  });

  it('finds a document whose indexed field holds only empty arrays ([[]]), as a scan does', async () => {
    const collection = new CollectionData();
    collection.addIndex({ name: 'a_1_c_1', key: { a: 1, c: 1 } });
    collection.put({ _id: 0, c: [[]] });
    for (let id = 1; id <= 300; id++) collection.put({ _id: id, a: id, c: id });
    const request = { q: { $or: [{ a: 9007199254740993n }, { a: null }] }, skip: 0, limit: 1 };
    const planned = await findPageSliced(collection, request, new RequestBudget());
    assert.equal(planned.plan.stage, 'OR');
    assert.deepEqual(
      planned.documents.map((doc) => doc._id),
      findPage(collection, request).documents.map((doc) => doc._id),
    );
    assert.equal(planned.documents.length, 1);
  });
});
