import assert from 'node:assert/strict';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import { DEMO_COUNTS } from '../../../src/service/demo/demoData';
import type { InProcessService } from '../../support/testService';
import type { ContractService } from './contractService';
import { OTHER_KEY, rejectsWith } from './contractService';

export function accountsContract(service: () => ContractService): void {
  describe('accounts', () => {
    let running: InProcessService;
    let client: DbHostClient;

    before(() => {
      ({ running, client } = service());
    });

    it('keeps accounts apart: one key never sees or changes the data of another', async () => {
      const other = running.client(OTHER_KEY);
      await other.createDatabase('only-other', 'sandbox');
      await other.deleteDatabase('inventory');
      assert.ok(!(await client.listDatabases()).some((db) => db.name === 'only-other'));
      assert.equal((await client.getDatabase('inventory')).objects, DEMO_COUNTS.products + DEMO_COUNTS.suppliers);
      await rejectsWith(client.getDatabase('only-other'), 404, /does not exist/);
      const [mine, theirs] = [await client.listPlans(), await other.listPlans()].map(
        (plans) => plans.find((plan) => plan.type === 'custom')!.slug,
      );
      assert.notEqual(mine, theirs);
      await rejectsWith(client.createDatabase('borrowed', theirs), 400, /Unknown plan/);
    });
  });
}
