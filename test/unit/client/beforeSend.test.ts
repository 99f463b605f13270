import * as assert from 'node:assert/strict';
import { DbHostClient } from '../../../src/client/dbHostClient';
import type { OutgoingRequest } from '../../../src/client/transport';
import { FakeService } from './fakeService';

describe('Client: beforeSend', () => {
  let service: FakeService;

  before(async () => {
    service = await FakeService.start();
  });

  after(async () => {
    await service.close();
  });

  beforeEach(() => {
    service.requests.length = 0;
  });

  it('sees each request with its method, path and body but not the key, before it is sent', async () => {
    const seen: OutgoingRequest[] = [];
    const client = new DbHostClient({
      baseUrl: service.baseUrl,
      apiKey: 'secret-key-1',
      beforeSend: async (request) => void seen.push(request),
    });
    await client.updateDocuments('shop', 'orders', { criteria: { a: 1 }, object: { $set: { b: 2 } }, multi: true });
    assert.deepEqual(seen, [
      {
        method: 'PUT',
        path: '/databases/shop/collections/orders/documents',
        query: undefined,
        body: { criteria: { a: 1 }, object: { $set: { b: 2 } }, multi: true },
      },
    ]);
    assert.ok(!JSON.stringify(seen).includes('secret-key-1'));
    assert.equal(service.requests.length, 1);
  });

  it('sends nothing when it rejects, and the call fails with its error unchanged', async () => {
    const refusal = new Error('refused by the guard');
    const client = new DbHostClient({ baseUrl: service.baseUrl, apiKey: 'k', beforeSend: async () => Promise.reject(refusal) });
    await assert.rejects(client.deleteDatabase('shop'), (error: unknown) => error === refusal);
    assert.equal(service.requests.length, 0);
  });
});
