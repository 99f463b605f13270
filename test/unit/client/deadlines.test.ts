import * as assert from 'node:assert/strict';
import { DbHostClient } from '../../../src/client/dbHostClient';
import { ServiceError } from '../../../src/core/api/serviceError';
import type { FetchFunction } from '../../../src/client/fetchFunction';
import { loadNodeFetch } from '../../../src/client/fetchFunction';
import { formatDuration } from '../../../src/client/formatDuration';
import { FakeService } from './fakeService';

describe('DbHostClient timeouts and cancellation', () => {
  let service: FakeService;

  // Loading node-fetch the first time can take longer than the tiny time limits below.
  before(() => loadNodeFetch());
  beforeEach(async () => {
    service = await FakeService.start();
  });
  afterEach(() => service.close());

  const client = (timeoutMs = 30_000) => new DbHostClient({ baseUrl: service.baseUrl, apiKey: 'k', timeoutMs, retryDelayMs: 1 });

  it('times out when the service never answers', async () => {
    service.respond(() => 'hang');
    const lines: string[] = [];
    const impatient = new DbHostClient({
      baseUrl: service.baseUrl,
      apiKey: 'k',
      timeoutMs: 40,
      retryDelayMs: 1,
      log: (line) => lines.push(line),
    });
    await assert.rejects(impatient.listDatabases(), (error: ServiceError) => {
      assert.ok(error instanceof ServiceError);
      assert.equal(error.kind, 'timeout');
      assert.equal(error.message, 'GET /databases timed out after 40 ms');
      return true;
    });
    assert.equal(lines.length, 1, 'a timed-out GET is not sent again');
    assert.match(lines[0], /^GET \/databases\?_apikey=\[redacted\] timed out \d+ ms$/);
  });

  it('times out when the body never finishes', async () => {
    service.respond(() => 'hang-body');
    await assert.rejects(client(40).listDatabases(), { name: 'ServiceError', kind: 'timeout' });
  });

  it('takes a per-call time limit over the client one', async () => {
    service.respond(() => 'hang');
    await assert.rejects(client().getDatabase('db', { timeoutMs: 30 }), {
      kind: 'timeout',
      message: 'GET /databases/db timed out after 30 ms',
    });
  });

  it('says long time limits in seconds', () => {
    assert.equal(formatDuration(30_000), '30 s');
    assert.equal(formatDuration(1500), '1.5 s');
    assert.equal(formatDuration(250), '250 ms');
  });

  it('times out even with a fetch that ignores the abort signal', async () => {
    const never: FetchFunction = () => new Promise(() => undefined);
    const stuck = new DbHostClient({ baseUrl: service.baseUrl, apiKey: 'k', timeoutMs: 20, fetch: never });
    await assert.rejects(stuck.listPlans(), { kind: 'timeout' });
  });

  it('is cancelled while waiting for the answer', async () => {
    service.respond(() => 'hang');
    const controller = new AbortController();
    const call = client().createDocument('db', 'col', { a: 1 }, { safe: true }, { signal: controller.signal });
    await service.received(1);
    controller.abort();
    await assert.rejects(call, (error: ServiceError) => {
      assert.equal(error.kind, 'cancelled');
      assert.equal(error.message, 'POST /databases/db/collections/col/documents was cancelled');
      return true;
    });
  });

  it('is cancelled while the body is still arriving', async () => {
    service.respond(() => 'hang-body');
    const controller = new AbortController();
    const call = client().listDatabases({ signal: controller.signal });
    await service.received(1);
    controller.abort();
    await assert.rejects(call, { kind: 'cancelled' });
  });

  it('sends nothing when the signal is already aborted', async () => {
    await assert.rejects(client().listDatabases({ signal: AbortSignal.abort() }), { kind: 'cancelled' });
    assert.equal(service.requests.length, 0);
  });

  it('does not retry after a cancellation, even during the wait before a retry', async () => {
    const controller = new AbortController();
    const patient = new DbHostClient({ baseUrl: service.baseUrl, apiKey: 'k', retryDelayMs: 60_000 });
    service.respond(() => ({ status: 503, body: '{"error":"busy"}' }));
    const call = patient.listDatabases({ signal: controller.signal });
    await service.received(1);
    controller.abort();
    await assert.rejects(call, { kind: 'cancelled' });
    assert.equal(service.requests.length, 1);
  });
});
