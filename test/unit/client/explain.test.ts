import * as assert from 'node:assert/strict';
import { DbHostClient } from '../../../src/client/dbHostClient';
import { ServiceError } from '../../../src/core/api/serviceError';
import { FakeService } from './fakeService';

const KEY = 'key-explain-123';
const ANSWER = {
  ns: 'shop.orders',
  query: { k: 7 },
  sort: { n: -1 },
  skip: 0,
  limit: 20,
  plan: {
    stage: 'IXSCAN',
    index: 'n_-1',
    key: { n: -1 },
    direction: 'forward',
    bounds: { n: '[MaxKey, MinKey]' },
    sortInMemory: false,
    countFromIndex: false,
  },
  keysExamined: 20,
  docsExamined: 20,
  returned: 20,
  count: 100000,
  millis: 0.4,
  candidates: ['n_-1'],
  ok: 1,
};

describe('client: explain', () => {
  let service: FakeService;
  let client: DbHostClient;

  before(async () => {
    service = await FakeService.start();
    client = new DbHostClient({ baseUrl: service.baseUrl, apiKey: KEY });
  });
  after(() => service.close());

  it('asks GET …/explain with the documents query parameters and gives the plan as sent', async () => {
    service.queue({ body: JSON.stringify(ANSWER) });
    const answer = await client.explain('shop', 'or ders', { q: { k: 7 }, sort: { n: -1 }, fields: { k: 1 }, skip: 5, limit: 20 });
    assert.deepEqual(answer, ANSWER);
    const request = service.requests[service.requests.length - 1];
    assert.equal(request.method, 'GET');
    assert.equal(request.path, '/databases/shop/collections/or%20ders/explain');
    assert.equal(request.query.get('_apikey'), KEY);
    assert.equal(request.query.get('q'), '{"k":7}');
    assert.equal(request.query.get('sort'), '{"n":-1}');
    assert.equal(request.query.get('fields'), '{"k":1}');
    assert.equal(request.query.get('skip'), '5');
    assert.equal(request.query.get('limit'), '20');
  });

  it('reports a service without explain as a 404 ServiceError', async () => {
    service.queue({ status: 404, body: '{"error":"No such endpoint"}' });
    await assert.rejects(client.explain('shop', 'orders'), (error: unknown) => error instanceof ServiceError && error.status === 404);
  });

  it('refuses an answer without a plan, saying what it expected', async () => {
    service.queue({ body: '{"ok":1}' });
    await assert.rejects(client.explain('shop', 'orders'), /no plan with a stage/);
  });
});
