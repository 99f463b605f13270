import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DbHostClient } from '../../../src/client/dbHostClient';
import type { FetchFunction } from '../../../src/client/fetchFunction';
import type { OutgoingRequest } from '../../../src/client/transport';
import { GUARDED_WRITE_METHODS, READS_SENT_AS_POST, WRITES_WITHOUT_A_USER_PATH } from '../../support/guardedWrites';
import { isWriteRequest } from '../../../src/core/guardrails/accountGuardrails';

/** Every TypeScript file of src/extension, with its text. */
function extensionSources(): { path: string; text: string }[] {
  const root = join(__dirname, '..', '..', '..', 'src', 'extension');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ path: name, text: readFileSync(join(root, name), 'utf8') }));
}

interface Sent {
  method: string;
  path: string;
  /** Whether the client's beforeSend hook saw the request before it went out. */
  guarded: boolean;
}

/**
 * Calls every method of a DbHostClient (whatever its name, so a method added later is found too) against a
 * fetch that records what goes out, and returns the methods that sent anything but a GET.
 */
async function writeMethodsOfTheClient(): Promise<Map<string, Sent[]>> {
  let sent: Sent[] = [];
  let seen: OutgoingRequest[] = [];
  const fetch: FetchFunction = async (url, init) => {
    const path = new URL(url).pathname;
    sent.push({
      method: String(init?.method),
      path,
      guarded: seen.some((request) => request.path === path && request.method === init?.method),
    });
    return { status: 200, statusText: 'OK', headers: { get: () => 'application/json' }, text: async () => '{}' } as unknown as Awaited<
      ReturnType<FetchFunction>
    >;
  };
  const client = new DbHostClient({
    baseUrl: 'http://127.0.0.1:9',
    apiKey: 'k',
    retries: 0,
    fetch,
    beforeSend: async (request) => void seen.push(request),
  });
  const writes = new Map<string, Sent[]>();
  const names = Object.getOwnPropertyNames(DbHostClient.prototype).filter((name) => name !== 'constructor');
  // Strings fit path segments; objects fit bodies. A method that refuses one set of arguments gets the other.
  const argumentSets: unknown[][] = [
    ['a', 'b', 'c', 'd', 'e', 'f'],
    ['a', 'b', {}, {}, {}, {}],
  ];
  for (const name of names) {
    const method = (client as unknown as Record<string, unknown>)[name];
    if (typeof method !== 'function') continue;
    for (const args of argumentSets) {
      sent = [];
      seen = [];
      try {
        await (method as (...a: unknown[]) => Promise<unknown>).apply(client, args);
      } catch {
        // Only what went out counts; the fake's answer need not fit the method.
      }
      // The client's own plumbing (read, write…) called with nonsense sends no real HTTP method.
      const real = sent.filter((request) => ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'].includes(request.method));
      if (real.length === 0) continue;
      const nonGet = real.filter((request) => isWriteRequest(request));
      if (nonGet.length > 0) writes.set(name, nonGet);
      break;
    }
  }
  return writes;
}

describe('Guardrails cover every write of the client', () => {
  let writes: Map<string, Sent[]>;

  before(async () => {
    writes = await writeMethodsOfTheClient();
  });

  it('finds the client’s write methods by calling every method', () => {
    // A sanity floor: the methods of the service interface that write.
    for (const name of ['createDatabase', 'updateDocument', 'dropAllIndexes'])
      assert.ok(writes.has(name), `${name} was not found to write`);
    assert.ok(!writes.has('listDocuments') && !writes.has('getDocument'), 'a read was counted as a write');
  });

  it('has a guardrail test for every write method (add new ones to test/support/guardedWrites.ts and drive them in test/integration/guardrails/)', () => {
    const missing = [...writes.keys()].filter((name) => !(GUARDED_WRITE_METHODS as readonly string[]).includes(name));
    assert.deepEqual(missing, [], `write methods without a guardrail test: ${missing.join(', ')}`);
    const stale = GUARDED_WRITE_METHODS.filter((name) => !writes.has(name));
    assert.deepEqual(stale, [], `listed as writes but sending none: ${stale.join(', ')}`);
  });

  it('lets a write method go without a user path in the integration table only while the extension never calls it', () => {
    const sources = extensionSources();
    for (const method of WRITES_WITHOUT_A_USER_PATH) {
      const callers = sources.filter(({ text }) => new RegExp(`\\b${method}\\b`).test(text)).map(({ path }) => path);
      assert.deepEqual(
        callers,
        [],
        `${method} is called by the extension: drive it in test/integration/guardrails/ and remove it from WRITES_WITHOUT_A_USER_PATH`,
      );
    }
  });

  it('counts a POST that writes nothing as a read only where it is listed as one', () => {
    for (const name of READS_SENT_AS_POST) assert.ok(!writes.has(name), `${name} was counted as a write`);
    assert.ok(isWriteRequest({ method: 'POST', path: '/databases/a/collections/b/documents' }));
    assert.ok(isWriteRequest({ method: 'PUT', path: '/databases/a/collections/b/update_preview' }));
    assert.ok(isWriteRequest({ method: 'POST', path: '/databases/a/collections/update_preview/documents' }));
    const aggregate = '/databases/a/collections/b/aggregate';
    assert.ok(!isWriteRequest({ method: 'POST', path: aggregate, body: { pipeline: [{ $match: {} }, { $group: { _id: null } }] } }));
    assert.ok(isWriteRequest({ method: 'POST', path: aggregate, body: { pipeline: [{ $match: {} }, { $out: 'c' }] } }));
    assert.ok(isWriteRequest({ method: 'POST', path: aggregate, body: { pipeline: [{ $merge: { into: 'c' } }] } }));
    assert.ok(isWriteRequest({ method: 'PUT', path: aggregate, body: { pipeline: [] } }));
  });

  it('runs every write past the beforeSend hook, with its method and path, before it is sent', () => {
    for (const [name, sent] of writes)
      for (const request of sent)
        assert.ok(request.guarded, `${name}: ${request.method} ${request.path} was sent without the hook seeing it`);
  });
});
