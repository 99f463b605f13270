import assert from 'node:assert/strict';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import { ServiceError } from '../../../src/core/api/serviceError';
import type { JsonObject } from '../../../src/core/json/lossless';
import { DEMO_COUNTS } from '../../../src/service/demo/demoData';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';

async function rejectsWith(promise: Promise<unknown>, status: number, pattern: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ServiceError, `expected a ServiceError, got ${String(error)}`);
    assert.equal(error.status, status, `status of ${error.serviceMessage}`);
    assert.match(error.serviceMessage ?? '', pattern);
    return true;
  });
}

const oid = (doc: JsonObject): string => (doc._id as { $oid: string }).$oid;
const KEY = 'contract-key-one';
const OTHER_KEY = 'contract-key-two';

describe('local service contract (real client over HTTP)', function () {
  this.timeout(30_000);
  let running: InProcessService;
  let client: DbHostClient;

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY, OTHER_KEY] });
    client = running.client();
  });
  after(async () => running.stop());

  describe('databases', () => {
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

  describe('collections', () => {
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

  describe('documents', () => {
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

  describe('indexes', () => {
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

  describe('deployments, invoices and plans', () => {
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

  describe('accounts', () => {
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
});

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
