import * as assert from 'node:assert/strict';
import type { Json } from './aggregationHarness';
import { AggregationService } from './aggregationHarness';

/** Orders and customers; every expected answer below is worked out from these arrays in plain JavaScript. */
const ORDERS = [
  { _id: 1, region: 'north', amount: 10, items: ['apple', 'pear'], customer: 'c1', shipping: { city: 'Oslo' } },
  { _id: 2, region: 'south', amount: 25, items: ['apple'], customer: 'c2', shipping: { city: 'Rome' } },
  { _id: 3, region: 'north', amount: 5, items: [], customer: 'c1', shipping: { city: 'Bergen' } },
  { _id: 4, region: 'east', amount: 40, items: ['plum', 'pear', 'apple'], customer: 'c3', shipping: { city: 'Riga' } },
  { _id: 5, region: 'south', amount: 15, items: ['pear'], customer: 'c9', shipping: { city: 'Rome' } },
  { _id: 6, region: 'north', amount: 30, items: ['plum'], customer: 'c2', shipping: { city: 'Oslo' } },
];
const CUSTOMERS = [
  { _id: 'c1', name: 'Ada' },
  { _id: 'c2', name: 'Bo' },
  { _id: 'c3', name: 'Cy' },
];
type Order = (typeof ORDERS)[number];

const ids = (docs: Json[]): unknown[] => docs.map((doc) => doc._id);
const byId = (a: Json, b: Json): number => String(a._id).localeCompare(String(b._id));

describe('local service: aggregation stages (POST …/aggregate)', function () {
  this.timeout(60_000);
  let service: AggregationService;

  before(async () => {
    service = await AggregationService.start('shop', undefined, { slowQueryMs: 0 });
    await service.seed('orders', ORDERS);
    await service.seed('customers', CUSTOMERS);
    await service.createIndex('orders', { region: 1 });
  });
  after(() => service.stop());

  it('$match then $group: revenue per region, as summed by hand', async () => {
    const expected = new Map<string, number>();
    for (const order of ORDERS.filter((o) => o.amount >= 10)) expected.set(order.region, (expected.get(order.region) ?? 0) + order.amount);
    const results = await service.results('orders', [
      { $match: { amount: { $gte: 10 } } },
      { $group: { _id: '$region', revenue: { $sum: '$amount' }, orders: { $sum: 1 } } },
    ]);
    assert.deepEqual(
      results.sort(byId),
      [...expected]
        .map(([region, revenue]) => ({
          _id: region,
          revenue,
          orders: ORDERS.filter((o) => o.amount >= 10 && o.region === region).length,
        }))
        .sort(byId),
    );
  });

  it('$group by null with $avg, $min, $max, $push and $addToSet', async () => {
    const amounts = ORDERS.map((o) => o.amount);
    const [all] = await service.results('orders', [
      {
        $group: {
          _id: null,
          avg: { $avg: '$amount' },
          low: { $min: '$amount' },
          high: { $max: '$amount' },
          ids: { $push: '$_id' },
          regions: { $addToSet: '$region' },
        },
      },
    ]);
    assert.equal(all.avg, amounts.reduce((a, b) => a + b, 0) / amounts.length);
    assert.equal(all.low, Math.min(...amounts));
    assert.equal(all.high, Math.max(...amounts));
    assert.deepEqual(
      all.ids,
      ORDERS.map((o) => o._id),
    );
    assert.deepEqual([...(all.regions as string[])].sort(), [...new Set(ORDERS.map((o) => o.region))].sort());
  });

  it('$sort on two keys, then $skip and $limit', async () => {
    const sorted = [...ORDERS].sort((a, b) => a.region.localeCompare(b.region) || b.amount - a.amount);
    assert.deepEqual(ids(await service.results('orders', [{ $sort: { region: 1, amount: -1 } }])), ids(sorted));
    assert.deepEqual(
      ids(await service.results('orders', [{ $sort: { region: 1, amount: -1 } }, { $skip: 2 }, { $limit: 3 }])),
      ids(sorted.slice(2, 5)),
    );
  });

  it('$project with inclusion and a computed field; $unset; $addFields and $set', async () => {
    const projected = await service.results('orders', [{ $project: { region: 1, double: { $multiply: ['$amount', 2] } } }]);
    assert.deepEqual(
      projected,
      ORDERS.map((o) => ({ _id: o._id, region: o.region, double: o.amount * 2 })),
    );
    const unset = await service.results('orders', [{ $unset: ['items', 'shipping', 'customer'] }]);
    assert.deepEqual(
      unset,
      ORDERS.map((o) => ({ _id: o._id, region: o.region, amount: o.amount })),
    );
    const added = await service.results('orders', [
      { $addFields: { big: { $gt: ['$amount', 20] } } },
      { $set: { 'shipping.zone': '$region' } },
    ]);
    assert.deepEqual(
      added,
      ORDERS.map((o) => ({ ...o, big: o.amount > 20, shipping: { ...o.shipping, zone: o.region } })),
    );
  });

  it('changes no stored document: $set and $unwind on nested paths work on copies', async () => {
    await service.results('orders', [
      { $set: { 'shipping.city': 'changed' } },
      { $unwind: { path: '$items', includeArrayIndex: 'at', preserveNullAndEmptyArrays: true } },
    ]);
    await service.results('orders', [{ $match: { region: 'north' } }, { $unset: 'shipping.city' }, { $addFields: { 'shipping.more': 1 } }]);
    assert.deepEqual(await service.documents('orders'), ORDERS);
  });

  it('$unwind: one document per element, with the index, keeping or dropping empty arrays', async () => {
    const pairs = ORDERS.flatMap((o) => o.items.map((item, at) => ({ _id: o._id, item, at })));
    const unwound = await service.results('orders', [
      { $unwind: { path: '$items', includeArrayIndex: 'at' } },
      { $project: { item: '$items', at: 1 } },
    ]);
    assert.deepEqual(
      unwound.map((d) => ({ _id: d._id, item: d.item, at: d.at })),
      pairs,
    );
    const kept = await service.results('orders', [{ $unwind: { path: '$items', preserveNullAndEmptyArrays: true } }]);
    assert.equal(kept.length, pairs.length + ORDERS.filter((o) => o.items.length === 0).length);
  });

  it('$count, and no document when nothing is counted', async () => {
    assert.deepEqual(await service.results('orders', [{ $match: { amount: { $gte: 15 } } }, { $count: 'n' }]), [
      { n: ORDERS.filter((o) => o.amount >= 15).length },
    ]);
    assert.deepEqual(await service.results('orders', [{ $match: { amount: { $gt: 1000 } } }, { $count: 'n' }]), []);
  });

  it('$sortByCount and $facet', async () => {
    const counts = new Map<string, number>();
    for (const o of ORDERS) counts.set(o.region, (counts.get(o.region) ?? 0) + 1);
    const expected = [...counts].map(([region, count]) => ({ _id: region, count })).sort((a, b) => b.count - a.count);
    assert.deepEqual(await service.results('orders', [{ $sortByCount: '$region' }]), expected);
    const [faceted] = await service.results('orders', [
      { $facet: { regions: [{ $sortByCount: '$region' }], top: [{ $sort: { amount: -1 } }, { $limit: 2 }, { $project: { amount: 1 } }] } },
    ]);
    const top = [...ORDERS]
      .sort((a, b) => b.amount - a.amount)
      .slice(0, 2)
      .map((o) => ({ _id: o._id, amount: o.amount }));
    assert.deepEqual(faceted, { regions: expected, top });
  });

  it('$bucket by amount with a default bucket', async () => {
    const bucketOf = (o: Order): string | number => (o.amount < 20 ? 0 : o.amount < 35 ? 20 : 'other');
    const expected = new Map<string | number, number>();
    for (const o of ORDERS) expected.set(bucketOf(o), (expected.get(bucketOf(o)) ?? 0) + 1);
    const buckets = await service.results('orders', [
      { $bucket: { groupBy: '$amount', boundaries: [0, 20, 35], default: 'other', output: { n: { $sum: 1 } } } },
    ]);
    assert.deepEqual(
      buckets,
      [...expected]
        .map(([_id, n]) => ({ _id, n }))
        .sort((a, b) => (typeof a._id === 'number' && typeof b._id === 'number' ? a._id - b._id : typeof a._id === 'number' ? -1 : 1)),
    );
  });

  it('$replaceRoot and $replaceWith', async () => {
    assert.deepEqual(
      await service.results('orders', [{ $replaceRoot: { newRoot: '$shipping' } }]),
      ORDERS.map((o) => o.shipping),
    );
    assert.deepEqual(
      await service.results('orders', [{ $replaceWith: { id: '$_id', city: '$shipping.city' } }]),
      ORDERS.map((o) => ({ id: o._id, city: o.shipping.city })),
    );
  });

  it('$lookup of a collection of the same database, by fields and by a pipeline', async () => {
    const joined = await service.results('orders', [
      { $lookup: { from: 'customers', localField: 'customer', foreignField: '_id', as: 'who' } },
      { $project: { who: 1 } },
    ]);
    assert.deepEqual(
      joined,
      ORDERS.map((o) => ({ _id: o._id, who: CUSTOMERS.filter((c) => c._id === o.customer) })),
    );
    const named = await service.results('orders', [
      {
        $lookup: {
          from: 'customers',
          let: { c: '$customer' },
          pipeline: [{ $match: { $expr: { $eq: ['$_id', '$$c'] } } }, { $project: { _id: 0, name: 1 } }],
          as: 'who',
        },
      },
      { $project: { who: 1 } },
    ]);
    assert.deepEqual(
      named,
      ORDERS.map((o) => ({ _id: o._id, who: CUSTOMERS.filter((c) => c._id === o.customer).map((c) => ({ name: c.name })) })),
    );
    assert.deepEqual(await service.documents('customers'), CUSTOMERS);
  });

  it('$sample: distinct documents of the collection, as many as asked or all there are', async () => {
    const some = await service.results('orders', [{ $sample: { size: 3 } }]);
    assert.equal(new Set(ids(some)).size, 3);
    for (const doc of some)
      assert.deepEqual(
        doc,
        ORDERS.find((o) => o._id === doc._id),
      );
    assert.deepEqual(ids(await service.results('orders', [{ $sample: { size: 100 } }])).sort(), ids(ORDERS).sort());
  });

  it('answers the first "limit" results, with the count of all of them in X-Service-Count', async () => {
    const answer = await service.aggregate('orders', { pipeline: [{ $unwind: '$items' }], limit: 2 });
    assert.equal(answer.status, 200, answer.text);
    assert.equal((answer.json as Json[]).length, 2);
    assert.equal(answer.headers.get('X-Service-Count'), String(ORDERS.reduce((n, o) => n + o.items.length, 0)));
    const defaulted = await service.aggregate('orders', { pipeline: [] });
    assert.deepEqual(defaulted.json, ORDERS);
  });

  it('reads dates and object ids in extended JSON and answers in extended JSON', async () => {
    const answer = await service.aggregate('orders', {
      pipeline: [
        { $limit: 1 },
        {
          $project: {
            when: { $literal: { $date: '2024-05-01T00:00:00.000Z' } },
            oid: { $literal: { $oid: '0123456789abcdef01234567' } },
            later: { $gt: [{ $literal: { $date: '2024-05-02T00:00:00.000Z' } }, { $literal: { $date: '2024-05-01T00:00:00.000Z' } }] },
          },
        },
      ],
    });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.json, [
      { _id: ORDERS[0]._id, when: { $date: '2024-05-01T00:00:00.000Z' }, oid: { $oid: '0123456789abcdef01234567' }, later: true },
    ]);
  });

  it('plans a leading $match and $sort like a find: explain names the index and the stages left', async () => {
    const answer = await service.aggregate('orders', {
      pipeline: [{ $match: { region: 'north' } }, { $sort: { region: 1 } }, { $group: { _id: null, n: { $sum: 1 } } }],
      explain: true,
    });
    assert.equal(answer.status, 200, answer.text);
    const body = answer.json as { plan: Json; stages: Json; count: number };
    assert.equal(body.plan.stage, 'IXSCAN');
    assert.equal(body.plan.index, 'region_1');
    assert.equal(body.count, ORDERS.filter((o) => o.region === 'north').length);
    assert.deepEqual(body.stages, { planned: ['$match', '$sort'], after: ['$group'] });
  });

  it('$out replaces a collection of the same database with the results; $merge merges into one; both are writes', async () => {
    const out = await service.aggregate('orders', {
      pipeline: [{ $group: { _id: '$region', total: { $sum: '$amount' } } }, { $out: 'totals' }],
    });
    assert.equal(out.status, 200, out.text);
    assert.deepEqual(out.json, []);
    const totals = (region: string) => ORDERS.filter((o) => o.region === region).reduce((n, o) => n + o.amount, 0);
    assert.deepEqual(
      (await service.documents('totals')).sort(byId),
      ['east', 'north', 'south'].map((r) => ({ _id: r, total: totals(r) })),
    );
    await service.results('orders', [
      { $match: { region: 'east' } },
      { $project: { _id: '$region', total: { $literal: 0 } } },
      { $out: 'totals' },
    ]);
    assert.deepEqual(await service.documents('totals'), [{ _id: 'east', total: 0 }]);
    await service.results('orders', [
      { $match: { region: { $ne: 'east' } } },
      { $group: { _id: '$region', n: { $sum: 1 } } },
      { $merge: { into: 'totals' } },
    ]);
    assert.deepEqual((await service.documents('totals')).sort(byId), [
      { _id: 'east', total: 0 },
      { _id: 'north', n: 3 },
      { _id: 'south', n: 2 },
    ]);
    await service.results('orders', [
      { $group: { _id: '$region', n: { $sum: 1 } } },
      { $merge: { into: { db: 'shop', coll: 'totals' }, whenMatched: 'keepExisting' } },
    ]);
    assert.deepEqual(
      (await service.documents('totals')).find((d) => d._id === 'east'),
      { _id: 'east', total: 0 },
    );
    const slow = (await service.running.raw('GET', '/slow_queries/shop')).json as Json[];
    const ops = slow.filter((entry) => (entry.query as Json | undefined)?.aggregate === 'orders').map((entry) => entry.op);
    assert.ok(ops.includes('insert') && ops.includes('update') && ops.includes('command'), JSON.stringify(ops));
  });
});
