import * as assert from 'node:assert/strict';
import type { Json } from './aggregationHarness';
import { AggregationService } from './aggregationHarness';

const ORDERS = [
  { _id: 1, region: 'north', items: ['a', 'b'], o: { x: 1 } },
  { _id: 2, region: 'south', items: [], o: { x: 2 } },
];

/** Pipelines as JSON text: an object literal would turn "__proto__" into a prototype instead of a member. */
const REFUSED_TEXTS = [
  '[{"$project": {"__proto__": 1}}]',
  '[{"$addFields": {"constructor.prototype.polluted": 1}}]',
  '[{"$set": {"o.__proto__.polluted": 1}}]',
  '[{"$group": {"_id": "$constructor", "n": {"$sum": 1}}}]',
  '[{"$group": {"_id": null, "prototype": {"$sum": 1}}}]',
  '[{"$match": {"$expr": {"$eq": ["$__proto__.polluted", 1]}}}]',
  '[{"$match": {"o.constructor": {"$exists": true}}}]',
  '[{"$unwind": "$items.constructor"}]',
  '[{"$unwind": {"path": "$items", "includeArrayIndex": "__proto__"}}]',
  '[{"$lookup": {"from": "orders", "localField": "_id", "foreignField": "_id", "as": "__proto__"}}]',
  '[{"$lookup": {"from": "orders", "localField": "constructor", "foreignField": "_id", "as": "x"}}]',
  '[{"$project": {"x": {"$getField": "constructor"}}}]',
  '[{"$project": {"x": {"$getField": {"field": "__proto__", "input": "$$ROOT"}}}}]',
  '[{"$set": {"x": {"$setField": {"field": "__proto__", "input": "$$ROOT", "value": {"polluted": 1}}}}}]',
  '[{"$project": {"x": "$$ROOT.constructor.prototype"}}]',
  '[{"$count": "constructor"}]',
  '[{"$unset": "o.__proto__"}]',
  '[{"$sort": {"constructor": 1}}]',
  '[{"$facet": {"__proto__": [{"$match": {}}]}}]',
  '[{"$bucket": {"groupBy": "$_id", "boundaries": [0, 5], "output": {"constructor": {"$sum": 1}}}}]',
  '[{"$replaceRoot": {"newRoot": "$o.__proto__"}}]',
];

/** Names built while the pipeline runs cannot be checked beforehand: they must be harmless. */
const BUILT_AT_RUN_TIME = [
  '[{"$replaceRoot": {"newRoot": {"$arrayToObject": [[["__proto__", {"polluted": 1}]]]}}}]',
  '[{"$replaceRoot": {"newRoot": {"$arrayToObject": {"$literal": [["constructor", 1], ["prototype", 2]]}}}}]',
  '[{"$project": {"x": {"$arrayToObject": {"$literal": [{"k": "__proto__", "v": {"polluted": 1}}]}}}}]',
  '[{"$replaceWith": {"$mergeObjects": ["$o", {"$arrayToObject": [[["__proto__", {"polluted": 1}]]]}]}}]',
  '[{"$project": {"x": {"$objectToArray": "$$ROOT"}}}, {"$unwind": "$x"}, {"$replaceRoot": {"newRoot": {"$arrayToObject": [[["__proto__", "$x.v"]]]}}}]',
];

describe('local service: prototype paths in pipelines', function () {
  this.timeout(60_000);
  let service: AggregationService;

  before(async () => {
    service = await AggregationService.start('shop');
    await service.seed('orders', ORDERS);
  });
  after(() => service.stop());

  const send = (text: string) =>
    service.running.raw('POST', '/databases/shop/collections/orders/aggregate', { body: `{"pipeline": ${text}}` });

  it('refuses "__proto__", "constructor" and "prototype" in every field name, path and field-naming argument', async () => {
    for (const text of REFUSED_TEXTS) {
      const answer = await send(text);
      assert.equal(answer.status, 400, `${text} → ${answer.status} ${answer.text}`);
      assert.match((answer.json as { error: string }).error, /__proto__|constructor|prototype/, text);
    }
  });

  it('keeps names built at run time harmless: refused or plain data, and no object of the service changed', async () => {
    for (const text of BUILT_AT_RUN_TIME) {
      const answer = await send(text);
      assert.ok(answer.status === 200 || answer.status === 400, `${text} → ${answer.status} ${answer.text}`);
      assert.equal(({} as Json).polluted, undefined, text);
      assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'), false, text);
    }
    assert.deepEqual(await service.documents('orders'), ORDERS);
    assert.deepEqual(
      await service.results('orders', [{ $project: { region: 1 } }]),
      ORDERS.map((o) => ({ _id: o._id, region: o.region })),
    );
  });

  it('refuses a name built at run time as an own field, and writes nothing through $out or $merge', async () => {
    const built = await send('[{"$replaceRoot": {"newRoot": {"$arrayToObject": [[["prototype", 2]]]}}}]');
    assert.equal(built.status, 400, built.text);
    assert.match((built.json as { error: string }).error, /^stage 1 \(\$replaceRoot\): it built a field named "prototype"/);
    for (const write of ['{"$out": "copy"}', '{"$merge": {"into": "copy"}}']) {
      const answer = await send(
        `[{"$limit": 1}, {"$replaceWith": {"$arrayToObject": {"$literal": [["_id", 9], ["prototype", {"a": 1}]]}}}, ${write}]`,
      );
      assert.equal(answer.status, 400, answer.text);
    }
    assert.equal((await service.running.raw('GET', '/databases/shop/collections/copy')).status, 404);
  });
});
