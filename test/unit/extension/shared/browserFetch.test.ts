import * as assert from 'node:assert/strict';
import { DbHostClient } from '../../../../src/client/dbHostClient';
import { ServiceError } from '../../../../src/core/api/serviceError';
import { browserFetch } from '../../../../src/extension/kit/accounts/browserFetch';

const ORIGIN = 'https://0c3f9a7e.vscode-cdn.net';

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => assert.fail('the call succeeded'),
    (error: unknown) => error,
  );
}

describe('the browser’s fetch (VS Code for the Web): a failed request says what to check', () => {
  it('a request the browser could not make names both causes and the page’s origin to allow, never the key', async () => {
    const key = 'browser-fetch-key-1234';
    const client = new DbHostClient({
      baseUrl: 'http://127.0.0.1:8780',
      apiKey: key,
      // What a browser's fetch rejects with, whether the service is down or refuses the origin: no code, no detail.
      fetch: browserFetch(() => Promise.reject(new TypeError('Failed to fetch')), ORIGIN),
      keyInHeader: true,
      retries: 0,
    });
    const error = await failureOf(client.listDatabases());
    assert.ok(error instanceof ServiceError);
    assert.match(error.message, /^Could not reach the service at http:\/\/127\.0\.0\.1:8780: the browser could not make the request/);
    assert.match(error.message, /not running or not reachable/);
    assert.ok(error.message.includes(`--allow-origin ${ORIGIN}`), error.message);
    assert.ok(!error.message.includes(key));
  });

  it('without a known origin still says which option to use', async () => {
    const fetch = browserFetch(() => Promise.reject(new TypeError('Failed to fetch')), undefined);
    const error = await failureOf(
      fetch('http://127.0.0.1:1/', { method: 'GET', headers: {}, signal: new AbortController().signal, redirect: 'manual' }),
    );
    assert.ok(error instanceof TypeError);
    assert.match(error.message, /--allow-origin and this page's origin/);
  });

  it('leaves a cancelled request and any other failure as they are', async () => {
    const aborted = new AbortController();
    aborted.abort();
    const abortError = new DOMException('The operation was aborted', 'AbortError');
    const cancelled = browserFetch(() => Promise.reject(abortError), ORIGIN);
    assert.equal(
      await failureOf(cancelled('http://x/', { method: 'GET', headers: {}, signal: aborted.signal, redirect: 'manual' })),
      abortError,
    );
    const other = new RangeError('odd');
    const failing = browserFetch(() => Promise.reject(other), ORIGIN);
    assert.equal(
      await failureOf(failing('http://x/', { method: 'GET', headers: {}, signal: new AbortController().signal, redirect: 'manual' })),
      other,
    );
  });
});
