import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { RawAnswer, InProcessService } from '../../support/testService';
import { errorText, jsonBody, startServiceInProcess } from '../../support/testService';

const KEY = 'bad-input-key-7f3a9c';

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** A body the endpoint accepts (POST and PUT). */
  body?: Record<string, unknown>;
  /** The same endpoint with each name in the path replaced by one that does not exist. */
  missing: string[];
}

const DOCS = '/databases/shop/collections/orders/documents';
/** The 25 endpoints, each with paths that name something missing. */
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/databases', missing: [] },
  { method: 'POST', path: '/databases', body: { name: 'fresh', slug: 'sandbox' }, missing: [] },
  { method: 'GET', path: '/databases/shop', missing: ['/databases/nope'] },
  { method: 'DELETE', path: '/databases/shop', missing: ['/databases/nope'] },
  { method: 'GET', path: '/databases/shop/collections', missing: ['/databases/nope/collections'] },
  { method: 'POST', path: '/databases/shop/collections', body: { name: 'fresh' }, missing: ['/databases/nope/collections'] },
  {
    method: 'GET',
    path: '/databases/shop/collections/orders',
    missing: ['/databases/nope/collections/orders', '/databases/shop/collections/nope'],
  },
  {
    method: 'PUT',
    path: '/databases/shop/collections/orders',
    body: { name: 'renamed' },
    missing: ['/databases/nope/collections/orders', '/databases/shop/collections/nope'],
  },
  {
    method: 'DELETE',
    path: '/databases/shop/collections/orders',
    missing: ['/databases/nope/collections/orders', '/databases/shop/collections/nope'],
  },
  { method: 'GET', path: DOCS, missing: ['/databases/nope/collections/orders/documents', '/databases/shop/collections/nope/documents'] },
  { method: 'POST', path: DOCS, body: { document: { a: 1 } }, missing: ['/databases/nope/collections/orders/documents'] },
  {
    method: 'PUT',
    path: DOCS,
    body: { criteria: {}, object: { $set: { a: 1 } } },
    missing: ['/databases/nope/collections/orders/documents', '/databases/shop/collections/nope/documents'],
  },
  {
    method: 'GET',
    path: `${DOCS}/ID`,
    missing: [
      '/databases/nope/collections/orders/documents/ID',
      '/databases/shop/collections/nope/documents/ID',
      `${DOCS}/0123456789abcdef01234567`,
    ],
  },
  {
    method: 'PUT',
    path: `${DOCS}/ID`,
    body: { document: { $set: { a: 1 } } },
    missing: ['/databases/nope/collections/orders/documents/ID', `${DOCS}/nope`],
  },
  { method: 'DELETE', path: `${DOCS}/ID`, missing: ['/databases/nope/collections/orders/documents/ID', `${DOCS}/nope`] },
  {
    method: 'GET',
    path: '/databases/shop/collections/orders/indexes',
    missing: ['/databases/nope/collections/orders/indexes', '/databases/shop/collections/nope/indexes'],
  },
  {
    method: 'POST',
    path: '/databases/shop/collections/orders/indexes',
    body: { spec: { status: 1 } },
    missing: ['/databases/shop/collections/nope/indexes'],
  },
  {
    method: 'DELETE',
    path: '/databases/shop/collections/orders/indexes/createdAt_-1',
    missing: ['/databases/shop/collections/orders/indexes/nope_1', '/databases/nope/collections/orders/indexes/createdAt_-1'],
  },
  { method: 'DELETE', path: '/databases/shop/collections/orders/indexes', missing: ['/databases/shop/collections/nope/indexes'] },
  { method: 'GET', path: '/deployments', missing: [] },
  { method: 'GET', path: '/deployments/DEPLOYMENT', missing: ['/deployments/nope.example.net:1'] },
  { method: 'GET', path: '/deployments/DEPLOYMENT/logs', missing: ['/deployments/nope/logs'] },
  { method: 'GET', path: '/invoices', missing: [] },
  { method: 'GET', path: '/invoices/1001', missing: ['/invoices/42', '/invoices/abc'] },
  { method: 'GET', path: '/plans', missing: [] },
];

function assertError(answer: RawAnswer, status: number, pattern?: RegExp): void {
  assert.equal(answer.status, status, `expected ${status}, got ${answer.status}: ${answer.text.slice(0, 300)}`);
  const message = errorText(answer);
  if (pattern) assert.match(message, pattern);
  assert.ok(!answer.text.includes(KEY), 'the answer echoes the key');
}

describe('local service: bad input on every endpoint', function () {
  this.timeout(30_000);
  let running: InProcessService;
  let documentId: string;
  let deployment: string;
  const resolve = (path: string) => path.replace('ID', documentId).replace('DEPLOYMENT', encodeURIComponent(deployment));

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY] });
    documentId = ((await running.raw('GET', `${DOCS}?limit=1`)).json as { _id: { $oid: string } }[])[0]._id.$oid;
    deployment = ((await running.raw('GET', '/deployments')).json as { name: string }[])[0].name;
  });
  after(async () => running.stop());

  it('lists exactly the 25 endpoints of the interface', () => {
    assert.equal(ENDPOINTS.length, 25);
  });

  it('answers 401 without echoing anything for a missing, empty or wrong key, and changes nothing', async () => {
    for (const endpoint of ENDPOINTS) {
      const body = endpoint.body && jsonBody(endpoint.body);
      assertError(await running.raw(endpoint.method, resolve(endpoint.path), { key: null, body }), 401, /_apikey/);
      assertError(await running.raw(endpoint.method, resolve(endpoint.path), { key: '', body }), 401, /_apikey/);
      const wrong = `${KEY}-wrong`;
      const answer = await running.raw(endpoint.method, resolve(endpoint.path), { key: wrong, body });
      assertError(answer, 401, /not valid/);
      assert.ok(!answer.text.includes(wrong));
    }
    assert.equal(((await running.raw('GET', '/databases')).json as unknown[]).length, 3);
  });

  it('answers 404 with {"error"} for names that do not exist', async () => {
    for (const endpoint of ENDPOINTS) {
      for (const path of endpoint.missing) {
        const answer = await running.raw(endpoint.method, resolve(path), { body: endpoint.body && jsonBody(endpoint.body) });
        assertError(answer, 404, /does not exist/);
      }
    }
  });

  it('answers 404 for unknown paths and 405 with Allow for a method a path does not take', async () => {
    assertError(await running.raw('GET', '/nothing/here'), 404, /No such endpoint/);
    assertError(await running.raw('GET', '/databases/shop/collections/orders/documents/a/b'), 404, /No such endpoint/);
    const answer = await running.raw('PATCH', '/databases');
    assertError(answer, 405, /PATCH is not allowed/);
    assert.equal(answer.headers.get('allow'), 'GET, POST');
    assertError(await running.raw('POST', '/plans', { body: '{}' }), 405);
    assertError(await running.raw('DELETE', '/invoices/1001'), 405);
    assertError(await running.raw('PUT', '/databases/shop/collections/orders/indexes/sku_1', { body: '{}' }), 405);
  });

  it('answers 400 for bodies that are not JSON objects, on every endpoint with a body', async () => {
    for (const endpoint of ENDPOINTS.filter((candidate) => candidate.body)) {
      const path = resolve(endpoint.path);
      for (const body of ['', '{"name": ', 'not json', '[]', '"text"', '42', 'null']) {
        assertError(await running.raw(endpoint.method, path, { body }), 400, /body/);
      }
    }
  });

  it('answers 400 for members of the wrong type', async () => {
    const cases: [string, string, Record<string, unknown>, RegExp][] = [
      ['POST', '/databases', { name: 5, slug: 'sandbox' }, /"name" must be a string/],
      ['POST', '/databases', { name: 'x' }, /"slug"/],
      ['POST', '/databases', { name: 'x', slug: ['sandbox'] }, /"slug" must be a string/],
      ['POST', '/databases/shop/collections', { name: null }, /"name" must be a string/],
      ['POST', '/databases/shop/collections', {}, /"name"/],
      ['PUT', '/databases/shop/collections/orders', { name: { to: 'x' } }, /"name" must be a string/],
      ['POST', DOCS, { document: 'text' }, /"document" must be a JSON object/],
      ['POST', DOCS, { document: [1, 2] }, /"document" must be a JSON object/],
      ['POST', DOCS, {}, /"document"/],
      ['POST', DOCS, { document: { a: 1 }, safe: 'yes' }, /"safe" must be true or false/],
      ['POST', DOCS, { document: { _id: [1] } }, /_id cannot be an array/],
      ['POST', DOCS, { document: { $bad: 1 } }, /cannot start with "\$"/],
      ['POST', DOCS, { document: { 'a.b': 1 } }, /cannot contain "\."/],
      ['POST', DOCS, { document: { _id: { $oid: 'xyz' } } }, /\$oid/],
      ['POST', DOCS, { document: { at: { $date: 'yesterday' } } }, /\$date/],
      ['PUT', DOCS, { criteria: 'all', object: { $set: { a: 1 } } }, /"criteria" must be a JSON object/],
      ['PUT', DOCS, { criteria: {}, object: 7 }, /"object" must be a JSON object/],
      ['PUT', DOCS, { criteria: {}, object: { $set: { a: 1 } }, multi: 1 }, /"multi" must be true or false/],
      ['PUT', DOCS, { criteria: {}, object: { $set: { a: 1 } }, upsert: 'no' }, /"upsert" must be true or false/],
      ['PUT', DOCS, { criteria: { $where: 'sleep(1)' }, object: { $set: { a: 1 } } }, /\$where runs JavaScript/],
      ['PUT', DOCS, { criteria: {}, object: { $set: { a: 1 }, b: 2 } }, /mixes update operators/],
      ['PUT', `${DOCS}/ID`, { document: null }, /"document" must be a JSON object/],
      ['PUT', `${DOCS}/ID`, { document: { $inc: { total: 'many' } } }, /Invalid update/],
      ['PUT', `${DOCS}/ID`, { document: { $set: 'x' } }, /\$set must be an object/],
      ['PUT', `${DOCS}/ID`, { document: { $set: { '': 1 } } }, /update path cannot be empty/],
      ['PUT', `${DOCS}/ID`, { document: { $set: { 'x..y': 1 } } }, /update path "x\.\.y" contains an empty field name/],
      ['PUT', `${DOCS}/ID`, { document: { $inc: { 'x.': 1 } } }, /update path "x\." contains an empty field name/],
      ['PUT', `${DOCS}/ID`, { document: { $rename: { total: '.x' } } }, /update path "\.x" contains an empty field name/],
      ['PUT', DOCS, { criteria: {}, object: { $set: { 'x..y': 1 } }, multi: true }, /empty field name/],
      ['PUT', DOCS, { criteria: { _id: 'fresh' }, object: { $setOnInsert: { '': 1 } }, upsert: true }, /update path cannot be empty/],
      ['POST', '/databases/shop/collections/orders/indexes', { spec: 'status' }, /"spec" must be a JSON object/],
      ['POST', '/databases/shop/collections/orders/indexes', { spec: {} }, /at least one field/],
      ['POST', '/databases/shop/collections/orders/indexes', { spec: { status: 2 } }, /must be 1, -1/],
      ['POST', '/databases/shop/collections/orders/indexes', { spec: { status: 1 }, unique: 'true' }, /"unique" must be true or false/],
      ['POST', '/databases/shop/collections/orders/indexes', { spec: { status: 1 }, min: '0' }, /"min" must be a number/],
    ];
    for (const [method, path, body, pattern] of cases) {
      assertError(await running.raw(method, resolve(path), { body: jsonBody(body) }), 400, pattern);
    }
    assert.equal((await running.raw('GET', DOCS)).headers.get('x-service-count'), '3000');
    assert.equal(((await running.raw('GET', '/databases/shop/collections/orders/indexes')).json as unknown[]).length, 3);
    const document = (await running.raw('GET', resolve(`${DOCS}/ID`))).json as Record<string, unknown>;
    assert.ok(!('' in document) && !('x' in document), 'a refused update changed the document');
  });

  it('answers 400 for invalid JSON or wrong types in q, fields and sort, and for non-integer skip and limit', async () => {
    const cases: [string, RegExp][] = [
      ['q={status:', /"q" parameter is not valid JSON/],
      ['q=[1]', /"q" parameter must be a JSON object/],
      ['q={"$foo":1}', /Invalid query/],
      ['q={"total":{"$gt":{"$date":"never"}}}', /\$date/],
      ['fields=name', /"fields" parameter is not valid JSON/],
      ['fields=[1,2]', /field names/],
      ['fields="total"', /"fields" must be/],
      ['sort={"total":', /"sort" parameter is not valid JSON/],
      ['sort={"total":"desc"}', /directions must be 1 or -1/],
      ['sort=[["total",1]]', /"sort" parameter must be a JSON object/],
      ['limit=ten', /"limit" parameter must be a non-negative integer/],
      ['limit=-5', /"limit"/],
      ['limit=2.5', /"limit"/],
      ['skip=-1', /"skip"/],
      ['skip=1e3', /"skip"/],
    ];
    for (const [query, pattern] of cases) {
      const [name, value] = query.split(/=(.*)/s);
      assertError(await running.raw('GET', `${DOCS}?${name}=${encodeURIComponent(value)}`), 400, pattern);
    }
  });

  it('refuses names with forbidden characters in paths and bodies', async () => {
    assertError(
      await running.raw('POST', '/databases/shop/collections/bad$name/documents', { body: jsonBody({ document: { a: 1 } }) }),
      400,
      /"\$"/,
    );
    assertError(await running.raw('POST', '/databases', { body: jsonBody({ name: 'a.b', slug: 'sandbox' }) }), 400, /"\."/);
    assertError(await running.raw('GET', '/databases/%E0%A4%A'), 400, /percent-encoding/);
  });

  it('refuses documents nested deeper than 100 levels, and survives very deep JSON', async () => {
    const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    assertError(await running.raw('POST', DOCS, { body: `{"document":${deep(150)}}` }), 400, /nested deeper than 100/);
    assertError(await running.raw('POST', DOCS, { body: `{"document":${deep(200_000)}}` }), 400);
    assertError(await running.raw('GET', `${DOCS}?q=${encodeURIComponent(deep(5000))}`), 400);
    assert.equal((await running.raw('GET', '/plans')).status, 200);
  });

  it('answers 413 for a body over 16 MB, by its declared length or by what arrives', async () => {
    const big = Buffer.alloc(17 * 1024 * 1024, 0x20);
    assertError(await running.raw('POST', DOCS, { body: big }), 413, /16 MB/);
    const chunked = await new Promise<{ status: number; text: string }>((resolvePromise, reject) => {
      const url = new URL(`${DOCS}?_apikey=${KEY}`, running.service.url);
      const outgoing = request(
        url,
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolvePromise({ status: response.statusCode ?? 0, text }));
        },
      );
      outgoing.on('error', reject);
      outgoing.setNoDelay(true);
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 40 && outgoing.write(chunk)) sent++;
        if (sent < 40) outgoing.once('drain', pump);
        else outgoing.end();
      };
      outgoing.on('response', () => (sent = 40));
      pump();
    });
    assert.equal(chunked.status, 413);
    assert.match(chunked.text, /larger than 16 MB/);
    assert.equal((await running.raw('GET', '/plans')).status, 200);
  });
});
