import assert from 'node:assert/strict';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import type { ContractService } from './contractService';
import { rejectsWith } from './contractService';

export function indexesContract(service: () => ContractService): void {
  describe('indexes', () => {
    let client: DbHostClient;

    before(() => {
      ({ client } = service());
    });

    it('lists indexes in the database shape', async () => {
      const indexes = await client.listIndexes('inventory', 'products');
      const { accesses, ...record } = indexes[0] as (typeof indexes)[0] & { accesses: { ops: number; since: unknown } };
      assert.deepEqual(record, { v: 1, key: { _id: 1 }, ns: 'inventory.products', name: '_id_' });
      assert.equal(typeof accesses.ops, 'number', 'queries the index served since the service started (issue 21)');
      assert.equal(indexes[1].name, 'sku_1');
      assert.equal(indexes[1].unique, true);
    });

    it('creates indexes with generated names, enforces uniqueness and drops them', async () => {
      await client.createDatabase('idx', 'sandbox');
      for (const [n, email] of [
        [1, 'a@x'],
        [2, 'b@x'],
        [3, 'a@x'],
        [4, 'c@x'],
        [5, 'b@x'],
      ] as const) {
        await client.createDocument('idx', 'people', { _id: n, email, age: 20 + n }, { safe: true });
      }
      assert.deepEqual(await client.createIndex('idx', 'people', { spec: { age: 1, email: -1 }, background: false, min: -180, max: 180 }), {
        ok: 1,
      });
      await rejectsWith(client.createIndex('idx', 'people', { spec: { email: 1 }, unique: true }), 409, /duplicate key/);
      assert.equal((await client.listIndexes('idx', 'people')).length, 2);
      await client.createIndex('idx', 'people', { spec: { email: 1 }, unique: true, drop_dups: true });
      const remaining = await client.listDocuments('idx', 'people', { sort: { _id: 1 } });
      assert.deepEqual(
        remaining.documents.map((doc) => doc._id),
        [1, 2, 4],
      );
      await rejectsWith(client.createDocument('idx', 'people', { email: 'c@x' }, { safe: true }), 409, /duplicate key.*email_1/);
      await rejectsWith(client.updateDocument('idx', 'people', 1, { $set: { email: 'b@x' } }, { safe: true }), 409, /duplicate key/);
      const indexes = await client.listIndexes('idx', 'people');
      assert.deepEqual(
        indexes.map((index) => index.name),
        ['_id_', 'age_1_email_-1', 'email_1'],
      );
      assert.equal(indexes[1].min, -180);
      assert.equal(indexes[1].background, false);
      assert.equal(indexes[2].dropDups, true);
      assert.deepEqual(await client.dropIndex('idx', 'people', 'age_1_email_-1'), { ok: 1 });
      await rejectsWith(client.dropIndex('idx', 'people', 'age_1_email_-1'), 404, /does not exist/);
      await rejectsWith(client.dropIndex('idx', 'people', '_id_'), 400, /_id_ index cannot be dropped/);
      assert.deepEqual(await client.dropAllIndexes('idx', 'people'), { ok: 1 });
      assert.deepEqual(
        (await client.listIndexes('idx', 'people')).map((index) => index.name),
        ['_id_'],
      );
      await client.createDocument('idx', 'people', { email: 'c@x' }, { safe: true });
      await client.deleteDatabase('idx');
    });
  });
}
