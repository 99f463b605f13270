import * as assert from 'node:assert/strict';
import { LosslessNumber } from '../../../src/core/json/lossless';
import { DbHostClient } from '../../../src/client/dbHostClient';
import type { DbHostApi } from '../../../src/core/api/types';
import { FakeService } from './fakeService';

interface EndpointCase {
  name: keyof DbHostApi;
  call: (client: DbHostApi) => Promise<unknown>;
  method: string;
  path: string;
  /** Query parameters other than the key. */
  query?: Record<string, string>;
  /** The JSON body, for POST and PUT. */
  body?: unknown;
  /** What the fake service answers with. */
  answer: string;
}

const KEY = 'key-123';

const CASES: EndpointCase[] = [
  { name: 'listDatabases', call: (c) => c.listDatabases(), method: 'GET', path: '/databases', answer: '[]' },
  {
    name: 'createDatabase',
    call: (c) => c.createDatabase('vehicles', 'sandbox'),
    method: 'POST',
    path: '/databases',
    body: { name: 'vehicles', slug: 'sandbox' },
    answer: '{"ok":1}',
  },
  {
    name: 'getDatabase',
    call: (c) => c.getDatabase('vehicles'),
    method: 'GET',
    path: '/databases/vehicles',
    answer: '{"name":"vehicles"}',
  },
  { name: 'deleteDatabase', call: (c) => c.deleteDatabase('vehicles'), method: 'DELETE', path: '/databases/vehicles', answer: '{"ok":1}' },

  {
    name: 'listCollections',
    call: (c) => c.listCollections('vehicles'),
    method: 'GET',
    path: '/databases/vehicles/collections',
    answer: '[]',
  },
  {
    name: 'createCollection',
    call: (c) => c.createCollection('vehicles', 'rockets'),
    method: 'POST',
    path: '/databases/vehicles/collections',
    body: { name: 'rockets' },
    answer: '{"ok":1}',
  },
  {
    name: 'getCollectionStats',
    call: (c) => c.getCollectionStats('vehicles', 'rockets'),
    method: 'GET',
    path: '/databases/vehicles/collections/rockets',
    answer: '{"count":1}',
  },
  {
    name: 'renameCollection',
    call: (c) => c.renameCollection('vehicles', 'rockets', 'boosters'),
    method: 'PUT',
    path: '/databases/vehicles/collections/rockets',
    body: { name: 'boosters' },
    answer: '{"ok":1}',
  },
  {
    name: 'deleteCollection',
    call: (c) => c.deleteCollection('vehicles', 'rockets'),
    method: 'DELETE',
    path: '/databases/vehicles/collections/rockets',
    answer: '{"ok":1}',
  },

  {
    name: 'listDocuments',
    call: (c) =>
      c.listDocuments('vehicles', 'rockets', { q: { stage: { $gt: 1 } }, fields: ['name'], sort: { name: -1 }, skip: 40, limit: 20 }),
    method: 'GET',
    path: '/databases/vehicles/collections/rockets/documents',
    query: { q: '{"stage":{"$gt":1}}', fields: '["name"]', sort: '{"name":-1}', skip: '40', limit: '20' },
    answer: '[]',
  },
  {
    name: 'getDocument',
    call: (c) => c.getDocument('vehicles', 'rockets', { $oid: '4ffde1398c1a4b6d6c000001' }),
    method: 'GET',
    // The object id as extended JSON: a bare hex would reach a string _id of those digits first.
    path: `/databases/vehicles/collections/rockets/documents/${encodeURIComponent('{"$oid":"4ffde1398c1a4b6d6c000001"}')}`,
    // Beyond the interface: the segment names exactly that typed _id (other services ignore it).
    query: { id_type: 'json' },
    answer: '{"_id":{"$oid":"4ffde1398c1a4b6d6c000001"}}',
  },
  {
    name: 'createDocument',
    call: (c) => c.createDocument('vehicles', 'rockets', { name: 'Saturn V', stages: 3 }, { safe: true }),
    method: 'POST',
    path: '/databases/vehicles/collections/rockets/documents',
    body: { document: { name: 'Saturn V', stages: 3 }, safe: true },
    answer: '{"ok":1}',
  },
  {
    name: 'updateDocument',
    call: (c) => c.updateDocument('vehicles', 'rockets', 'r1', { $set: { stages: 2 } }, { safe: false }),
    method: 'PUT',
    path: '/databases/vehicles/collections/rockets/documents/r1',
    query: { id_type: 'string' },
    body: { document: { $set: { stages: 2 } }, safe: false },
    answer: '{"ok":1}',
  },
  {
    name: 'updateDocuments',
    call: (c) =>
      c.updateDocuments('vehicles', 'rockets', {
        criteria: { stages: 3 },
        object: { $inc: { flights: 1 } },
        upsert: true,
        multi: true,
        safe: true,
      }),
    method: 'PUT',
    path: '/databases/vehicles/collections/rockets/documents',
    body: { criteria: { stages: 3 }, object: { $inc: { flights: 1 } }, upsert: true, multi: true, safe: true },
    answer: '{"ok":1}',
  },
  {
    name: 'deleteDocument',
    call: (c) => c.deleteDocument('vehicles', 'rockets', 'r1'),
    method: 'DELETE',
    path: '/databases/vehicles/collections/rockets/documents/r1',
    query: { id_type: 'string' },
    answer: '{"ok":1}',
  },

  {
    name: 'listIndexes',
    call: (c) => c.listIndexes('vehicles', 'rockets'),
    method: 'GET',
    path: '/databases/vehicles/collections/rockets/indexes',
    answer: '[]',
  },
  {
    name: 'createIndex',
    call: (c) =>
      c.createIndex('vehicles', 'rockets', {
        spec: { name: 1, stages: -1 },
        background: false,
        unique: true,
        drop_dups: true,
        min: -180,
        max: 180,
      }),
    method: 'POST',
    path: '/databases/vehicles/collections/rockets/indexes',
    body: { spec: { name: 1, stages: -1 }, background: false, unique: true, drop_dups: true, min: -180, max: 180 },
    answer: '{"ok":1}',
  },
  {
    name: 'dropIndex',
    call: (c) => c.dropIndex('vehicles', 'rockets', 'name_1'),
    method: 'DELETE',
    path: '/databases/vehicles/collections/rockets/indexes/name_1',
    answer: '{"ok":1}',
  },
  {
    name: 'dropAllIndexes',
    call: (c) => c.dropAllIndexes('vehicles', 'rockets'),
    method: 'DELETE',
    path: '/databases/vehicles/collections/rockets/indexes',
    answer: '{"ok":1}',
  },

  { name: 'listDeployments', call: (c) => c.listDeployments(), method: 'GET', path: '/deployments', answer: '[]' },
  {
    name: 'getDeployment',
    call: (c) => c.getDeployment('db-1.example.net:10005'),
    method: 'GET',
    path: '/deployments/db-1.example.net%3A10005',
    answer: '{"name":"db-1.example.net:10005"}',
  },
  { name: 'getDeploymentLogs', call: (c) => c.getDeploymentLogs('set-42'), method: 'GET', path: '/deployments/set-42/logs', answer: '[]' },

  { name: 'listInvoices', call: (c) => c.listInvoices(), method: 'GET', path: '/invoices', answer: '[]' },
  { name: 'getInvoice', call: (c) => c.getInvoice(12345), method: 'GET', path: '/invoices/12345', answer: '{"id":12345}' },

  { name: 'listPlans', call: (c) => c.listPlans(), method: 'GET', path: '/plans', answer: '[]' },
];

describe('DbHostClient requests', () => {
  let service: FakeService;
  let client: DbHostClient;

  before(async () => {
    service = await FakeService.start();
    client = new DbHostClient({ baseUrl: service.baseUrl, apiKey: KEY });
  });
  after(() => service.close());

  it('covers all 25 endpoints', () => {
    assert.equal(new Set(CASES.map((c) => c.name)).size, 25);
  });

  for (const endpoint of CASES) {
    it(`${endpoint.name} sends ${endpoint.method} ${endpoint.path}`, async () => {
      service.queue({ body: endpoint.answer });
      const before = service.requests.length;
      await endpoint.call(client);
      assert.equal(service.requests.length, before + 1);
      const request = service.requests[before];
      assert.equal(request.method, endpoint.method);
      assert.equal(request.path, endpoint.path);
      assert.equal(request.query.get('_apikey'), KEY, 'the key travels in the query string for every method');
      const others = Object.fromEntries([...request.query].filter(([name]) => name !== '_apikey'));
      assert.deepEqual(others, endpoint.query ?? {});
      if (endpoint.body === undefined) {
        assert.equal(request.body, '');
      } else {
        assert.equal(request.headers['content-type'], 'application/json');
        assert.deepEqual(JSON.parse(request.body), endpoint.body);
        assert.ok(!('_apikey' in JSON.parse(request.body)), 'the key is not in the body');
      }
    });
  }

  it('leaves out write options that were not given', async () => {
    service.queue({ body: '{"ok":1}' }, { body: '{"ok":1}' }, { body: '{"ok":1}' });
    await client.createDocument('vehicles', 'rockets', { a: 1 });
    await client.createIndex('vehicles', 'rockets', { spec: { a: 1 } });
    await client.updateDocuments('vehicles', 'rockets', { criteria: {}, object: { $set: { a: 2 } } });
    const bodies = service.requests.slice(-3).map((r) => JSON.parse(r.body));
    assert.deepEqual(bodies, [{ document: { a: 1 } }, { spec: { a: 1 } }, { criteria: {}, object: { $set: { a: 2 } } }]);
  });

  it('encodes path segments, so names with / ? # % and spaces address the right resource', async () => {
    service.queue({ body: '{"_id":"#50% off"}' });
    await client.getDocument('my db', 'a/b?c', '#50% off');
    const request = service.requests[service.requests.length - 1];
    assert.equal(request.path, '/databases/my%20db/collections/a%2Fb%3Fc/documents/%2350%25%20off');
    assert.equal(request.query.get('_apikey'), KEY);
  });

  it('refuses empty and dot names instead of addressing a different resource', async () => {
    const before = service.requests.length;
    await assert.rejects(client.dropIndex('vehicles', 'rockets', ''), /index name "" cannot be used/);
    await assert.rejects(client.deleteDatabase('..'), /database name "\.\." cannot be used/);
    await assert.rejects(client.deleteDocument('vehicles', 'rockets', '.'), /document id "\." cannot be used/);
    assert.equal(service.requests.length, before, 'nothing was sent');
  });

  it('sends big and exactly written numbers as they are', async () => {
    service.queue({ body: '{"ok":1}' });
    await client.createDocument(
      'vehicles',
      'rockets',
      { big: new LosslessNumber('9007199254740993'), price: new LosslessNumber('1.50') },
      { safe: true },
    );
    assert.equal(service.requests[service.requests.length - 1].body, '{"document":{"big":9007199254740993,"price":1.50},"safe":true}');
  });

  it('sends big numbers in queries as they are', async () => {
    service.queue({ body: '[]' });
    await client.listDocuments('vehicles', 'rockets', { q: { big: new LosslessNumber('9007199254740993') } });
    assert.equal(service.requests[service.requests.length - 1].query.get('q'), '{"big":9007199254740993}');
  });

  for (const suffix of ['', '/']) {
    it(`works with a path prefix in the base address${suffix ? ' and a trailing slash' : ''}`, async () => {
      const prefixed = new DbHostClient({ baseUrl: `${service.baseUrl}/api/v0${suffix}`, apiKey: KEY });
      service.queue({ body: '[]' });
      await prefixed.listPlans();
      assert.equal(service.requests[service.requests.length - 1].path, '/api/v0/plans');
    });
  }

  it('accepts a trailing slash on a bare base address', async () => {
    const slashed = new DbHostClient({ baseUrl: `${service.baseUrl}/`, apiKey: KEY });
    service.queue({ body: '[]' });
    await slashed.listPlans();
    assert.equal(service.requests[service.requests.length - 1].path, '/plans');
  });

  it('builds https URLs for an https base address', async () => {
    const urls: string[] = [];
    const client = new DbHostClient({
      baseUrl: 'https://api.example.net/v1/',
      apiKey: KEY,
      fetch: async (url) => {
        urls.push(url);
        return { status: 200, headers: new Headers({ 'content-type': 'application/json' }), text: async () => '[]' };
      },
    });
    await client.listDatabases();
    assert.deepEqual(urls, [`https://api.example.net/v1/databases?_apikey=${KEY}`]);
  });

  it('rejects base addresses it cannot use, with a message that says why', () => {
    assert.throws(() => new DbHostClient({ baseUrl: 'ftp://example.net', apiKey: KEY }), /must start with http:\/\/ or https:\/\//);
    assert.throws(() => new DbHostClient({ baseUrl: 'not a url', apiKey: KEY }), /not a valid URL/);
    assert.throws(
      () => new DbHostClient({ baseUrl: 'https://user:pw@example.net', apiKey: KEY }),
      /must not contain a user name or password/,
    );
  });
});
