import * as assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { DbHostClient } from '../../../src/client/dbHostClient';
import { ServiceError } from '../../../src/core/api/serviceError';
import type { FetchFunction } from '../../../src/client/fetchFunction';
import { encodeStrict } from '../../../src/core/text/redactKey';
import { FakeService, closedPort } from './fakeService';
import type { RecordedRequest } from './fakeService';

/** Every form in which the key could leak. */
function leakForms(key: string): string[] {
  return [
    ...new Set([
      key,
      encodeURIComponent(key),
      encodeStrict(key),
      new URLSearchParams({ k: key }).toString().slice(2),
      JSON.stringify(key).slice(1, -1),
    ]),
  ];
}

/** Everything a user, a log or a bug report could see of an error. */
function visibleParts(error: unknown): Array<[string, string]> {
  const parts: Array<[string, string]> = [['inspect', inspect(error, { depth: 10, showHidden: true })]];
  if (error instanceof Error) {
    parts.push(['message', error.message], ['String', String(error)], ['stack', error.stack ?? ''], ['JSON', JSON.stringify(error)]);
    const cause = error.cause;
    if (cause !== undefined) {
      parts.push(['cause', String(cause)], ['cause JSON', JSON.stringify(cause) ?? '']);
      if (cause instanceof Error) parts.push(['cause message', cause.message], ['cause stack', cause.stack ?? '']);
    }
  }
  return parts;
}

/** Echoes everything that could carry the key: the raw URL, the decoded key, the query. */
const echo = (request: RecordedRequest) => `${request.path}?${request.rawQuery} key=${request.query.get('_apikey')}`;

for (const key of ['CANARY-KEY-7f3a', "CANARY key/7f3a+?&=#%é'()*!"]) {
  describe(`the key ${JSON.stringify(key)} never leaks`, () => {
    let service: FakeService;
    let lines: string[];
    let client: DbHostClient;

    before(async () => {
      service = await FakeService.start();
    });
    after(() => service.close());
    beforeEach(() => {
      lines = [];
      client = new DbHostClient({
        baseUrl: service.baseUrl,
        apiKey: key,
        retryDelayMs: 1,
        timeoutMs: 1000,
        log: (line) => lines.push(line),
      });
    });

    const assertScrubbed = (error: unknown, kind: ServiceError['kind']) => {
      assert.ok(error instanceof ServiceError, `not a ServiceError: ${String(error)}`);
      assert.equal(error.kind, kind);
      for (const [where, text] of [...visibleParts(error), ...lines.map((line): [string, string] => ['log line', line])]) {
        for (const form of leakForms(key)) assert.ok(!text.includes(form), `the key (${form}) appears in the ${where}: ${text}`);
      }
      assert.ok(lines.length > 0, 'the request was logged');
    };

    const failing = async (call: () => Promise<unknown>): Promise<unknown> =>
      call().then(
        () => assert.fail('the call should have failed'),
        (error: unknown) => error,
      );

    it('reaches the service with the key (so the checks below can fail)', async () => {
      service.queue({ body: '[]' });
      await client.listPlans();
      assert.equal(service.requests[service.requests.length - 1].query.get('_apikey'), key);
    });

    it('on a 4xx with a JSON body that echoes the URL and the key', async () => {
      service.respond((request) => ({ status: 401, body: JSON.stringify({ error: `Invalid key: ${echo(request)}` }) }));
      const error = await failing(() => client.createDocument('db', 'col', { a: 1 }));
      assertScrubbed(error, 'http');
      assert.match((error as ServiceError).serviceMessage ?? '', /\[redacted\]/, 'the echo was there and was scrubbed');
    });

    it('on a 5xx with a text body that echoes the URL and the key', async () => {
      service.respond((request) => ({
        status: 500,
        headers: { 'Content-Type': 'text/plain' },
        body: `Internal error at ${echo(request)}`,
      }));
      assertScrubbed(await failing(() => client.getDatabase('db')), 'http');
    });

    it('on 503s retried until the GET gives up', async () => {
      service.respond((request) => ({ status: 503, body: JSON.stringify({ error: echo(request) }) }));
      assertScrubbed(await failing(() => client.listDatabases()), 'http');
      assert.equal(lines.length, 3);
    });

    it('on a redirect whose location carries the key', async () => {
      service.respond((request) => ({
        status: 302,
        headers: { Location: `https://elsewhere.example.net${request.path}?${request.rawQuery}` },
        body: '',
      }));
      assertScrubbed(await failing(() => client.listDatabases()), 'http');
    });

    it('on a network error (nothing listening)', async () => {
      const port = await closedPort();
      const unreachable = new DbHostClient({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: key,
        retryDelayMs: 1,
        log: (line) => lines.push(line),
      });
      const error = await failing(() => unreachable.listDatabases());
      assertScrubbed(error, 'network');
      assert.match(String((error as ServiceError).cause), /_apikey=\[redacted\]/, 'node-fetch put the URL in its message, scrubbed');
    });

    it('on a connection dropped mid-request', async () => {
      service.respond(() => 'drop');
      assertScrubbed(await failing(() => client.updateDocument('db', 'col', 'x', { $set: { a: 1 } })), 'network');
    });

    it("on a network error from Node's own fetch", async () => {
      const port = await closedPort();
      const unreachable = new DbHostClient({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: key,
        retries: 0,
        fetch: globalThis.fetch as FetchFunction,
        log: (line) => lines.push(line),
      });
      assertScrubbed(await failing(() => unreachable.listDatabases()), 'network');
    });

    it('on a fetch that fails with the full URL in its message', async () => {
      const leaky: FetchFunction = async (url) => {
        throw Object.assign(new Error(`request to ${url} failed, reason: ${decodeURIComponent(url)}`), { code: 'EWHATEVER' });
      };
      const broken = new DbHostClient({ baseUrl: service.baseUrl, apiKey: key, retries: 0, fetch: leaky, log: (line) => lines.push(line) });
      assertScrubbed(await failing(() => broken.listDatabases()), 'network');
    });

    it('on a timeout with no answer', async () => {
      service.respond(() => 'hang');
      assertScrubbed(await failing(() => client.listDatabases({ timeoutMs: 30 })), 'timeout');
    });

    it('on a timeout while the body is arriving', async () => {
      service.respond(() => 'hang-body');
      assertScrubbed(await failing(() => client.listDatabases({ timeoutMs: 30 })), 'timeout');
    });

    it('on invalid JSON that echoes the key', async () => {
      service.respond((request) => ({ body: `not json ${echo(request)}` }));
      assertScrubbed(await failing(() => client.listPlans()), 'invalid-response');
      assertScrubbed(await failing(() => client.createCollection('db', 'col')), 'invalid-response');
    });

    it('on an answer of the wrong shape', async () => {
      service.respond((request) => ({ body: JSON.stringify({ echo: echo(request) }) }));
      assertScrubbed(await failing(() => client.listInvoices()), 'invalid-response');
    });

    it('on cancellation', async () => {
      service.respond(() => 'hang');
      const controller = new AbortController();
      const before = service.requests.length;
      const call = failing(() => client.deleteCollection('db', 'col', { signal: controller.signal }));
      await service.received(before + 1);
      controller.abort();
      assertScrubbed(await call, 'cancelled');
    });
  });
}
