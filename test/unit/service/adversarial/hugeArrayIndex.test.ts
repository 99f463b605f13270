import assert from 'node:assert/strict';
import { keysOf, MAX_KEYS_PER_ARRAY } from '../../../../src/service/query/indexes/indexKeys';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';

const KEY = 'huge-array-index-key-5b0e';
const HUGE = 200_001;

/** One document with a huge array under a single-field index: each element a key would make every write of it a million tree operations. */
describe('Local service: a huge array under an index', function () {
  this.timeout(120_000);
  let running: InProcessService;
  const send = async (method: string, path: string, body?: unknown) => {
    const answer = await running.raw(method, path, { body: body === undefined ? undefined : jsonBody(body) });
    assert.ok(answer.status < 300, `${method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
    return answer;
  };
  const ids = async (collection: string, q: unknown) =>
    (
      await send(
        'GET',
        `/databases/d/collections/${collection}/documents?q=${encodeURIComponent(JSON.stringify(q))}&fields=${encodeURIComponent('{"_id":1}')}`,
      )
    ).text;

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    await send('POST', '/databases', { name: 'd', slug: 'sandbox' });
    for (const collection of ['indexed', 'plain']) {
      await send('POST', '/databases/d/collections', { name: collection });
      const docs = [
        { _id: 1, a: Array.from({ length: HUGE }, (_, i) => i) },
        { _id: 2, a: 5 },
        { _id: 3, a: [7, 150_000] },
      ];
      for (const document of docs) await send('POST', `/databases/d/collections/${collection}/documents`, { document, safe: true });
    }
    await send('POST', '/databases/d/collections/indexed/indexes', { spec: { a: 1 }, background: false });
  });
  after(async () => running?.stop());

  it('is kept aside by the index instead of becoming one key per element', () => {
    assert.ok(HUGE > MAX_KEYS_PER_ARRAY);
    const found = keysOf(['a'], { a: Array.from({ length: HUGE }, (_, i) => i) });
    assert.equal(found.keys, undefined);
    assert.equal(found.multikey, true);
    assert.deepEqual(keysOf(['a'], { a: [3, 1, 3] }).keys, [1, 3]);
  });

  it('is still found through the index, as a scan finds it, before and after it changes and after it goes', async () => {
    const queries = [{ a: 150_000 }, { a: 5 }, { a: { $gte: 199_999 } }, { a: { $in: [7, 42] } }, { a: { $size: HUGE } }];
    const same = async () => {
      for (const q of queries) assert.equal(await ids('indexed', q), await ids('plain', q), JSON.stringify(q));
    };
    await same();
    assert.match(await ids('indexed', { a: 150_000 }), /^\[\{"_id":1\},\{"_id":3\}\]$/);
    for (const collection of ['indexed', 'plain']) {
      await send('PUT', `/databases/d/collections/${collection}/documents/1`, { document: { $set: { a: [42] } }, safe: true });
    }
    await same();
    assert.equal(await ids('indexed', { a: 150_000 }), '[{"_id":3}]');
    for (const collection of ['indexed', 'plain']) await send('DELETE', `/databases/d/collections/${collection}/documents/1`);
    await same();
  });
});
