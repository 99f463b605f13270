import assert from 'node:assert/strict';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import { DEMO_COUNTS } from '../../../src/service/demo/demoData';
import type { ContractService } from './contractService';
import { rejectsWith } from './contractService';

export function databasesContract(service: () => ContractService): void {
  describe('databases', () => {
    let client: DbHostClient;

    before(() => {
      ({ client } = service());
    });

    it('lists the demo databases with host, port, plan name and slug', async () => {
      const databases = await client.listDatabases();
      assert.deepEqual(
        databases.map((db) => [db.name, db.slug, db.plan]),
        [
          ['inventory', 'sandbox', 'Sandbox'],
          ['shop', 'medium', 'Medium'],
          ['metrics', 'dedicated-small', 'Dedicated Replica Set S'],
        ],
      );
      for (const db of databases) {
        assert.equal(typeof db.hostname, 'string');
        assert.equal(typeof db.port, 'number');
        assert.equal(typeof db.shared, 'boolean');
      }
    });

    it('answers database info merged with its statistics', async () => {
      const info = await client.getDatabase('shop');
      assert.equal(info.name, 'shop');
      assert.equal(info.db, 'shop');
      assert.equal(info.collections, 2);
      assert.equal(info.objects, DEMO_COUNTS.customers + DEMO_COUNTS.orders);
      for (const field of ['avgObjSize', 'dataSize', 'storageSize', 'numExtents', 'indexes', 'indexSize', 'fileSize', 'ok'])
        assert.equal(typeof info[field], 'number', field);
    });

    it('creates and deletes a database; a duplicate is 409 and a deleted one 404', async () => {
      assert.deepEqual(await client.createDatabase('scratch', 'sandbox'), { ok: 1 });
      assert.ok((await client.listDatabases()).some((db) => db.name === 'scratch' && db.plan === 'Sandbox'));
      await rejectsWith(client.createDatabase('scratch', 'sandbox'), 409, /already exists/);
      assert.deepEqual(await client.deleteDatabase('scratch'), { ok: 1 });
      await rejectsWith(client.getDatabase('scratch'), 404, /does not exist/);
      await rejectsWith(client.deleteDatabase('scratch'), 404, /does not exist/);
    });

    it('validates database names as the database does', async () => {
      for (const name of ['', 'a/b', 'a\\b', 'a.b', 'a b', 'a"b', 'a$b', 'x'.repeat(65)]) {
        await rejectsWith(client.createDatabase(name, 'sandbox'), 400, /database name/);
      }
      assert.equal((await client.listDatabases()).length, 3);
    });

    it('refuses an unknown plan slug with 400', async () => {
      await rejectsWith(client.createDatabase('nowhere', 'gigantic'), 400, /Unknown plan "gigantic".*\/plans/);
    });

    it('allows at most 5 free databases per account', async () => {
      const names = ['free1', 'free2', 'free3', 'free4'];
      for (const name of names) await client.createDatabase(name, 'sandbox');
      await rejectsWith(client.createDatabase('free5', 'sandbox'), 403, /5 free databases/);
      assert.ok(!(await client.listDatabases()).some((db) => db.name === 'free5'));
      await client.createDatabase('paid1', 'micro');
      for (const name of [...names, 'paid1']) await client.deleteDatabase(name);
    });

    it('gives databases on larger shared, dedicated and custom plans a deployment', async () => {
      const plans = await client.listPlans();
      const custom = plans.find((plan) => plan.type === 'custom');
      assert.ok(custom);
      await client.createDatabase('bigshared', 'large');
      await client.createDatabase('ownset', 'dedicated-large');
      await client.createDatabase('mine', custom.slug);
      await client.createDatabase('tiny', 'micro');
      const deployments = await client.listDeployments();
      const holding = (db: string) => deployments.filter((deployment) => (deployment.databases as string[]).includes(db));
      assert.equal(holding('bigshared').length, 1);
      assert.match(holding('bigshared')[0].name, /^[\w.-]+\.example\.net:\d+$/);
      assert.equal(holding('ownset').length, 1);
      assert.equal((holding('ownset')[0].members as string[]).length, 3);
      assert.equal(holding('mine')[0].plan, custom.name);
      assert.equal(holding('tiny').length, 0);
      for (const name of ['bigshared', 'ownset', 'mine', 'tiny']) await client.deleteDatabase(name);
    });
  });
}
