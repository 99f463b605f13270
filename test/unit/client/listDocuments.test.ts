import * as assert from 'node:assert/strict';
import { LosslessNumber } from '../../../src/core/json/lossless';
import { DbHostClient } from '../../../src/client/dbHostClient';
import { FakeService } from './fakeService';

describe('DbHostClient.listDocuments', () => {
  let service: FakeService;
  let client: DbHostClient;

  before(async () => {
    service = await FakeService.start();
    client = new DbHostClient({ baseUrl: service.baseUrl, apiKey: 'k' });
  });
  after(() => service.close());

  const lastQuery = () => service.requests[service.requests.length - 1].query;

  it('returns the documents and the total from X-Service-Count', async () => {
    service.queue({
      headers: { 'X-Service-Count': '2451' },
      body: '[{"_id":{"$oid":"4ffde1398c1a4b6d6c000001"},"a":1},{"_id":"plain","b":[1,2]}]',
    });
    const page = await client.listDocuments('db', 'col', { limit: 2 });
    assert.equal(page.total, 2451);
    assert.deepEqual(page.documents, [
      { _id: { $oid: '4ffde1398c1a4b6d6c000001' }, a: 1 },
      { _id: 'plain', b: [1, 2] },
    ]);
  });

  it('falls back to the old X-Mongohq-Count header', async () => {
    service.queue({ headers: { 'X-Mongohq-Count': '17' }, body: '[]' });
    assert.equal((await client.listDocuments('db', 'col')).total, 17);
  });

  it('prefers X-Service-Count when both are sent', async () => {
    service.queue({ headers: { 'X-Service-Count': '5', 'X-Mongohq-Count': '6' }, body: '[]' });
    assert.equal((await client.listDocuments('db', 'col')).total, 5);
  });

  it('has no total when the service sends no count or an unreadable one', async () => {
    service.queue({ body: '[]' }, { headers: { 'X-Service-Count': 'many' }, body: '[]' });
    assert.equal((await client.listDocuments('db', 'col')).total, undefined);
    assert.equal((await client.listDocuments('db', 'col')).total, undefined);
  });

  it('never asks for more than 100 documents, and sends a fractional limit as its integer part', async () => {
    service.respond(() => ({ body: '[]' }));
    await client.listDocuments('db', 'col', { limit: 500 });
    assert.equal(lastQuery().get('limit'), '100');
    await client.listDocuments('db', 'col', { limit: 7.9 });
    assert.equal(lastQuery().get('limit'), '7');
    await client.listDocuments('db', 'col', { limit: 1 });
    assert.equal(lastQuery().get('limit'), '1');
  });

  it('leaves out a limit below 1, so the service answers with its default page', async () => {
    service.respond(() => ({ body: '[]' }));
    for (const limit of [0, -5, 0.5, Number.NaN]) {
      await client.listDocuments('db', 'col', { limit, skip: 10 });
      assert.equal(lastQuery().has('limit'), false, `limit ${limit} was sent`);
      assert.equal(lastQuery().get('skip'), '10');
    }
  });

  it('leaves the limit to the service when none is given, and sends only the parameters given', async () => {
    service.respond(() => ({ body: '[]' }));
    await client.listDocuments('db', 'col');
    assert.deepEqual([...lastQuery().keys()], ['_apikey']);
  });

  it('sends q, fields and sort as JSON text and skip as an integer', async () => {
    service.respond(() => ({ body: '[]' }));
    await client.listDocuments('db', 'col', {
      q: { 'a.b': 'x y&z=1', when: { $date: '2012-06-01T00:00:00Z' } },
      fields: { name: 1, _id: 0 },
      sort: { when: -1 },
      skip: 3,
    });
    const query = lastQuery();
    assert.deepEqual(JSON.parse(query.get('q') ?? ''), { 'a.b': 'x y&z=1', when: { $date: '2012-06-01T00:00:00Z' } });
    assert.equal(query.get('fields'), '{"name":1,"_id":0}');
    assert.equal(query.get('sort'), '{"when":-1}');
    assert.equal(query.get('skip'), '3');
  });

  it('keeps numbers exactly as the service wrote them', async () => {
    service.queue({ body: '[{"_id":1,"big":9007199254740993,"price":1.50}]' });
    const [document] = (await client.listDocuments('db', 'col')).documents;
    assert.ok(document.big instanceof LosslessNumber && document.big.text === '9007199254740993');
    assert.ok(document.price instanceof LosslessNumber && document.price.text === '1.50');
  });
});
