import * as assert from 'node:assert/strict';
import { DbHostClient } from '../../../src/client/dbHostClient';
import { ServiceError } from '../../../src/core/api/serviceError';
import { redactKey } from '../../../src/core/text/redactKey';
import { FakeService } from './fakeService';

describe('DbHostClient errors', () => {
  let service: FakeService;
  let client: DbHostClient;
  let lines: string[];

  beforeEach(async () => {
    service = await FakeService.start();
    lines = [];
    client = new DbHostClient({ baseUrl: service.baseUrl, apiKey: 'k', retryDelayMs: 1, log: (line) => lines.push(line) });
  });
  afterEach(() => service.close());

  const failure = async (call: Promise<unknown>): Promise<ServiceError> => {
    const error = await call.then(
      () => assert.fail('the call should have failed'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ServiceError, `not a ServiceError: ${String(error)}`);
    return error;
  };

  it('carries the service error text, the status, the method and the path', async () => {
    service.queue({ status: 404, body: '{"error": "Database not found"}' });
    const error = await failure(client.getDatabase('foo'));
    assert.equal(error.message, 'GET /databases/foo failed: 404 Database not found');
    assert.equal(error.kind, 'http');
    assert.equal(error.status, 404);
    assert.equal(error.serviceMessage, 'Database not found');
    assert.equal(error.method, 'GET');
    assert.equal(error.path, '/databases/foo');
    assert.equal(error.name, 'ServiceError');
    assert.ok(String(error).startsWith('ServiceError: GET /databases/foo failed: 404'));
    assert.ok(error.stack?.startsWith('ServiceError: GET /databases/foo failed: 404'));
  });

  it('shows a plain-text error body', async () => {
    service.queue({ status: 403, headers: { 'Content-Type': 'text/plain' }, body: 'Payment information required\n' });
    const error = await failure(client.createDatabase('big', 'micro'));
    assert.equal(error.message, 'POST /databases failed: 403 Payment information required');
    assert.equal(error.serviceMessage, 'Payment information required');
  });

  it('shows the text of an HTML error page, not its markup', async () => {
    service.queue({
      status: 502,
      headers: { 'Content-Type': 'text/html' },
      body: '<html><head><style>p{}</style></head><body><h1>Bad Gateway</h1><p>upstream down</p></body></html>',
    });
    const error = await failure(client.deleteDatabase('x'));
    assert.equal(error.serviceMessage, 'Bad Gateway upstream down');
  });

  it('names the status when the body says nothing', async () => {
    service.queue({ status: 401, body: '' });
    const error = await failure(client.listPlans());
    assert.equal(error.message, 'GET /plans failed: 401 Unauthorized');
    assert.equal(error.serviceMessage, undefined);
  });

  it('shortens a very long service message', async () => {
    service.queue({ status: 500, body: JSON.stringify({ error: 'x'.repeat(10_000) }) });
    const error = await failure(client.listPlans());
    assert.ok(error.serviceMessage !== undefined && error.serviceMessage.length <= 500);
  });

  it('does not follow a redirect, and says where the service moved', async () => {
    service.queue({ status: 301, headers: { Location: 'https://elsewhere.example.net/databases?_apikey=k' }, body: '' });
    const error = await failure(client.listDatabases());
    assert.equal(error.kind, 'http');
    assert.equal(error.status, 301);
    assert.equal(
      error.message,
      'GET /databases failed: 301 the service redirects to https://elsewhere.example.net/databases?_apikey=[redacted]; set the service address to where it moved',
    );
    assert.equal(service.requests.length, 1);
  });

  it('keeps the network failure code in a scrubbed cause', async () => {
    service.queue('drop');
    const error = await failure(client.createCollection('db', 'c'));
    assert.equal(error.kind, 'network');
    assert.match(error.message, /^Could not reach the service at http:\/\/127\.0\.0\.1:\d+: /);
    assert.equal((error.cause as { code?: string }).code, 'ECONNRESET');
  });

  it('logs one line per request with method, path, outcome and duration', async () => {
    service.queue({ status: 503, body: '' }, { body: '[]' }, { status: 404, body: '{"error":"no"}' });
    await client.listDatabases();
    await failure(client.deleteDatabase('gone'));
    assert.equal(lines.length, 3);
    assert.match(lines[0], /^GET \/databases\?_apikey=\[redacted\] 503 \d+ ms$/);
    assert.match(lines[1], /^GET \/databases\?_apikey=\[redacted\] 200 \d+ ms$/);
    assert.match(lines[2], /^DELETE \/databases\/gone\?_apikey=\[redacted\] 404 \d+ ms$/);
  });

  it('still answers when the logger throws', async () => {
    const noisy = new DbHostClient({
      baseUrl: service.baseUrl,
      apiKey: 'k',
      log: () => {
        throw new Error('log full');
      },
    });
    service.queue({ body: '[]' });
    assert.deepEqual(await noisy.listPlans(), []);
  });

  describe('redactKey', () => {
    it('hides the key, its URL-encoded forms and any _apikey value', () => {
      const key = 'a b/c+d';
      const text = `raw ${key} strict a%20b%2Fc%2Bd lower a%20b%2fc%2bd form a+b%2Fc%2Bd other ?_apikey=zzz&x=1`;
      assert.equal(redactKey(text, key), 'raw [redacted] strict [redacted] lower [redacted] form [redacted] other ?_apikey=[redacted]&x=1');
    });

    it('leaves text without the key alone, and spares the parameter name from a short key', () => {
      assert.equal(redactKey('GET /plans 200', 'secret'), 'GET /plans 200');
      assert.equal(redactKey('/x?_apikey=k k', 'k'), '/x?_apikey=[redacted] [redacted]');
    });

    it('still hides a key that contains the parameter name', () => {
      assert.equal(redactKey('key x_apikeyx here', 'x_apikeyx'), 'key [redacted] here');
    });
  });
});
