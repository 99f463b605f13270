import assert from 'node:assert/strict';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import { DEMO_COUNTS } from '../../../src/service/demo/demoData';
import type { InProcessService } from '../../support/testService';
import type { ContractService } from './contractService';
import { oid, rejectsWith } from './contractService';

export function documentsContract(service: () => ContractService): void {
  describe('documents', () => {
    let running: InProcessService;
    let client: DbHostClient;

    before(() => {
      ({ running, client } = service());
    });

    it('lists 20 by default with the total in X-Service-Count', async () => {
      const page = await client.listDocuments('shop', 'orders');
      assert.equal(page.documents.length, 20);
      assert.equal(page.total, DEMO_COUNTS.orders);
      assert.match(oid(page.documents[0]), /^[0-9a-f]{24}$/);
    });

    it('pages with skip and limit, the total independent of both', async () => {
      const first = await client.listDocuments('inventory', 'products', { limit: 100 });
      const second = await client.listDocuments('inventory', 'products', { skip: 50, limit: 100 });
      assert.equal(first.documents.length, 100);
      assert.equal(second.total, DEMO_COUNTS.products);
      assert.deepEqual(second.documents[0], first.documents[50]);
      const answer = await running.raw('GET', '/databases/inventory/collections/products/documents?limit=500');
      assert.equal((answer.json as unknown[]).length, 100);
      assert.equal(answer.headers.get('x-service-count'), String(DEMO_COUNTS.products));
    });

    it('queries, sorts and projects with the database semantics, counting all matches', async () => {
      const everything = await client.listDocuments('shop', 'orders', { q: { status: 'paid' }, limit: 100 });
      const sorted = await client.listDocuments('shop', 'orders', {
        q: { status: 'paid', total: { $gte: 100 } },
        sort: { total: -1 },
        fields: ['total', 'status'],
        limit: 10,
      });
      assert.ok(everything.total! > 0 && everything.total! < DEMO_COUNTS.orders);
      assert.ok(sorted.total! <= everything.total!);
      const totals = sorted.documents.map((doc) => Number(doc.total));
      assert.deepEqual(
        totals,
        [...totals].sort((a, b) => b - a),
      );
      for (const doc of sorted.documents) assert.deepEqual(Object.keys(doc).sort(), ['_id', 'status', 'total']);
      const hashFields = await client.listDocuments('shop', 'orders', { fields: { items: 0, _id: 0 }, limit: 1 });
      assert.ok(!('items' in hashFields.documents[0]) && !('_id' in hashFields.documents[0]) && 'status' in hashFields.documents[0]);
    });

    it('matches extended JSON dates and object ids in queries', async () => {
      const after = await client.listDocuments('metrics', 'events', {
        q: { at: { $gte: { $date: '2024-08-24T00:00:00Z' } } },
        limit: 1,
        sort: { at: 1 },
      });
      assert.ok(after.total! > 0 && after.total! < DEMO_COUNTS.events);
      const at = after.documents[0].at as { $date: string };
      assert.ok(Date.parse(at.$date) >= Date.parse('2024-08-24T00:00:00Z'));
      const [order] = (await client.listDocuments('shop', 'orders', { limit: 1 })).documents;
      const byId = await client.listDocuments('shop', 'orders', { q: { _id: order._id } });
      assert.equal(byId.total, 1);
      const byCustomer = await client.listDocuments('shop', 'orders', { q: { customerId: order.customerId } });
      assert.ok(byCustomer.documents.every((doc) => JSON.stringify(doc.customerId) === JSON.stringify(order.customerId)));
    });

    it('reads one document by object id, number or string _id', async () => {
      const [product] = (await client.listDocuments('inventory', 'products', { limit: 1 })).documents;
      assert.deepEqual((await client.getDocument('inventory', 'products', product._id)).document, product);
      assert.equal((await client.getDocument('metrics', 'events', 17)).document._id, 17);
      assert.equal((await client.getDocument('inventory', 'suppliers', 'sup-003')).document._id, 'sup-003');
      await rejectsWith(client.getDocument('inventory', 'products', '0123456789abcdef01234567'), 404, /does not exist/);
    });

    it('creates documents with a generated object id or the one supplied, safe or not', async () => {
      await client.createDatabase('docs', 'sandbox');
      assert.deepEqual(
        await client.createDocument('docs', 'notes', { title: 'first', at: { $date: '2024-05-01T10:00:00.000Z' } }, { safe: true }),
        { ok: 1 },
      );
      await client.createDocument('docs', 'notes', { _id: { $oid: '65f000000000000000000001' }, title: 'second' });
      await client.createDocument('docs', 'notes', { _id: 'custom', title: 'third' }, { safe: true });
      const page = await client.listDocuments('docs', 'notes');
      assert.equal(page.total, 3);
      assert.match(oid(page.documents[0]), /^[0-9a-f]{24}$/);
      assert.deepEqual(page.documents[0].at, { $date: '2024-05-01T10:00:00.000Z' });
      assert.equal((await client.getDocument('docs', 'notes', { $oid: '65f000000000000000000001' })).document.title, 'second');
      await rejectsWith(client.createDocument('docs', 'notes', { _id: 'custom' }), 409, /duplicate key.*_id_/);
      await rejectsWith(client.createDocument('nodb', 'notes', { a: 1 }), 404, /Database "nodb" does not exist/);
      await client.deleteDatabase('docs');
    });

    it('updates one document with operators or a replacement that keeps _id; _id is immutable', async () => {
      await client.createDatabase('upd', 'sandbox');
      await client.createDocument('upd', 'items', { _id: 1, name: 'pen', qty: 1, tags: ['a'] }, { safe: true });
      assert.deepEqual(
        await client.updateDocument(
          'upd',
          'items',
          1,
          { $set: { name: 'pencil' }, $inc: { qty: 2 }, $push: { tags: 'b' } },
          { safe: true },
        ),
        { ok: 1 },
      );
      assert.deepEqual((await client.getDocument('upd', 'items', 1)).document, { _id: 1, name: 'pencil', qty: 3, tags: ['a', 'b'] });
      await client.updateDocument('upd', 'items', 1, { $unset: { tags: '' } }, { safe: true });
      assert.deepEqual((await client.getDocument('upd', 'items', 1)).document, { _id: 1, name: 'pencil', qty: 3 });
      await client.updateDocument('upd', 'items', 1, { name: 'eraser' }, { safe: true });
      assert.deepEqual((await client.getDocument('upd', 'items', 1)).document, { _id: 1, name: 'eraser' });
      await rejectsWith(client.updateDocument('upd', 'items', 1, { $set: { _id: 2 } }), 400, /immutable/);
      await rejectsWith(client.updateDocument('upd', 'items', 1, { _id: 2, name: 'x' }), 400, /_id is immutable/);
      await rejectsWith(client.updateDocument('upd', 'items', 1, { $frobnicate: { a: 1 } }), 400, /Unknown update operator/);
      await rejectsWith(client.updateDocument('upd', 'items', 2, { $set: { a: 1 } }), 404, /does not exist/);
      assert.deepEqual((await client.getDocument('upd', 'items', 1)).document, { _id: 1, name: 'eraser' });
      await client.deleteDatabase('upd');
    });

    it('bulk-updates one or all matches, and upserts a single document', async () => {
      await client.createDatabase('bulk', 'sandbox');
      for (let n = 1; n <= 4; n++) await client.createDocument('bulk', 'tasks', { _id: n, state: 'open', n }, { safe: true });
      await client.updateDocuments('bulk', 'tasks', { criteria: { state: 'open' }, object: { $set: { state: 'done' } }, safe: true });
      assert.equal((await client.listDocuments('bulk', 'tasks', { q: { state: 'done' } })).total, 1);
      await client.updateDocuments('bulk', 'tasks', {
        criteria: { state: 'open' },
        object: { $set: { state: 'done' } },
        multi: true,
        safe: true,
      });
      assert.equal((await client.listDocuments('bulk', 'tasks', { q: { state: 'done' } })).total, 4);
      await client.updateDocuments('bulk', 'tasks', {
        criteria: { state: 'late' },
        object: { $set: { n: 9 } },
        upsert: true,
        multi: true,
        safe: true,
      });
      const upserted = await client.listDocuments('bulk', 'tasks', { q: { state: 'late' } });
      assert.equal(upserted.total, 1);
      assert.equal(upserted.documents[0].n, 9);
      await client.updateDocuments('bulk', 'tasks', { criteria: { state: 'late' }, object: { $inc: { n: 1 } }, upsert: true, safe: true });
      assert.equal((await client.listDocuments('bulk', 'tasks')).total, 5);
      await rejectsWith(
        client.updateDocuments('bulk', 'tasks', { criteria: {}, object: { state: 'x' }, multi: true }),
        400,
        /multi update/,
      );
      await client.deleteDatabase('bulk');
    });

    it('deletes a document', async () => {
      await client.createDatabase('del', 'sandbox');
      await client.createDocument('del', 'c', { _id: 'a' }, { safe: true });
      assert.deepEqual(await client.deleteDocument('del', 'c', 'a'), { ok: 1 });
      await rejectsWith(client.getDocument('del', 'c', 'a'), 404, /does not exist/);
      await rejectsWith(client.deleteDocument('del', 'c', 'a'), 404, /does not exist/);
      await client.deleteDatabase('del');
    });
  });
}
