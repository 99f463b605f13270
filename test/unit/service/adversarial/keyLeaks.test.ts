import assert from 'node:assert/strict';
import { DbHostClient } from '../../../../src/client/dbHostClient';
import { ServiceError } from '../../../../src/core/api/serviceError';
import { encodeStrict } from '../../../../src/core/text/redactKey';
import { FakeService } from '../../client/fakeService';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { KEY_A, seed, sendRaw } from './adversarialHarness';

const CANARY_KEYS = ['CANARY-KEY-7f3a9c21d0', "CANARY key/7f3a+?&=#%é'()*!"];

/** Every form in which a key could be read off a text. */
const leakForms = (key: string): string[] => [
  ...new Set([
    key,
    encodeURIComponent(key),
    encodeStrict(key),
    new URLSearchParams({ k: key }).toString().slice(2),
    JSON.stringify(key).slice(1, -1),
  ]),
];

/** Any run of `minimum` or more characters of the key's forms, which a cut might leave. */
function keyFragmentIn(text: string, key: string, minimum = 8): string | undefined {
  for (const form of leakForms(key)) {
    for (let start = 0; start + minimum <= form.length; start++) {
      const fragment = form.slice(start, start + minimum);
      if (text.includes(fragment)) return fragment;
    }
  }
  return undefined;
}

describe('adversarial: the local service never prints or echoes a key, wherever the client put it', function () {
  this.timeout(60_000);
  const key = 'SERVICE-CANARY-5e0b7d44';
  const lines: string[] = [];
  let running: InProcessService;

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY_A, key], empty: true, log: (line) => lines.push(line), logRequests: true });
    await seed(running, key, 'k', 'c', [{ _id: 1 }]);
  });
  after(async () => running?.stop());

  it('keeps a key sent after #, ;, an encoded ? # or ;, or inside a path segment out of the request log and every answer', async () => {
    const encoded = encodeURIComponent(key);
    const targets = [
      `/databases#_apikey=${key}`,
      `/databases;_apikey=${key}`,
      `/databases%3F_apikey=${encoded}`,
      `/databases%3f_apikey=${encoded}`,
      `/databases%23_apikey=${encoded}`,
      `/databases%3B_apikey=${encoded}`,
      `/nowhere/${key}`,
      `/nowhere/${encoded}?_apikey=${encoded}`,
      `/databases/k/collections/c/documents/x;_apikey=${encoded}`,
      `/databases/k/collections/c/documents/${key}`,
      `/databases/${key}`,
      `/databases/k/collections/${key}/indexes/${key}`,
      `/plans/${key}?_apikey=${encoded}`,
    ];
    for (const target of targets) {
      for (const method of ['GET', 'DELETE', 'PATCH']) {
        const withKey = await sendRaw(running, method, target, undefined, target.includes('?_apikey') ? null : key);
        const withoutKey = await sendRaw(running, method, target, undefined, null);
        for (const answer of [withKey, withoutKey]) {
          assert.ok(answer.status >= 400, `${method} ${target} answered ${answer.status}`);
          assert.equal(keyFragmentIn(answer.text, key), undefined, `${method} ${target} echoed the key: ${answer.text}`);
        }
      }
    }
    const logged = lines.join('\n');
    assert.ok(lines.length >= targets.length * 6, 'the requests were logged');
    assert.equal(keyFragmentIn(logged, key), undefined, `the request log holds the key:\n${logged}`);
  });
});

describe('adversarial: the client scrubs the key before it cuts an error text', function () {
  this.timeout(120_000);
  let service: FakeService;

  before(async () => {
    service = await FakeService.start();
  });
  after(() => service.close());

  /** Everything of an error a user, a log or a bug report could see. */
  const visible = (error: ServiceError): string =>
    [error.message, error.serviceMessage ?? '', error.stack ?? '', JSON.stringify(error)].join('\n');

  for (const key of CANARY_KEYS) {
    it(`never leaves a piece of ${JSON.stringify(key)} in a service message cut at 500 characters, at any offset`, async () => {
      const client = new DbHostClient({ baseUrl: service.baseUrl, apiKey: key, retries: 0, timeoutMs: 5000 });
      const cut = 499;
      let checked = 0;
      for (let offset = cut - key.length - 3; offset <= cut + 3; offset++) {
        const text = `${'x'.repeat(offset)}${key}${'y'.repeat(300)}`;
        const bodies: [Record<string, string>, string][] = [
          [{ 'Content-Type': 'application/json' }, JSON.stringify({ error: text })],
          [{ 'Content-Type': 'text/plain' }, text],
          [{ 'Content-Type': 'text/html' }, `<p>${text}</p>`],
          [
            { 'Content-Type': 'application/json' },
            JSON.stringify({ error: `${'x'.repeat(offset)}  \n ${encodeURIComponent(key)} ${'y'.repeat(300)}` }),
          ],
        ];
        for (const [headers, body] of bodies) {
          service.respond(() => ({ status: 400, headers, body }));
          const error = await client.getDatabase('db').then(
            () => assert.fail('the call should fail'),
            (failure: unknown) => failure as ServiceError,
          );
          assert.ok(error instanceof ServiceError);
          const shown = visible(error);
          assert.equal(keyFragmentIn(shown, key), undefined, `offset ${offset}, ${headers['Content-Type']}: ${error.serviceMessage}`);
          checked++;
        }
      }
      assert.ok(checked > 40);
    });

    it(`never leaves a piece of ${JSON.stringify(key)} in a non-JSON answer's quote cut at 80 characters, at any offset`, async () => {
      const client = new DbHostClient({ baseUrl: service.baseUrl, apiKey: key, retries: 0, timeoutMs: 5000 });
      const cut = 80;
      for (let offset = Math.max(0, cut - key.length - 3); offset <= cut + 3; offset++) {
        const body = `{"not json ${'x'.repeat(offset)}${key}${'y'.repeat(200)}`;
        service.respond(() => ({ status: 200, headers: { 'Content-Type': 'application/json' }, body }));
        for (const call of [() => client.getDatabase('db'), () => client.createDocument('db', 'col', { a: 1 })]) {
          const error = await call().then(
            () => assert.fail('the call should fail'),
            (failure: unknown) => failure as ServiceError,
          );
          assert.ok(error instanceof ServiceError, String(error));
          assert.equal(error.kind, 'invalid-response');
          assert.equal(keyFragmentIn(visible(error), key), undefined, `offset ${offset}: ${error.message}`);
        }
      }
    });
  }

  it('still shows the service message around the key', async () => {
    const key = CANARY_KEYS[0];
    const client = new DbHostClient({ baseUrl: service.baseUrl, apiKey: key, retries: 0, timeoutMs: 5000 });
    service.respond(() => ({ status: 400, body: jsonBody({ error: `bad key ${key} sent` }) }));
    const error = (await client.getDatabase('db').catch((failure: unknown) => failure)) as ServiceError;
    assert.equal(error.serviceMessage, 'bad key [redacted] sent');
  });
});
