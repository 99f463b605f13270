import fc from 'fast-check';

/**
 * Random documents, queries and updates for the differential test of the two stores. Values mix the types the
 * query language orders differently (numbers, strings, booleans, null, arrays, objects, dates, a 64-bit integer
 * beyond 2^53), on a few shared field names, so that filters, sorts and indexes meet every kind of value.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Stands for an integer JSON.stringify cannot write exactly; {@link bodyText} puts the digits in its place. */
const BIG = '__int64_9007199254740993__';
const BIG_TEXT = '9007199254740993';

/** JSON text of `value`, with the exact 64-bit integer where {@link BIG} stands. */
export const bodyText = (value: unknown): string => JSON.stringify(value).split(`"${BIG}"`).join(BIG_TEXT);

const small = fc.integer({ min: -5, max: 5 });
// 'n\u0000ul': a document holding it has no jsonb on PostgreSQL, whose queries must still find it. Characters
// beyond U+FFFF order differently in UTF-16 (the service's order) and UTF-8 ('\uffff' against '😀').
const word = fc.constantFrom('a', 'b', 'ab', 'B', '', 'zeta', '10', 'a.b', 'n\u0000ul', 'é', '\uffff', '😀', 'a😀');
// Dates before 1970 and beyond year 9999 (ISO text with a sign) too.
const date = fc
  .constantFrom('2020-01-01T00:00:00Z', '2021-06-15T12:00:00Z', '1969-12-31T23:59:59.999Z', '+010000-01-01T00:00:00Z')
  .map((iso): JsonObject => ({ $date: iso }));
const objectId = fc
  .constantFrom('5f0000000000000000000001', '5f00000000000000000000aa', '0a0000000000000000000000')
  .map((hex): JsonObject => ({ $oid: hex }));
const scalar: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: small },
  // 2^53 and BIG (2^53 + 1) are the same double, which the service compares: equal in a sort.
  { weight: 1, arbitrary: fc.constantFrom(0.5, -2.25, 0.1, 1e21, -1e-7, 2 ** 53, BIG) },
  { weight: 1, arbitrary: objectId },
  { weight: 3, arbitrary: word },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: date },
);
const value: fc.Arbitrary<Json> = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.record({ x: scalar, y: fc.array(small, { maxLength: 2 }) }, { requiredKeys: [] }) },
  // Arrays of arrays and of objects: the query language looks one array deep at each step of a path, SQL must too.
  { weight: 1, arbitrary: fc.array(fc.array(scalar, { maxLength: 2 }), { maxLength: 2 }) },
  {
    weight: 1,
    arbitrary: fc.array(fc.record({ x: fc.oneof(scalar, fc.array(scalar, { maxLength: 2 })) }, { requiredKeys: [] }), { maxLength: 3 }),
  },
);

export const documents: fc.Arbitrary<JsonObject[]> = fc
  .array(
    fc.record(
      {
        a: value,
        b: scalar,
        arr: fc.array(fc.oneof(scalar, fc.record({ k: small, s: word }, { requiredKeys: [] })), { maxLength: 4 }),
        // An array or a scalar along the path of o.x, o.y and o.z.w too, not only an object.
        o: fc.oneof(
          {
            weight: 4,
            arbitrary: fc.record({ x: scalar, y: word, z: fc.record({ w: small }, { requiredKeys: [] }) }, { requiredKeys: [] }),
          },
          { weight: 1, arbitrary: fc.constantFrom<Json>([{ x: 7 }], 5, [7], [{ x: 'a', z: { w: 1 } }, { y: 's' }]) },
        ),
      },
      { requiredKeys: [] },
    ),
    { minLength: 0, maxLength: 9 },
  )
  .chain((docs) =>
    fc
      .array(fc.constantFrom<Json>('s1', 's2', 7, -1, 2.5), { minLength: docs.length, maxLength: docs.length })
      .map((ids) => docs.map((doc, index): JsonObject => ({ _id: index % 3 === 0 ? `${ids[index]}-${index}` : index, ...doc }))),
  );

const field = fc.constantFrom('a', 'b', 'arr', 'o', 'o.x', 'o.y', 'o.z.w', 'arr.0', 'arr.k', 'a.x', 'a.1', 'missing', '_id');
const operand = fc.oneof(scalar, fc.array(scalar, { maxLength: 2 }));

const comparison: fc.Arbitrary<Json> = fc.oneof(
  operand,
  fc.record({ op: fc.constantFrom('$eq', '$ne', '$gt', '$gte', '$lt', '$lte'), v: operand }).map(({ op, v }) => ({ [op]: v })),
  fc.record({ op: fc.constantFrom('$in', '$nin'), v: fc.array(scalar, { maxLength: 4 }) }).map(({ op, v }) => ({ [op]: v })),
  fc.boolean().map((exists) => ({ $exists: exists })),
  fc
    .constantFrom('number', 'string', 'array', 'object', 'null', 'bool', 'date', 'long', 'int', 'double', 2, 16)
    .map((type) => ({ $type: type })),
  fc
    .constantFrom('^a', 'b$', 'A', '^$', '1', '\\.', 'z.t')
    .chain((pattern) => fc.constantFrom<Json>({ $regex: pattern }, { $regex: pattern, $options: 'i' })),
  fc.record({ d: fc.constantFrom(2, 3, 0), r: fc.constantFrom(0, 1) }).map(({ d, r }) => ({ $mod: [d, r] })),
  fc.array(scalar, { minLength: 0, maxLength: 2 }).map((all) => ({ $all: all })),
  fc.integer({ min: 0, max: 3 }).map((size) => ({ $size: size })),
  fc.record({ k: small }).map(({ k }) => ({ $elemMatch: { k: { $gte: k } } })),
  small.map((n) => ({ $elemMatch: { $gt: n, $lt: n + 4 } })),
  small.map((n) => ({ $not: { $gt: n } })),
  fc.constantFrom('^a', 'B').map((pattern) => ({ $not: { $regex: pattern } })),
);

const condition: fc.Arbitrary<JsonObject> = fc.record({ f: field, c: comparison }).map(({ f, c }) => ({ [f]: c }));

const leafFilter: fc.Arbitrary<JsonObject> = fc
  .array(condition, { minLength: 0, maxLength: 2 })
  .map((parts) => Object.assign({}, ...parts) as JsonObject);

export const filters: fc.Arbitrary<JsonObject> = fc.oneof(
  { weight: 5, arbitrary: leafFilter },
  {
    weight: 2,
    arbitrary: fc
      .record({ op: fc.constantFrom('$and', '$or', '$nor'), parts: fc.array(leafFilter, { minLength: 1, maxLength: 3 }) })
      .map(({ op, parts }) => ({ [op]: parts })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<JsonObject>({ $expr: { $gt: ['$a', '$b'] } }, { $expr: { $eq: [{ $size: { $ifNull: ['$arr', []] } }, 2] } }),
  },
  // Refused alike by both: an unknown operator, a script, a malformed operand.
  {
    weight: 1,
    arbitrary: fc.constantFrom<JsonObject>({ a: { $bogus: 1 } }, { $where: 'this.a > 1' }, { a: { $in: 5 } }, { a: { $regex: '(' } }),
  },
);

export const sorts: fc.Arbitrary<JsonObject | undefined> = fc.option(
  fc
    .uniqueArray(fc.record({ f: field, d: fc.constantFrom(1, -1) }), { minLength: 1, maxLength: 3, selector: ({ f }) => f })
    .map((keys) => Object.fromEntries(keys.map(({ f, d }) => [f, d]))),
  { nil: undefined },
);

export const projections: fc.Arbitrary<Json | undefined> = fc.option(
  fc.constantFrom<Json>(
    { a: 1 },
    { a: 0 },
    { 'o.x': 1, _id: 0 },
    { arr: 0, 'o.z': 0 },
    ['b', 'o.y'],
    { a: 1, b: 0 },
    { arr: { $slice: 1 } },
    { arr: { $elemMatch: { k: 1 } } },
  ),
  { nil: undefined },
);

export interface ListQuery {
  q?: JsonObject;
  sort?: JsonObject;
  fields?: Json;
  skip?: number;
  limit?: number;
}

export const listQueries: fc.Arbitrary<ListQuery> = fc.record(
  {
    q: filters,
    sort: sorts,
    fields: projections,
    skip: fc.integer({ min: 0, max: 4 }),
    limit: fc.integer({ min: 0, max: 6 }),
  },
  { requiredKeys: [] },
);

const updateOperator: fc.Arbitrary<JsonObject> = fc.oneof(
  fc.record({ f: fc.constantFrom('a', 'b', 'o.x', 'new', 'arr.1'), v: value }).map(({ f, v }) => ({ $set: { [f]: v } })),
  fc.constantFrom('a', 'o.x', 'arr', 'missing').map((f) => ({ $unset: { [f]: '' } })),
  fc
    .record({ f: fc.constantFrom('a', 'b', 'o.z.w', 'new'), v: fc.oneof(small, fc.constant(BIG)) })
    .map(({ f, v }) => ({ $inc: { [f]: v } })),
  fc
    .record({ op: fc.constantFrom('$min', '$max', '$mul'), f: fc.constantFrom('a', 'b'), v: small })
    .map(({ op, f, v }) => ({ [op]: { [f]: v } })),
  fc.record({ f: fc.constantFrom('a', 'o'), to: fc.constantFrom('renamed', 'b') }).map(({ f, to }) => ({ $rename: { [f]: to } })),
  fc.record({ f: fc.constantFrom('arr', 'b', 'fresh'), v: scalar }).map(({ f, v }) => ({ $push: { [f]: v } })),
  fc.record({ f: fc.constantFrom('arr', 'fresh'), v: scalar }).map(({ f, v }) => ({ $addToSet: { [f]: v } })),
  fc
    .record({
      f: fc.constantFrom('arr', 'b'),
      v: fc.oneof(
        scalar,
        small.map((n) => ({ $gte: n })),
      ),
    })
    .map(({ f, v }) => ({ $pull: { [f]: v } })),
  fc.constantFrom(1, -1).map((end) => ({ $pop: { arr: end } })),
  fc.record({ a: scalar, b: word }).map((replacement) => replacement as JsonObject),
);

export interface BulkUpdate {
  criteria: JsonObject;
  object: JsonObject;
  multi: boolean;
  upsert: boolean;
}

export const bulkUpdates: fc.Arbitrary<BulkUpdate> = fc.record({
  criteria: fc.oneof(leafFilter, fc.constantFrom<JsonObject>({ _id: 1 }, { _id: 'nobody' })),
  object: updateOperator,
  multi: fc.boolean(),
  upsert: fc.boolean(),
});

export interface IndexRequest {
  spec: JsonObject;
  unique?: boolean;
}

export const indexes: fc.Arbitrary<IndexRequest[]> = fc.uniqueArray(
  fc.constantFrom<IndexRequest>(
    { spec: { a: 1 } },
    { spec: { b: -1, a: 1 } },
    { spec: { 'o.x': 1 } },
    { spec: { arr: 1 } },
    { spec: { b: 1 }, unique: true },
  ),
  { maxLength: 2, selector: (index) => JSON.stringify(index.spec) },
);

export interface DifferentialCase {
  docs: JsonObject[];
  indexes: IndexRequest[];
  /** Whether the indexes are made before the documents are inserted (else after). */
  indexesFirst: boolean;
  queries: ListQuery[];
  updates: BulkUpdate[];
}

export const differentialCases: fc.Arbitrary<DifferentialCase> = fc.record({
  docs: documents,
  indexes,
  indexesFirst: fc.boolean(),
  queries: fc.array(listQueries, { minLength: 1, maxLength: 4 }),
  updates: fc.array(bulkUpdates, { minLength: 0, maxLength: 2 }),
});
