import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { RawAnswer, InProcessService } from '../../../support/testService';
import { errorText, jsonBody } from '../../../support/testService';

export const KEY_A = 'adversary-key-a-4c1e';
export const KEY_B = 'bystander-key-b-9d27';

/** Own members of the shared built-in prototypes: what a polluting request would add to. */
export function prototypeMembers(): string {
  const snapshot = [
    Object.prototype,
    Array.prototype,
    Function.prototype,
    String.prototype,
    Number.prototype,
    Date.prototype,
    Error.prototype,
  ].map((proto) => Reflect.ownKeys(proto).map(String).sort().join(','));
  return snapshot.join('|');
}

/** Creates database `db` and collection `col` holding `docs` for the account of `key`. */
export async function seed(
  running: InProcessService,
  key: string,
  db: string,
  col: string,
  docs: Record<string, unknown>[],
): Promise<void> {
  const created = await running.raw('POST', '/databases', { key, body: jsonBody({ name: db, slug: 'sandbox' }) });
  assert.ok(created.status === 200 || created.status === 409, `create database: ${created.status} ${created.text}`);
  for (const doc of docs) {
    const answer = await running.raw('POST', `/databases/${db}/collections/${col}/documents`, {
      key,
      body: jsonBody({ document: doc, safe: true }),
    });
    assert.equal(answer.status, 200, `insert ${JSON.stringify(doc)}: ${answer.text}`);
  }
}

/** A refusal: 4xx with `{"error"}` that says why. */
export function assertRefused(answer: RawAnswer, pattern: RegExp, what: string): void {
  assert.ok(answer.status >= 400 && answer.status < 500, `${what}: expected 4xx, got ${answer.status} ${answer.text.slice(0, 300)}`);
  assert.match(errorText(answer), pattern, what);
}

/** The JSON of a GET, asserting 200 and that the body is JSON. */
export async function getJson(running: InProcessService, path: string, key: string): Promise<unknown> {
  const answer = await running.raw('GET', path, { key });
  assert.equal(answer.status, 200, `GET ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  assert.notEqual(answer.json, undefined, `GET ${path} answered text that is not JSON: ${answer.text.slice(0, 300)}`);
  return answer.json;
}

export interface PlainAnswer {
  status: number;
  text: string;
}

/**
 * A request whose target goes out exactly as written (fetch and `new URL` would resolve `..` and
 * `%2e%2e` first). The key is appended as `_apikey` unless `key` is null.
 */
export function sendRaw(
  running: InProcessService,
  method: string,
  path: string,
  body?: string | Buffer,
  key: string | null = KEY_A,
): Promise<PlainAnswer> {
  const separator = path.includes('?') ? '&' : '?';
  const target = key === null ? path : `${path}${separator}_apikey=${encodeURIComponent(key)}`;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: running.service.port,
        method,
        path: target,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
