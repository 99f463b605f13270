import assert from 'node:assert/strict';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import { DEMO_COUNTS } from '../../../src/service/demo/demoData';
import type { ContractService } from './contractService';
import { rejectsWith } from './contractService';

export function collectionsContract(service: () => ContractService): void {
  describe('collections', () => {
    let client: DbHostClient;

    before(() => {
      ({ client } = service());
    });

    it('lists collections with count, sizes and index count', async () => {
      const collections = await client.listCollections('shop');
      assert.deepEqual(
        collections.map((col) => [col.name, col.count, col.indexCount]),
        [
          ['customers', DEMO_COUNTS.customers, 2],
          ['orders', DEMO_COUNTS.orders, 3],
        ],
      );
      assert.equal(typeof collections[0].storageSize, 'number');
      assert.equal(typeof collections[0].avgObjSize, 'number');
    });

    it('answers collection statistics', async () => {
      const stats = await client.getCollectionStats('inventory', 'products');
      assert.equal(stats.ns, 'inventory.products');
      assert.equal(stats.count, DEMO_COUNTS.products);
      assert.equal(stats.nindexes, 3);
      assert.deepEqual(Object.keys(stats.indexSizes as object), ['_id_', 'sku_1', 'category_1_price_-1']);
      for (const field of [
        'size',
        'avgObjSize',
        'storageSize',
        'numExtents',
        'lastExtentSize',
        'paddingFactor',
        'flags',
        'totalIndexSize',
        'ok',
      ])
        assert.equal(typeof stats[field], 'number', field);
    });

    it('creates, renames and deletes a collection', async () => {
      await client.createDatabase('cols', 'sandbox');
      assert.deepEqual(await client.createCollection('cols', 'first'), { ok: 1 });
      await client.createDocument('cols', 'first', { n: 1 }, { safe: true });
      await rejectsWith(client.createCollection('cols', 'first'), 409, /already exists/);
      assert.deepEqual(await client.renameCollection('cols', 'first', 'second'), { ok: 1 });
      await rejectsWith(client.getCollectionStats('cols', 'first'), 404, /does not exist/);
      assert.equal((await client.getCollectionStats('cols', 'second')).count, 1);
      await client.createCollection('cols', 'third');
      await rejectsWith(client.renameCollection('cols', 'second', 'third'), 409, /already exists/);
      assert.deepEqual(await client.deleteCollection('cols', 'second'), { ok: 1 });
      assert.deepEqual(
        (await client.listCollections('cols')).map((col) => col.name),
        ['third'],
      );
      await client.deleteDatabase('cols');
    });

    it('validates collection names', async () => {
      await client.createDatabase('names', 'sandbox');
      for (const name of ['', 'a$b', 'system.users'])
        await rejectsWith(client.createCollection('names', name), 400, /collection name|reserved/);
      await client.createCollection('names', 'ok');
      await rejectsWith(client.renameCollection('names', 'ok', 'bad$name'), 400, /"\$"/);
      await client.deleteDatabase('names');
    });

    it('answers 404 for collections of a missing database', async () => {
      await rejectsWith(client.listCollections('missing'), 404, /Database "missing" does not exist/);
      await rejectsWith(client.createCollection('missing', 'x'), 404, /does not exist/);
    });
  });
}
