import * as assert from 'node:assert/strict';
import type { Json } from './aggregationHarness';
import { AggregationService } from './aggregationHarness';

/** Deliveries per product; every expected answer below is worked out from these arrays by hand. */
const DELIVERIES = [
  { _id: 1, sku: 'A', qty: 5, region: 'north', month: '2026-01' },
  { _id: 2, sku: 'B', qty: 3, region: 'south', month: '2026-01' },
  { _id: 3, sku: 'A', qty: 2, region: 'north', month: '2026-02' },
  { _id: 4, sku: 'C', qty: 7, region: 'north', month: '2026-01' },
];
const STOCK = [
  { _id: 's-a', sku: 'A', qty: 1, shelf: 'top' },
  { _id: 's-b', sku: 'B', qty: 10, shelf: 'low' },
];
/** The quantity delivered per sku, one result per sku without an _id: A 7, B 3, C 7. */
const TOTALS = [{ $group: { _id: '$sku', qty: { $sum: '$qty' } } }, { $project: { _id: 0, sku: '$_id', qty: 1 } }, { $sort: { sku: 1 } }];

const bySku = (a: Json, b: Json): number => String(a.sku).localeCompare(String(b.sku));

describe('local service: $merge on fields other than _id (a unique index on them)', function () {
  this.timeout(60_000);
  let service: AggregationService;
  let made = 0;

  before(async () => {
    service = await AggregationService.start('shop');
    await service.seed('deliveries', DELIVERIES);
  });
  after(() => service.stop());

  /** A new target collection holding `docs`, with a unique index on `key` unless told otherwise. */
  async function target(docs: Json[] = STOCK, key: Json = { sku: 1 }, unique = true): Promise<string> {
    const name = `target${++made}`;
    await service.seed(name, docs);
    await service.createIndex(name, key, { unique });
    return name;
  }

  async function merge(into: string, options: Json, pipeline: unknown[] = TOTALS) {
    return service.aggregate('deliveries', { pipeline: [...pipeline, { $merge: { into, ...options } }] });
  }

  async function refusedWithNothingWritten(
    into: string,
    options: Json,
    pipeline?: unknown[],
    said = /nothing was written$/,
  ): Promise<{ status: number; error: string }> {
    const before = await service.documents(into);
    const answer = await merge(into, options, pipeline);
    assert.ok(answer.status >= 400 && answer.status < 500, `expected a refusal, got ${answer.status} ${answer.text}`);
    const error = (answer.json as { error: string }).error;
    assert.match(error, /^stage \d+ \(\$merge\): /);
    assert.match(error, said);
    assert.deepEqual(await service.documents(into), before);
    return { status: answer.status, error };
  }

  it('merges each result into the document with its sku, keeping that document’s _id and other fields, and inserts the rest', async () => {
    const into = await target();
    const answer = await merge(into, { on: 'sku' });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.headers.get('X-Service-Written'), '3');
    const docs = (await service.documents(into)).sort(bySku);
    assert.deepEqual(docs.slice(0, 2), [
      { _id: 's-a', sku: 'A', qty: 7, shelf: 'top' },
      { _id: 's-b', sku: 'B', qty: 3, shelf: 'low' },
    ]);
    const { _id, ...inserted } = docs[2];
    assert.deepEqual(inserted, { sku: 'C', qty: 7 });
    assert.ok(_id !== undefined && _id !== null, 'the inserted document was given an _id');
  });

  it('"replace" replaces the matched document but keeps its _id; "keepExisting" with "discard" writes nothing', async () => {
    const replaced = await target();
    assert.equal((await merge(replaced, { on: ['sku'], whenMatched: 'replace', whenNotMatched: 'discard' })).status, 200);
    assert.deepEqual((await service.documents(replaced)).sort(bySku), [
      { _id: 's-a', sku: 'A', qty: 7 },
      { _id: 's-b', sku: 'B', qty: 3 },
    ]);
    const kept = await target();
    const answer = await merge(kept, { on: 'sku', whenMatched: 'keepExisting', whenNotMatched: 'discard' });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.headers.get('X-Service-Written'), '0');
    assert.deepEqual(await service.documents(kept), STOCK);
  });

  it('"whenMatched": "fail" and "whenNotMatched": "fail" name the matching values and write nothing', async () => {
    const into = await target();
    const matched = await refusedWithNothingWritten(into, { on: 'sku', whenMatched: 'fail' });
    assert.equal(matched.status, 409);
    assert.match(matched.error, /a document with \{"sku":\s?"A"\} exists in shop\.target\d+ \("whenMatched": "fail"\)/);
    const missing = await refusedWithNothingWritten(into, { on: 'sku', whenNotMatched: 'fail' });
    assert.equal(missing.status, 400);
    assert.match(missing.error, /no document with \{"sku":\s?"C"\} exists/);
  });

  it('matches on a compound unique index whatever the order of its fields', async () => {
    const into = await target([{ _id: 'm1', region: 'north', month: '2026-01', qty: 0, note: 'kept' }], { month: 1, region: 1 });
    const answer = await merge(into, { on: ['region', 'month'] }, [
      { $group: { _id: { region: '$region', month: '$month' }, qty: { $sum: '$qty' } } },
      { $project: { _id: 0, region: '$_id.region', month: '$_id.month', qty: 1 } },
    ]);
    assert.equal(answer.status, 200, answer.text);
    const docs = await service.documents(into);
    const key = (doc: Json) => `${String(doc.region)} ${String(doc.month)}`;
    assert.deepEqual(docs.map((doc) => [key(doc), doc.qty]).sort(), [
      ['north 2026-01', 12],
      ['north 2026-02', 2],
      ['south 2026-01', 3],
    ]);
    assert.deepEqual(
      docs.find((doc) => key(doc) === 'north 2026-01'),
      { _id: 'm1', region: 'north', month: '2026-01', qty: 12, note: 'kept' },
    );
  });

  it('applies results in order: a later result with the same sku (or _id) matches what an earlier one wrote', async () => {
    const perDelivery = [{ $sort: { _id: 1 } }, { $project: { _id: 0, sku: 1, qty: 1 } }];
    const first = await target([]);
    assert.equal((await merge(first, { on: 'sku', whenMatched: 'keepExisting' }, perDelivery)).status, 200);
    const firstQty = (await service.documents(first)).sort(bySku).map((doc) => [doc.sku, doc.qty]);
    assert.deepEqual(firstQty, [
      ['A', 5],
      ['B', 3],
      ['C', 7],
    ]);
    const last = await target([]);
    assert.equal((await merge(last, { on: 'sku' }, perDelivery)).status, 200);
    assert.deepEqual(
      (await service.documents(last)).sort(bySku).map((doc) => [doc.sku, doc.qty]),
      [
        ['A', 2],
        ['B', 3],
        ['C', 7],
      ],
    );
    const failing = await target([]);
    const refused = await refusedWithNothingWritten(failing, { on: 'sku', whenMatched: 'fail' }, perDelivery);
    assert.match(refused.error, /\{"sku":\s?"A"\} exists/);
    const byIdAnswer = await merge('byId', {}, [{ $sort: { _id: 1 } }, { $project: { _id: '$sku', qty: 1 } }]);
    assert.equal(byIdAnswer.status, 200, byIdAnswer.text);
    assert.deepEqual(
      (await service.documents('byId')).sort((a, b) => String(a._id).localeCompare(String(b._id))),
      [
        { _id: 'A', qty: 2 },
        { _id: 'B', qty: 3 },
        { _id: 'C', qty: 7 },
      ],
    );
  });

  it('refuses "on" fields without a unique index on exactly them, saying why, and writes nothing', async () => {
    const plain = await target(STOCK, { sku: 1 }, false);
    const { status, error } = await refusedWithNothingWritten(plain, { on: 'sku' });
    assert.equal(status, 400);
    assert.match(
      error,
      /"on" matches by "sku", which needs a unique index on exactly that field in shop\.target\d+ so that each result matches at most one document; it has no unique index besides _id/,
    );
    const wider = await target(STOCK, { sku: 1, shelf: 1 });
    assert.match((await refusedWithNothingWritten(wider, { on: 'sku' })).error, /its unique indexes are sku_1_shelf_1 besides _id/);
    const absent = await merge('nowhere', { on: 'sku' });
    assert.equal(absent.status, 400, absent.text);
    assert.match((absent.json as { error: string }).error, /shop\.nowhere does not exist: create the collection with such an index first/);
    const collections = await service.running.raw('GET', '/databases/shop/collections');
    assert.ok(!collections.text.includes('nowhere'), collections.text);
  });

  it('refuses a result without one value for an "on" field, or one that would change the matched document’s _id', async () => {
    const into = await target();
    const cases: [unknown[], RegExp][] = [
      [[{ $project: { _id: 0, qty: 1 } }], /result 1 has no "sku", one of the "on" fields/],
      [[{ $project: { _id: 0, sku: { $literal: null } } }], /result 1 has null for "sku"/],
      [[{ $project: { _id: 0, sku: ['$sku'] } }], /result 1 has an array in "sku"/],
      [
        [{ $group: { _id: '$sku', qty: { $sum: '$qty' } } }, { $set: { sku: '$_id' } }, { $sort: { _id: 1 } }],
        /a result with _id "A" matches the document with _id "s-a" .* on \{"sku":\s?"A"\}, and a document's _id cannot change/,
      ],
    ];
    for (const [pipeline, message] of cases) assert.match((await refusedWithNothingWritten(into, { on: 'sku' }, pipeline)).error, message);
  });

  it('refuses a malformed "on": a reserved name, a "$" path, no field, a field twice', async () => {
    const into = await target();
    const cases: [unknown, RegExp][] = [
      ['__proto__', /"__proto__"/],
      ['shelf.constructor', /"constructor"/],
      ['$sku', /cannot start with "\$"/],
      [[], /"on" must be a field or a list of 1 to 32 fields/],
      [['sku', 'sku'], /"on" names a field more than once/],
      [7, /each field of "on" must be a non-empty string/],
    ];
    for (const [on, message] of cases) assert.match((await refusedWithNothingWritten(into, { on }, TOTALS, /./)).error, message);
  });
});
