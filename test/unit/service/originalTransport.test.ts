import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { InProcessService } from '../../support/testService';
import { errorText, startServiceInProcess } from '../../support/testService';

const KEY = 'transport-key-one';
const OTHER_KEY = 'transport-key-two';

interface DatabaseListItem {
  name: string;
  hostname: string;
  port: number;
  slug: string;
}

/** Sends raw bytes and collects everything until the service closes the connection. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('local service: the original clients’ transport', function () {
  this.timeout(30_000);
  let running: InProcessService;

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY, OTHER_KEY] });
  });
  after(async () => running.stop());

  const names = async (key: string) =>
    ((await running.raw('GET', '/databases', { key: null, headers: { 'MongoHQ-API-Token': key } })).json as DatabaseListItem[]).map(
      (db) => db.name,
    );

  describe('the key', () => {
    it('is read from the MongoHQ-API-Token header, and keeps accounts apart', async () => {
      await running.raw('POST', '/databases', { key: OTHER_KEY, body: JSON.stringify({ name: 'only_other', slug: 'sandbox' }) });
      assert.ok((await names(OTHER_KEY)).includes('only_other'));
      assert.ok(!(await names(KEY)).includes('only_other'));
    });

    it('answers 401 when missing, wrong, or different in two places', async () => {
      assert.match(errorText(await running.raw('GET', '/databases', { key: null })), /API key is missing/);
      assert.equal((await running.raw('GET', '/databases', { key: null, headers: { 'MongoHQ-API-Token': 'wrong' } })).status, 401);
      const mixed = await running.raw('GET', '/databases', { key: KEY, headers: { 'MongoHQ-API-Token': OTHER_KEY } });
      assert.equal(mixed.status, 401);
      assert.match(errorText(mixed), /different API keys/);
      assert.ok(!mixed.text.includes(KEY) && !mixed.text.includes(OTHER_KEY), 'no key in the answer');
    });

    it('is read from a form body field, and a wrong one there is 401 with nothing created', async () => {
      const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
      assert.equal(
        (await running.raw('POST', '/databases', { key: null, headers: form, body: `_apikey=${KEY}&name=from_form&slug=sandbox` })).status,
        200,
      );
      assert.equal(
        (await running.raw('POST', '/databases', { key: null, headers: form, body: 'name=never_made&slug=sandbox&_apikey=wrong' })).status,
        401,
      );
      assert.ok((await names(KEY)).includes('from_form'));
      assert.ok(!(await names(KEY)).includes('never_made'));
    });
  });

  describe('members of POST and PUT', () => {
    it('come from the query string, nested, with flags and index directions converted and document values kept as text', async () => {
      const created = await running.raw(
        'POST',
        '/databases/inventory/collections/parts/documents?document[_id]=p&document[method]=boiled&document[count]=5&document[tags][]=a&document[tags][]=b&safe=true',
      );
      assert.equal(created.status, 200, created.text);
      const document = (await running.raw('GET', '/databases/inventory/collections/parts/documents/p')).json;
      assert.deepEqual(document, { _id: 'p', method: 'boiled', count: '5', tags: ['a', 'b'] });
      assert.equal(
        (await running.raw('POST', '/databases/inventory/collections/parts/indexes?spec[method]=1&spec[count]=-1&unique=false')).status,
        200,
      );
      const index = (await running.raw('GET', '/databases/inventory/collections/parts/indexes/method_1_count_-1')).json as {
        key: unknown;
        unique?: boolean;
      };
      assert.deepEqual(index.key, { method: 1, count: -1 });
      assert.equal(index.unique, undefined);
    });

    it('take the JSON body first, then the form body, then the query string', async () => {
      const json = await running.raw('POST', '/databases?name=from_query&slug=sandbox', { body: JSON.stringify({ name: 'from_json' }) });
      assert.equal(json.status, 200, json.text);
      const form = await running.raw('POST', '/databases?name=from_query&slug=sandbox', {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'name=from_form_body',
      });
      assert.equal(form.status, 200, form.text);
      const databases = await names(KEY);
      assert.ok(databases.includes('from_json') && databases.includes('from_form_body'));
      assert.ok(!databases.includes('from_query'));
    });

    it('read form text labelled JSON as a form, but a body starting like JSON stays JSON and its errors say so', async () => {
      const update = await running.raw('PUT', '/databases/inventory/collections/parts/documents/p', {
        body: 'document=%7B%22%24set%22%3A%7B%22method%22%3A%22poached%22%7D%7D&safe=1',
      });
      assert.equal(update.status, 200, update.text);
      assert.equal(
        ((await running.raw('GET', '/databases/inventory/collections/parts/documents/p')).json as { method: string }).method,
        'poached',
      );
      assert.match(errorText(await running.raw('POST', '/databases', { body: '{"name": ' })), /not valid JSON/);
      assert.match(errorText(await running.raw('POST', '/databases', { body: 'not json' })), /not valid JSON/);
      assert.match(errorText(await running.raw('POST', '/databases', { body: '' })), /needs a JSON object/);
    });

    it('refuse reserved names and members given both as a value and nested', async () => {
      assert.equal((await running.raw('POST', '/databases/inventory/collections/parts/documents?document[__proto__][x]=1')).status, 400);
      assert.match(
        errorText(await running.raw('POST', '/databases/inventory/collections/parts/documents?document=a&document[b]=c')),
        /both as a value and with nested members/,
      );
    });
  });

  describe('shapes', () => {
    it('gives nsSizeMB in database info and the count in both X-Service-Count and X-Mongohq-Count', async () => {
      assert.equal(((await running.raw('GET', '/databases/shop')).json as { nsSizeMB: number }).nsSizeMB, 16);
      const page = await running.raw('GET', '/databases/shop/collections/orders/documents?limit=1');
      assert.match(page.headers.get('x-service-count') ?? '', /^\d+$/);
      assert.equal(page.headers.get('x-mongohq-count'), page.headers.get('x-service-count'));
    });
  });

  describe('deployment names', () => {
    it('reach a replica set by its hostname without the leading node label, with the port; only within the account', async () => {
      const metrics = ((await running.raw('GET', '/databases')).json as DatabaseListItem[]).find((db) => db.name === 'metrics')!;
      assert.match(metrics.hostname, /^node0\./);
      const derived = `${metrics.hostname.replace(/^node0\./, '')}:${metrics.port}`;
      const deployment = (await running.raw('GET', `/deployments/${encodeURIComponent(derived)}`)).json as {
        name: string;
        databases: string[];
      };
      assert.ok(deployment.databases.includes('metrics'));
      assert.equal((await running.raw('GET', `/deployments/${encodeURIComponent(derived)}/logs`)).status, 200);
      assert.equal((await running.raw('GET', `/deployments/${encodeURIComponent(derived)}/stats`)).status, 200);
      assert.equal((await running.raw('GET', `/deployments/${encodeURIComponent(derived)}`, { key: OTHER_KEY })).status, 404);
    });
  });

  describe('a sloppy request', () => {
    it('answers a GET whose body bytes follow its head with no length, then closes the connection', async () => {
      const text = await rawExchange(
        running.service.port,
        `GET /databases HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nMongoHQ-API-Token: ${KEY}\r\n\r\n_apikey=${KEY}`,
      );
      assert.match(text, /^HTTP\/1\.1 200 OK/);
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as DatabaseListItem[];
      assert.ok(body.some((db) => db.name === 'shop'));
    });

    it('still answers a malformed request with nothing before it 400, without echoing it', async () => {
      const text = await rawExchange(running.service.port, `_apikey=${KEY}\r\n\r\n`);
      assert.match(text, /^HTTP\/1\.1 400/);
      assert.ok(!text.includes(KEY));
    });
  });
});
