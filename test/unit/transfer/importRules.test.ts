import * as assert from 'node:assert/strict';
import { importDocuments } from '../../../src/core/transfer/importRun';
import { newIdSeed } from '../../../src/core/transfer/importIds';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';
import { PRICE_RULES, RulesCalls } from '../service/rules/rulesService';
import { recordsOf } from './transferHarness';

describe('import into a collection with validation rules (issue 33)', function () {
  this.timeout(30_000);
  let running: InProcessService;

  before(async () => {
    running = await startServiceInProcess({ empty: true });
    const calls = new RulesCalls(running, 'shop');
    await calls.createDatabase();
    await calls.createCollection('prices', { validator: PRICE_RULES });
  });
  after(async () => running.stop());

  it('stores the records that keep the rules and lists each refused one with the cause first', async () => {
    const text = ['{"_id": 1, "name": "A", "price": 1}', '{"_id": 2, "name": "B", "price": -2}', '{"_id": 3, "price": 3}'].join('\n');
    const client = running.client();
    const outcome = await importDocuments({
      api: client,
      db: 'shop',
      col: 'prices',
      records: recordsOf(text),
      idSeed: newIdSeed(),
      retryDelayMs: 1,
    });
    assert.equal(outcome.ended, 'complete');
    assert.equal(outcome.stored, 1);
    assert.deepEqual(
      outcome.failures.map((failure) => [failure.line, failure.reason.split(' (rule: ')[0]]),
      [
        [2, 'price: must be a number ≥ 0 (found -2)'],
        [3, 'name: is required'],
      ],
    );
    const { documents } = await client.listDocuments('shop', 'prices');
    assert.deepEqual(documents, [{ _id: 1, name: 'A', price: 1 }]);
  });
});
