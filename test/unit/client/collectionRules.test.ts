import * as assert from 'node:assert/strict';
import { collectionRulesOf } from '../../../src/core/api/collectionRules';
import { ServiceError } from '../../../src/core/api/serviceError';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';

const RULES = { $jsonSchema: { required: ['name'], properties: { price: { bsonType: 'number', minimum: 0 } } } };

describe("client: a collection's rules (issue 33)", function () {
  this.timeout(30_000);
  let running: InProcessService;

  before(async () => {
    running = await startServiceInProcess({ empty: true });
    const client = running.client();
    await client.createDatabase('shop', 'sandbox');
    await client.createCollection('shop', 'prices');
  });
  after(async () => running.stop());

  it('sets the rules with setCollectionRules and reads them back from the statistics', async () => {
    const client = running.client();
    assert.equal(collectionRulesOf(await client.getCollectionStats('shop', 'prices')), undefined);
    await client.setCollectionRules('shop', 'prices', { validator: RULES, validationLevel: 'moderate' });
    assert.deepEqual(collectionRulesOf(await client.getCollectionStats('shop', 'prices')), {
      validator: RULES,
      validationLevel: 'moderate',
      validationAction: 'error',
    });
  });

  it('gives a refused write as a ServiceError whose message leads with the cause and names the rule', async () => {
    const client = running.client();
    await assert.rejects(client.createDocument('shop', 'prices', { price: 1 }, { safe: true }), (error: unknown) => {
      assert.ok(error instanceof ServiceError);
      assert.equal(error.status, 400);
      assert.match(error.serviceMessage ?? '', /^name: is required \(rule: required\)/);
      return true;
    });
  });

  it('reads the violations a warn collection wrote anyway from the answer', async () => {
    const client = running.client();
    await client.setCollectionRules('shop', 'prices', { validationAction: 'warn' });
    const answer = await client.createDocument('shop', 'prices', { _id: 'w', name: 'W', price: -1 }, { safe: true });
    const warnings = (answer as { validationWarnings?: { _id: unknown; path: string; rule: string }[] }).validationWarnings ?? [];
    assert.deepEqual(
      warnings.map((warning) => [warning._id, warning.path, warning.rule]),
      [['w', 'price', 'properties.price.minimum']],
    );
  });

  it('removes the rules with an empty validator', async () => {
    const client = running.client();
    await client.setCollectionRules('shop', 'prices', { validator: {} });
    assert.equal(collectionRulesOf(await client.getCollectionStats('shop', 'prices')), undefined);
  });
});
