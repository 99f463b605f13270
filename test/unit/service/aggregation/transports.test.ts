import * as assert from 'node:assert/strict';
import { AggregationService } from './aggregationHarness';

const KEY = 'aggregation-transport-key';
const PATH = '/databases/shop/collections/items/aggregate';

describe('local service: aggregate over the original service’s transports', function () {
  this.timeout(60_000);
  let service: AggregationService;

  before(async () => {
    service = await AggregationService.start('shop', [KEY]);
    await service.seed('items', [
      { _id: 1, k: 'a' },
      { _id: 2, k: 'b' },
      { _id: 3, k: 'a' },
    ]);
  });
  after(() => service.stop());

  it('takes the key in the MongoHQ-API-Token header', async () => {
    const answer = await service.running.raw('POST', PATH, {
      key: null,
      headers: { 'MongoHQ-API-Token': KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ pipeline: [{ $sortByCount: '$k' }] }),
    });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.json, [
      { _id: 'a', count: 2 },
      { _id: 'b', count: 1 },
    ]);
  });

  it('takes the pipeline as JSON text and the limit as digits in a form body', async () => {
    const form = new URLSearchParams({ pipeline: JSON.stringify([{ $match: { k: 'a' } }, { $project: { _id: 1 } }]), limit: '1' });
    const answer = await service.running.raw('POST', PATH, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.json, [{ _id: 1 }]);
    assert.equal(answer.headers.get('X-Service-Count'), '2');
    assert.equal(answer.headers.get('X-Mongohq-Count'), '2');
  });

  it('joins another collection named in a pipeline sent as JSON text (on PostgreSQL too, where that collection is not loaded yet)', async () => {
    await service.seed('sizes', [{ _id: 'a', size: 'L' }]);
    const pipeline = [{ $match: { _id: 1 } }, { $lookup: { from: 'sizes', localField: 'k', foreignField: '_id', as: 'sizes' } }];
    const answer = await service.running.raw('POST', PATH, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ pipeline: JSON.stringify(pipeline) }).toString(),
    });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.json, [{ _id: 1, k: 'a', sizes: [{ _id: 'a', size: 'L' }] }]);
  });

  it('answers 401 without a valid key and 405 for another method', async () => {
    const unknown = await service.running.raw('POST', PATH, { key: 'not-a-key', body: JSON.stringify({ pipeline: [] }) });
    assert.equal(unknown.status, 401);
    const get = await service.running.raw('GET', PATH);
    assert.equal(get.status, 405);
  });
});
