import * as assert from 'node:assert/strict';
import { DbHostClient } from '../../../src/client/dbHostClient';
import { ServiceError } from '../../../src/core/api/serviceError';
import type { CallOptions } from '../../../src/core/api/types';
import type { FaultMode } from '../../support/faultProxy';
import { FaultProxy } from '../../support/faultProxy';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';

const KEY = 'canary-fault-key-7f3a9c';
const DB = 'faults';
const COL = 'items';
/** Generous for answers that come, short enough that a hang ends the test quickly. */
const TIMEOUT_MS = 200;

/** Everything a user could see of an error: none of it may hold the key. */
function visibleText(error: ServiceError): string {
  return [error.message, String(error), error.stack ?? '', JSON.stringify(error), error.serviceMessage ?? ''].join('\n');
}

/** Asserts that `call` rejects with exactly one ServiceError of `kind`, naming the request and never the key. */
async function rejectsWith(
  call: Promise<unknown>,
  kind: ServiceError['kind'],
  details: { method: string; status?: number },
): Promise<ServiceError> {
  let caught: unknown;
  await call.then(
    (value) => assert.fail(`expected a ${kind} error, got success: ${JSON.stringify(value)}`),
    (error: unknown) => (caught = error),
  );
  assert.ok(caught instanceof ServiceError, `expected a ServiceError, got ${String(caught)}`);
  assert.equal(caught.kind, kind, caught.message);
  assert.equal(caught.method, details.method);
  if (details.status !== undefined) assert.equal(caught.status, details.status);
  // A network failure names the service address instead of the request.
  if (kind !== 'network') assert.ok(caught.message.includes(details.method), `the message names the method: ${caught.message}`);
  assert.ok(caught.message.length > 20 && !caught.message.includes('\n'), `one clear line: ${caught.message}`);
  assert.ok(!visibleText(caught).includes(KEY), 'the error never holds the key');
  return caught;
}

describe('client under faults (fault proxy in front of the real local service)', function () {
  let service: InProcessService;
  let proxy: FaultProxy;
  let direct: DbHostClient;
  let client: DbHostClient;
  let docId: string;

  before(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    direct = new DbHostClient({ baseUrl: service.url, apiKey: KEY, retries: 0 });
    await direct.createDatabase(DB, 'sandbox');
    await direct.createCollection(DB, COL);
    await direct.createDocument(DB, COL, { _id: 'first', name: 'first', n: 1 }, { safe: true });
    docId = 'first';
    proxy = await FaultProxy.start(service.url);
    client = new DbHostClient({ baseUrl: proxy.url, apiKey: KEY, timeoutMs: 5_000, retryDelayMs: 1 });
  });

  beforeEach(() => proxy.reset());

  after(async () => {
    await proxy?.close();
    await service?.stop();
  });

  describe('reads', () => {
    const reads: Array<[string, (options?: CallOptions) => Promise<unknown>]> = [
      ['getDocument', (options) => client.getDocument(DB, COL, docId, options)],
      ['listDocuments', (options) => client.listDocuments(DB, COL, { limit: 10 }, options)],
      ['listDatabases', (options) => client.listDatabases(options)],
    ];

    for (const [name, read] of reads) {
      for (const status of [502, 503] as const) {
        it(`${name}: retries ${status} twice, then reports the status once`, async () => {
          proxy.setMode({ kind: 'status', status });
          const error = await rejectsWith(read(), 'http', { method: 'GET', status });
          assert.equal(error.serviceMessage, `Injected fault: ${status}`);
          assert.equal(proxy.count('GET'), 3);
        });
      }

      it(`${name}: does not retry a 500`, async () => {
        proxy.setMode({ kind: 'status', status: 500, message: 'disk on fire' });
        const error = await rejectsWith(read(), 'http', { method: 'GET', status: 500 });
        assert.equal(error.serviceMessage, 'disk on fire');
        assert.equal(proxy.count(), 1);
      });

      it(`${name}: retries a reset connection twice, then reports a network error`, async () => {
        proxy.setMode({ kind: 'reset' });
        await rejectsWith(read(), 'network', { method: 'GET' });
        assert.equal(proxy.count('GET'), 3);
      });

      it(`${name}: retries a body cut off by the connection closing, then reports a network error`, async () => {
        proxy.setMode({ kind: 'truncated' });
        await rejectsWith(read(), 'network', { method: 'GET' });
        assert.equal(proxy.count('GET'), 3);
      });

      it(`${name}: reports a body that is not JSON, without retrying`, async () => {
        proxy.setMode({ kind: 'invalid-json' });
        const error = await rejectsWith(read(), 'invalid-response', { method: 'GET', status: 200 });
        assert.match(error.message, /not valid JSON/);
        assert.equal(proxy.count(), 1);
      });

      for (const mode of [{ kind: 'hang' }, { kind: 'never-finish' }, { kind: 'latency', ms: 60_000 }] as FaultMode[]) {
        it(`${name}: ends by its timeout when the service ${mode.kind === 'hang' ? 'never answers' : mode.kind === 'never-finish' ? 'never finishes the body' : 'is slower than the timeout'}`, async () => {
          proxy.setMode(mode);
          const error = await rejectsWith(read({ timeoutMs: TIMEOUT_MS }), 'timeout', { method: 'GET' });
          assert.match(error.message, /timed out after/);
          assert.equal(proxy.count(), 1, 'a timed-out call is over: it is not sent again');
        });
      }

      it(`${name}: succeeds when the first two tries fail and the third passes`, async () => {
        proxy.failNext(1, { kind: 'status', status: 503 });
        proxy.failNext(1, { kind: 'reset' });
        await read();
        assert.equal(proxy.count('GET'), 3);
        assert.deepEqual(
          proxy.requests.map((request) => request.fault),
          ['status', 'reset', 'pass'],
        );
      });

      it(`${name}: gives up when the first three tries fail, though the fourth would pass`, async () => {
        proxy.failNext(3, { kind: 'status', status: 502 });
        await rejectsWith(read(), 'http', { method: 'GET', status: 502 });
        assert.equal(proxy.count('GET'), 3);
      });

      it(`${name}: succeeds through latency shorter than its timeout`, async () => {
        proxy.setMode({ kind: 'latency', ms: 20 });
        await read();
        assert.equal(proxy.count(), 1);
      });
    }
  });

  describe('writes', () => {
    let serial = 0;
    const unique = () => `w${++serial}`;

    async function stored(id: string): Promise<boolean> {
      const page = await direct.listDocuments(DB, COL, { q: { _id: id }, limit: 1 });
      return page.documents.length === 1;
    }

    const faultsBeforeService: FaultMode[] = [
      { kind: 'status', status: 500 },
      { kind: 'status', status: 502 },
      { kind: 'status', status: 503 },
      { kind: 'reset' },
      { kind: 'hang' },
    ];
    const faultsAfterService: FaultMode[] = [
      { kind: 'reset', afterForwarding: true },
      { kind: 'truncated' },
      { kind: 'invalid-json' },
      { kind: 'never-finish' },
    ];

    const expectedKind = (mode: FaultMode): ServiceError['kind'] =>
      mode.kind === 'status'
        ? 'http'
        : mode.kind === 'hang' || mode.kind === 'never-finish'
          ? 'timeout'
          : mode.kind === 'invalid-json'
            ? 'invalid-response'
            : 'network';

    const label = (mode: FaultMode) =>
      mode.kind === 'status'
        ? `status ${mode.status}`
        : mode.kind === 'reset' && mode.afterForwarding
          ? 'reset after the write'
          : mode.kind;

    for (const mode of faultsBeforeService) {
      it(`a POST that meets ${label(mode)} is sent once, reported once, and nothing is written`, async () => {
        const id = unique();
        proxy.setMode(mode);
        await rejectsWith(client.createDocument(DB, COL, { _id: id }, { safe: true }, { timeoutMs: TIMEOUT_MS }), expectedKind(mode), {
          method: 'POST',
        });
        assert.equal(proxy.count(), 1);
        assert.equal(proxy.requests[0].forwarded, false);
        assert.equal(await stored(id), false);
      });
    }

    for (const mode of faultsAfterService) {
      it(`a POST whose answer meets ${label(mode)} is sent once and never reported as a success`, async () => {
        const id = unique();
        proxy.setMode(mode);
        const error = await rejectsWith(
          client.createDocument(DB, COL, { _id: id }, { safe: true }, { timeoutMs: TIMEOUT_MS }),
          expectedKind(mode),
          {
            method: 'POST',
          },
        );
        if (mode.kind === 'invalid-json') assert.match(error.message, /may have been made anyway/);
        assert.equal(proxy.count(), 1);
        assert.equal(proxy.requests[0].forwarded, true);
        assert.equal(await stored(id), true, 'the service did the write the client could not confirm');
      });
    }

    for (const mode of [...faultsBeforeService, ...faultsAfterService]) {
      it(`PUT and DELETE that meet ${label(mode)} are each sent once and reported once`, async () => {
        const id = unique();
        await direct.createDocument(DB, COL, { _id: id, v: 1 }, { safe: true });
        proxy.setMode(mode);
        await rejectsWith(
          client.updateDocument(DB, COL, id, { $set: { v: 2 } }, { safe: true }, { timeoutMs: TIMEOUT_MS }),
          expectedKind(mode),
          {
            method: 'PUT',
          },
        );
        await rejectsWith(client.deleteDocument(DB, COL, id, { timeoutMs: TIMEOUT_MS }), expectedKind(mode), { method: 'DELETE' });
        assert.deepEqual(
          proxy.requests.map((request) => request.method),
          ['PUT', 'DELETE'],
        );
      });
    }

    it('a write after a failed one goes through once the fault is gone', async () => {
      const id = unique();
      proxy.failNext(1, { kind: 'status', status: 503 });
      await rejectsWith(client.createDocument(DB, COL, { _id: id }, { safe: true }), 'http', { method: 'POST', status: 503 });
      assert.equal(await stored(id), false);
      await client.createDocument(DB, COL, { _id: id }, { safe: true });
      assert.equal(await stored(id), true);
      assert.equal(proxy.count('POST'), 2);
    });

    it('a write slowed by latency shorter than its timeout succeeds once', async () => {
      const id = unique();
      proxy.setMode({ kind: 'latency', ms: 20 });
      await client.createDocument(DB, COL, { _id: id }, { safe: true });
      assert.equal(proxy.count(), 1);
      assert.equal(await stored(id), true);
    });
  });
});
