import * as assert from 'node:assert/strict';
import { DbHostClient } from '../../../src/client/dbHostClient';
import { ServiceError } from '../../../src/core/api/serviceError';
import { LosslessNumber } from '../../../src/core/json/lossless';
import type { JsonObject } from '../../../src/core/json/lossless';
import { FakeService } from './fakeService';

const KEY = 'key-aggregate-123';

describe('client: aggregate', () => {
  let service: FakeService;
  let client: DbHostClient;

  before(async () => {
    service = await FakeService.start();
    client = new DbHostClient({ baseUrl: service.baseUrl, apiKey: KEY });
  });
  after(() => service.close());

  it('POSTs the pipeline and limit to …/aggregate and gives the documents with the count', async () => {
    service.queue({ headers: { 'X-Service-Count': '3' }, body: '[{"_id":"eu","revenue":9007199254740993},{"_id":"us","revenue":2}]' });
    const pipeline: JsonObject[] = [
      { $match: { n: new LosslessNumber('9007199254740993') } },
      { $group: { _id: '$region', revenue: { $sum: '$n' } } },
    ];
    const page = await client.aggregate('shop', 'or ders', pipeline, { limit: 2 });
    assert.equal(page.total, 3);
    assert.deepEqual(page.documents, [
      { _id: 'eu', revenue: new LosslessNumber('9007199254740993') },
      { _id: 'us', revenue: 2 },
    ]);
    const request = service.requests.at(-1)!;
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/databases/shop/collections/or%20ders/aggregate');
    assert.equal(request.query.get('_apikey'), KEY);
    assert.equal(
      request.body,
      '{"pipeline":[{"$match":{"n":9007199254740993}},{"$group":{"_id":"$region","revenue":{"$sum":"$n"}}}],"limit":2}',
    );
  });

  it('leaves the total undefined when the service sends no count', async () => {
    service.queue({ body: '[]' });
    assert.deepEqual(await client.aggregate('shop', 'orders', []), { documents: [], total: undefined });
  });

  it('reports a 400 with the service message naming the stage, and a service without it as a 404', async () => {
    service.queue({ status: 400, body: '{"error":"stage 2 ($group): unknown accumulator $summ"}' });
    await assert.rejects(
      client.aggregate('shop', 'orders', [{ $match: {} }]),
      (error: unknown) => error instanceof ServiceError && error.status === 400 && /stage 2 \(\$group\)/.test(error.serviceMessage ?? ''),
    );
    service.queue({ status: 404, body: '{"error":"No such endpoint"}' });
    await assert.rejects(client.aggregate('shop', 'orders', []), (error: unknown) => error instanceof ServiceError && error.status === 404);
  });

  it('refuses an answer that is not a list of documents, saying so', async () => {
    service.queue({ body: '{"ok":1}' });
    await assert.rejects(client.aggregate('shop', 'orders', []), /expected a list of documents, got an object/);
  });
});
