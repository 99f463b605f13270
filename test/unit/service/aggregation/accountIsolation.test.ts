import * as assert from 'node:assert/strict';
import type { Json } from './aggregationHarness';
import { AggregationService } from './aggregationHarness';

const OWN_KEY = 'aggregation-own-account';
const OTHER_KEY = 'aggregation-other-account';
const SECRETS = [
  { _id: 'c1', card: '4111-1111' },
  { _id: 'c2', card: '5500-0000' },
];

describe('local service: aggregation stays inside the account', function () {
  this.timeout(60_000);
  let service: AggregationService;

  before(async () => {
    service = await AggregationService.start('shop', [OWN_KEY, OTHER_KEY]);
    await service.seed('orders', [
      { _id: 1, customer: 'c1' },
      { _id: 2, customer: 'c2' },
    ]);
    // The other account has a database of the same name, with a collection the first account does not have.
    await service.createDatabase('shop', OTHER_KEY);
    await service.seed('secrets', SECRETS, OTHER_KEY);
  });
  after(() => service.stop());

  it('a $lookup cannot reach a collection of another account, even under the same database and collection names', async () => {
    const joined = await service.results('orders', [
      { $lookup: { from: 'secrets', localField: 'customer', foreignField: '_id', as: 'secret' } },
    ]);
    assert.deepEqual(
      joined.map((doc) => doc.secret),
      [[], []],
    );
    const piped = await service.results('orders', [{ $lookup: { from: 'secrets', pipeline: [{ $match: {} }], as: 'secret' } }]);
    assert.deepEqual(
      piped.map((doc) => doc.secret),
      [[], []],
    );
    const faceted = await service.results('orders', [
      { $facet: { s: [{ $lookup: { from: 'secrets', localField: 'customer', foreignField: '_id', as: 'x' } }] } },
    ]);
    assert.ok(!JSON.stringify(faceted).includes('4111'));
  });

  it('an aggregate of another account’s collection is not found, and $out into its name writes only the caller’s own', async () => {
    const answer = await service.aggregate('secrets', { pipeline: [] });
    assert.equal(answer.status, 404);
    const out = await service.aggregate('orders', { pipeline: [{ $project: { _id: 1 } }, { $out: 'secrets' }] });
    assert.equal(out.status, 200, out.text);
    assert.deepEqual(await service.documents('secrets'), [{ _id: 1 }, { _id: 2 }]);
    const theirs = await service.running.raw('GET', '/databases/shop/collections/secrets/documents', { key: OTHER_KEY });
    assert.deepEqual(theirs.json as Json[], SECRETS);
  });
});
