import * as assert from 'node:assert/strict';
import { DbHostClient } from '../../../src/client/dbHostClient';
import { ServiceError } from '../../../src/core/api/serviceError';
import { FakeService, closedPort } from './fakeService';

describe('DbHostClient retries', () => {
  let service: FakeService;
  let client: DbHostClient;

  beforeEach(async () => {
    service = await FakeService.start();
    client = new DbHostClient({ baseUrl: service.baseUrl, apiKey: 'k', retryDelayMs: 1 });
  });
  afterEach(() => service.close());

  for (const status of [502, 503, 504]) {
    it(`retries a GET after ${status} and returns the later answer`, async () => {
      service.queue({ status, body: '{"error":"busy"}' }, { body: '[{"name":"vehicles"}]' });
      assert.deepEqual(await client.listDatabases(), [{ name: 'vehicles' }]);
      assert.equal(service.requests.length, 2);
    });
  }

  it('retries a GET after the connection drops', async () => {
    service.queue('drop', { body: '[]' });
    assert.deepEqual(await client.listPlans(), []);
    assert.equal(service.requests.length, 2);
  });

  it('gives up after two retries and reports the last failure', async () => {
    service.respond(() => ({ status: 503, body: '{"error":"Service unavailable, try later"}' }));
    await assert.rejects(client.listDatabases(), (error: ServiceError) => {
      assert.equal(error.kind, 'http');
      assert.equal(error.status, 503);
      assert.equal(error.serviceMessage, 'Service unavailable, try later');
      return true;
    });
    assert.equal(service.requests.length, 3);
  });

  it('follows the retries setting', async () => {
    const once = new DbHostClient({ baseUrl: service.baseUrl, apiKey: 'k', retries: 0, retryDelayMs: 1 });
    service.respond(() => ({ status: 503, body: '' }));
    await assert.rejects(once.listDatabases(), ServiceError);
    assert.equal(service.requests.length, 1);
  });

  it('does not retry a GET that failed with 500 or 404', async () => {
    service.queue({ status: 500, body: '{"error":"boom"}' }, { status: 404, body: '{"error":"Database not found"}' });
    await assert.rejects(client.listDatabases(), { status: 500 });
    await assert.rejects(client.getDatabase('gone'), { status: 404 });
    assert.equal(service.requests.length, 2);
  });

  const writes: Array<[string, (c: DbHostClient) => Promise<unknown>]> = [
    ['POST', (c) => c.createDocument('db', 'col', { a: 1 })],
    ['PUT', (c) => c.updateDocument('db', 'col', 'x', { $set: { a: 1 } })],
    ['DELETE', (c) => c.deleteDocument('db', 'col', 'x')],
  ];
  for (const [method, call] of writes) {
    it(`never retries a ${method}, whether it got 503 or lost the connection`, async () => {
      service.queue({ status: 503, body: '{"error":"busy"}' }, 'drop');
      await assert.rejects(call(client), { kind: 'http', status: 503 });
      await assert.rejects(call(client), { kind: 'network' });
      assert.equal(service.requests.length, 2);
      assert.ok(service.requests.every((r) => r.method === method));
    });
  }

  it('retries a GET when nothing listens, then reports the network failure', async () => {
    const lines: string[] = [];
    const port = await closedPort();
    const unreachable = new DbHostClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'k',
      retryDelayMs: 1,
      log: (line) => lines.push(line),
    });
    await assert.rejects(unreachable.listDatabases(), (error: ServiceError) => {
      assert.equal(error.kind, 'network');
      assert.equal(error.message, `Could not reach the service at http://127.0.0.1:${port}: connection refused`);
      return true;
    });
    assert.equal(lines.length, 3, lines.join('\n'));
  });
});
