import * as assert from 'node:assert/strict';
import { DbHostClient } from '../../../src/client/dbHostClient';
import { ServiceError } from '../../../src/core/api/serviceError';
import type { OriginalServiceApi } from '../../../src/core/api/originalTypes';
import { FakeService } from './fakeService';

interface EndpointCase {
  name: keyof OriginalServiceApi;
  call: (client: DbHostClient) => Promise<unknown>;
  method: string;
  path: string;
  body?: unknown;
  answer: string;
  /** What the method gives back for that answer. */
  result: unknown;
}

const KEY = 'key-original-123';

const CASES: EndpointCase[] = [
  {
    name: 'listUsers',
    call: (c) => c.listUsers('vehicles'),
    method: 'GET',
    path: '/databases/vehicles/users',
    answer: '[{"user":"john","readOnly":false}]',
    result: [{ user: 'john', readOnly: false }],
  },
  {
    name: 'createUser',
    call: (c) => c.createUser('vehicles', 'john', 's3cret', true),
    method: 'POST',
    path: '/databases/vehicles/users',
    body: { user: 'john', password: 's3cret', readOnly: true },
    answer: '{"ok":1}',
    result: { ok: 1 },
  },
  {
    name: 'deleteUser',
    call: (c) => c.deleteUser('vehicles', 'john/doe'),
    method: 'DELETE',
    path: '/databases/vehicles/users/john%2Fdoe',
    answer: '{"ok":1}',
    result: { ok: 1 },
  },
  {
    name: 'copyDatabase',
    call: (c) => c.copyDatabase('vehicles', 'other'),
    method: 'POST',
    path: '/copy_database',
    body: { from: 'vehicles', to: 'other' },
    answer: '{"copy":false,"from":"vehicles","to":"other","error":"Destination database is not empty."}',
    result: { copy: false, from: 'vehicles', to: 'other', error: 'Destination database is not empty.' },
  },
  {
    name: 'getIndex',
    call: (c) => c.getIndex('vehicles', 'rockets', 'name_1'),
    method: 'GET',
    path: '/databases/vehicles/collections/rockets/indexes/name_1',
    answer: '{"name":"name_1","key":{"name":1}}',
    result: { name: 'name_1', key: { name: 1 } },
  },
  {
    name: 'getDeploymentStats',
    call: (c) => c.getDeploymentStats('orchid.example.net:10005'),
    method: 'GET',
    path: '/deployments/orchid.example.net%3A10005/stats',
    answer: '{"time":1328824091,"members":[{"host":"node0.orchid.example.net:10005","mem/resident":3022}]}',
    result: { time: 1328824091, members: [{ host: 'node0.orchid.example.net:10005', 'mem/resident': 3022 }] },
  },
  {
    name: 'listOperations',
    call: (c) => c.listOperations('vehicles'),
    method: 'GET',
    path: '/databases/vehicles/ops',
    answer: '{"inprog":[{"opid":7,"op":"query"}]}',
    result: [{ opid: 7, op: 'query' }],
  },
  {
    name: 'listSlowQueries',
    call: (c) => c.listSlowQueries('vehicles'),
    method: 'GET',
    path: '/slow_queries/vehicles',
    answer: '[{"op":"query","millis":120}]',
    result: [{ op: 'query', millis: 120 }],
  },
  {
    name: 'getSlowQuery',
    call: (c) => c.getSlowQuery('vehicles', 'abc'),
    method: 'GET',
    path: '/slow_queries/vehicles/abc',
    answer: '[{"op":"query","millis":120}]',
    result: { op: 'query', millis: 120 },
  },
];

describe('DbHostClient: the original endpoints beyond the interface', () => {
  let service: FakeService;
  let client: DbHostClient;
  const lines: string[] = [];

  before(async () => {
    service = await FakeService.start();
    client = new DbHostClient({ baseUrl: service.baseUrl, apiKey: KEY, log: (line) => lines.push(line) });
  });
  after(() => service.close());

  for (const endpoint of CASES) {
    it(`${endpoint.name} sends ${endpoint.method} ${endpoint.path} over the interface's transport`, async () => {
      service.queue({ body: endpoint.answer });
      const before = service.requests.length;
      assert.deepEqual(await endpoint.call(client), endpoint.result);
      const request = service.requests[before];
      assert.equal(request.method, endpoint.method);
      assert.equal(request.path, endpoint.path);
      assert.equal(request.query.get('_apikey'), KEY, 'the key in the query string');
      assert.equal(request.headers['mongohq-api-token'], undefined, 'not the original header');
      assert.deepEqual([...request.query.keys()], ['_apikey']);
      if (endpoint.body === undefined) assert.equal(request.body, '');
      else {
        assert.equal(request.headers['content-type'], 'application/json');
        assert.deepEqual(JSON.parse(request.body), endpoint.body);
      }
    });
  }

  it('never writes a password into its log', async () => {
    service.queue({ body: '{"ok":1}' });
    await client.createUser('vehicles', 'ada', 'hunter2-and-more');
    assert.ok(lines.length > 0);
    assert.ok(!lines.join('\n').includes('hunter2'));
  });

  it('reports a service without the endpoint as a 404 ServiceError', async () => {
    service.queue({ status: 404, body: '{"error":"No such endpoint: /databases/vehicles/users"}' });
    await assert.rejects(client.listUsers('vehicles'), (error: unknown) => error instanceof ServiceError && error.status === 404);
  });

  it('reads users given as plain names or under "name", and a slow query sent as an object', async () => {
    service.queue({ body: '["john", {"name": "ada"}]' }, { body: '{"op":"query"}' });
    assert.deepEqual(await client.listUsers('vehicles'), [{ user: 'john' }, { name: 'ada', user: 'ada' }]);
    assert.deepEqual(await client.getSlowQuery('vehicles', 'x'), { op: 'query' });
  });

  it('refuses answers in a shape it cannot use, saying what it expected', async () => {
    service.queue({ body: '{"users":[]}' });
    await assert.rejects(client.listUsers('vehicles'), /expected a list of users/);
    service.queue({ body: '{"inprog": 3}' });
    await assert.rejects(client.listOperations('vehicles'), /expected a list/);
  });
});
