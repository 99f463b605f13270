import assert from 'node:assert/strict';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import type { ContractService } from './contractService';
import { rejectsWith } from './contractService';

export function billingContract(service: () => ContractService): void {
  describe('deployments, invoices and plans', () => {
    let client: DbHostClient;

    before(() => {
      ({ client } = service());
    });

    it('lists deployments and shows their details', async () => {
      const deployments = await client.listDeployments();
      assert.equal(deployments.length, 2);
      const shop = deployments.find((deployment) => (deployment.databases as string[]).includes('shop'))!;
      const details = await client.getDeployment(shop.name);
      assert.equal(details.name, shop.name);
      assert.deepEqual(details.databases, ['shop']);
      await rejectsWith(client.getDeployment('nowhere.example.net:1'), 404, /does not exist/);
    });

    it("serves a deployment's real operation log, per member", async () => {
      const deployments = await client.listDeployments();
      const metrics = deployments.find((deployment) => (deployment.databases as string[]).includes('metrics'))!;
      await client.listDocuments('metrics', 'events', { q: { type: 'signup' } });
      await client.createDocument('metrics', 'events', { _id: 100000, type: 'logged-by-test' }, { safe: true });
      const logs = await client.getDeploymentLogs(metrics.name);
      assert.deepEqual(
        logs.map((entry) => entry.member),
        metrics.members,
      );
      const [primary, secondary] = logs;
      assert.match(
        primary.log,
        /^\w{3} \w{3} \d\d \d\d:\d\d:\d\d\.\d{3} \[conn\d+\] query metrics\.events query: \{"type":"signup"\}.* \d+ms$/m,
      );
      assert.match(primary.log, /\[conn\d+\] insert metrics\.events ninserted:1/);
      assert.match(secondary.log, /\[repl writer worker \d\] insert metrics\.events/);
      assert.doesNotMatch(secondary.log, /query metrics\.events/);
      await client.deleteDocument('metrics', 'events', 100000);
    });

    it('lists invoices and reads one', async () => {
      const invoices = await client.listInvoices();
      assert.equal(invoices.length, 4);
      for (const invoice of invoices) assert.deepEqual(Object.keys(invoice).sort(), ['amount', 'balance', 'bill_date', 'id', 'is_paid']);
      const one = await client.getInvoice(invoices[3].id);
      assert.equal(one.amount, invoices[3].amount);
      assert.ok(Array.isArray(one.items));
      await rejectsWith(client.getInvoice(99), 404, /does not exist/);
    });

    it('lists shared, dedicated and custom plans', async () => {
      const plans = await client.listPlans();
      assert.deepEqual(plans[0], { name: 'Sandbox', slug: 'sandbox', price: 0, type: 'hosted', shared: true });
      assert.ok(plans.filter((plan) => plan.type === 'hosted' && (plan.price ?? 0) > 0).length >= 3);
      assert.ok(plans.some((plan) => plan.type === 'dedicated'));
      assert.equal(plans.filter((plan) => plan.type === 'custom').length, 1);
    });
  });
}
