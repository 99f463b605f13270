import assert from 'node:assert/strict';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';
import { rejectsWith } from './contractService';

describe('local service without payment information', function () {
  this.timeout(30_000);
  let running: InProcessService;
  before(async () => {
    running = await startServiceInProcess({ apiKeys: ['no-payment-key'], payment: false, empty: true });
  });
  after(async () => running.stop());

  it('starts empty but with the plans, and refuses paid plans with a message about payment information', async () => {
    const client = running.client();
    assert.deepEqual(await client.listDatabases(), []);
    assert.deepEqual(await client.listInvoices(), []);
    assert.deepEqual(await client.listDeployments(), []);
    assert.ok((await client.listPlans()).length >= 7);
    await rejectsWith(client.createDatabase('paid', 'micro'), 403, /payment information/);
    await client.createDatabase('free', 'sandbox');
    assert.deepEqual(
      (await client.listDatabases()).map((db) => db.name),
      ['free'],
    );
  });
});
