import assert from 'node:assert/strict';
import type { InProcessService } from '../../../support/testService';
import { startServiceInProcess } from '../../../support/testService';
import { getJson, KEY_A, seed, sendRaw } from './adversarialHarness';

const DOCS = '/databases/bytes/collections/items/documents';

/** Byte sequences that are not UTF-8: a lone continuation byte, an overlong slash, a cut sequence, a surrogate, past U+10FFFF, 0xFF. */
const INVALID = [[0x80], [0xc0, 0xaf], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xff], [0xf0, 0x9f, 0x98]];

const withBytes = (before: string, bytes: number[], after: string): Buffer =>
  Buffer.concat([Buffer.from(before, 'utf8'), Buffer.from(bytes), Buffer.from(after, 'utf8')]);

describe('adversarial: malformed bytes in a body are refused, never stored as U+FFFD', function () {
  this.timeout(30_000);
  let running: InProcessService;

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY_A], empty: true });
    await seed(running, KEY_A, 'bytes', 'items', [{ _id: 'kept', text: 'ok' }]);
  });
  after(async () => running?.stop());

  it('answers 400 on every endpoint with a body, in a string, a field name or between tokens, and changes nothing', async () => {
    const before = await getJson(running, `${DOCS}?limit=100`, KEY_A);
    const cases: [string, string, string, string][] = [
      ['POST', DOCS, '{"document": {"_id": "new", "text": "', '"}, "safe": true}'],
      ['POST', DOCS, '{"document": {"_id": "new", "', '": 1}, "safe": true}'],
      ['PUT', `${DOCS}/kept`, '{"document": {"$set": {"text": "', '"}}, "safe": true}'],
      ['PUT', DOCS, '{"criteria": {}, "object": {"$set": {"text": "', '"}}, "multi": true, "safe": true}'],
      ['POST', '/databases', '{"name": "db', '", "slug": "sandbox"}'],
      ['POST', '/databases/bytes/collections', '{"name": "c', '"}'],
      ['PUT', '/databases/bytes/collections/items', '{"name": "r', '"}'],
      ['POST', '/databases/bytes/collections/items/indexes', '{"spec": {"f', '": 1}}'],
      ['POST', DOCS, '{"document": {"_id": "new"}} ', ''],
    ];
    for (const [method, path, head, tail] of cases) {
      for (const bytes of INVALID) {
        const answer = await sendRaw(running, method, path, withBytes(head, bytes, tail));
        assert.equal(answer.status, 400, `${method} ${path} with ${Buffer.from(bytes).toString('hex')}: ${answer.status} ${answer.text}`);
        assert.match(answer.text, /not valid UTF-8/);
      }
    }
    assert.deepEqual(await getJson(running, `${DOCS}?limit=100`, KEY_A), before);
    assert.deepEqual(
      ((await getJson(running, '/databases', KEY_A)) as { name: string }[]).map((db) => db.name),
      ['bytes'],
    );
  });

  it('stores valid multi-byte text exactly, a byte order mark and astral characters included', async () => {
    const text = 'é日本😀\u2028\u0000';
    const body = Buffer.from(`\uFEFF${JSON.stringify({ document: { _id: 'utf8', text }, safe: true })}`, 'utf8');
    const answer = await sendRaw(running, 'POST', DOCS, body);
    assert.equal(answer.status, 200, answer.text);
    assert.equal(((await getJson(running, `${DOCS}/utf8`, KEY_A)) as { text: string }).text, text);
  });
});
