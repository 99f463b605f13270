import assert from 'node:assert/strict';
import type { ChildService } from '../../../support/testService';
import { jsonBody, startServiceInChild } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';
import { PRICE_RULES } from './rulesService';

const KEY = 'rules-two-processes-7c21';
const COLLECTION = '/databases/shared/collections/prices';

describePostgres('collection rules across two service processes over one PostgreSQL database (issue 33)', function () {
  this.timeout(120_000);
  let one: ChildService;
  let two: ChildService;

  before(async () => {
    const store = freshPostgresStore();
    one = await startServiceInChild({ apiKeys: [KEY], empty: true, store });
    two = await startServiceInChild({ apiKeys: [KEY], empty: true, store });
    assert.equal((await one.raw('POST', '/databases', { body: jsonBody({ name: 'shared', slug: 'sandbox' }) })).status, 200);
    assert.equal((await one.raw('POST', '/databases/shared/collections', { body: jsonBody({ name: 'prices' }) })).status, 200);
  });
  after(async () => {
    await one?.stop();
    await two?.stop();
  });

  it('enforces through one process the rules set through the other, at once', async () => {
    const set = await one.raw('PUT', COLLECTION, { body: jsonBody({ validator: PRICE_RULES }) });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(((await two.raw('GET', COLLECTION)).json as { validator: unknown }).validator, PRICE_RULES);
    const refused = await two.raw('POST', `${COLLECTION}/documents`, {
      body: jsonBody({ document: { name: 'A', price: -1 }, safe: true }),
    });
    assert.equal(refused.status, 400, refused.text);
    assert.match((refused.json as { error: string }).error, /^price: must be a number ≥ 0 \(found -1\)/);
    await two.raw('PUT', COLLECTION, { body: jsonBody({ validator: {} }) });
    const accepted = await one.raw('POST', `${COLLECTION}/documents`, { body: jsonBody({ document: { price: -1 }, safe: true }) });
    assert.equal(accepted.status, 200, accepted.text);
  });
});
