import assert from 'node:assert/strict';
import { join } from 'node:path';
import { accountTag, dataFolderSecret, keyDigest } from '../../../../src/service/accountTags';
import { AccountStore } from '../../../../src/service/store/accountStore';
import type { Mutation } from '../../../../src/service/store/mutations';
import type { RawAnswer, TestService } from '../serviceHarness';
import { jsonBody, startTestService, temporaryDirectory } from '../serviceHarness';

const KEY = 'copy-slices-key-a';
const OTHER = 'copy-slices-key-b';
const COUNT = 30_000;

/** Writes the documents straight into the account's store, as the service finds them after a restart. */
function seed(dataDir: string, key: string): void {
  const { store } = AccountStore.open(join(dataDir, 'accounts', accountTag(keyDigest(dataFolderSecret(dataDir), key))), () => undefined);
  const mutations: Mutation[] = [
    { op: 'createDatabase', name: 'src', slug: 'sandbox', created: '2024-01-01T00:00:00.000Z' },
    { op: 'createCollection', db: 'src', name: 'c' },
  ];
  for (let n = 0; n < COUNT; n++) mutations.push({ op: 'put', db: 'src', col: 'c', doc: { _id: n, n, v: 'before', t: 'a'.repeat(40) } });
  store.commit(mutations, true);
  store.close();
}

/** Issue 22: a Copy Database of a large database runs in slices, so every account is answered meanwhile, and the copy is whole. */
describe('adversarial: Copy Database of 30,000 documents does not hold the service', function () {
  this.timeout(120_000);
  let running: TestService;

  before(async () => {
    const dataDir = temporaryDirectory('adversarial-copy');
    seed(dataDir, KEY);
    seed(dataDir, OTHER);
    running = await startTestService({ apiKeys: [KEY, OTHER], dataDir, empty: true, logRequests: false });
  });
  after(async () => running?.stop());

  const count = async (db: string, q: unknown = {}): Promise<number> => {
    const answer = await running.raw('GET', `/databases/${db}/collections/c/documents?limit=1&q=${encodeURIComponent(JSON.stringify(q))}`);
    assert.equal(answer.status, 200, answer.text);
    return Number(answer.headers.get('X-Service-Count'));
  };

  it('answers another account and a write to the source while it copies; the copy is the source as it was, whole, when answered', async () => {
    const order: string[] = [];
    let ended = false;
    const copy = running.raw('POST', '/copy_database', { body: jsonBody({ from: 'src', to: 'dst' }) }).then((answer: RawAnswer) => {
      ended = true;
      order.push('copy');
      return answer;
    });
    let seen = false;
    while (!ended && !seen) {
      const ops = await running.raw('GET', '/databases/src/ops');
      seen = (ops.json as { inprog: { query?: { copydb?: number } }[] }).inprog.some((op) => op.query?.copydb === 1);
    }
    assert.ok(seen, 'the copy ended before it was seen running: it held the service while it copied');
    const other = running.raw('GET', '/databases/src/collections/c/documents?limit=5', { key: OTHER }).then((answer) => {
      order.push('other account');
      return answer;
    });
    const write = running
      .raw('PUT', '/databases/src/collections/c/documents', {
        body: jsonBody({ criteria: { n: { $lt: 10 } }, object: { $set: { v: 'during' } }, multi: true, safe: true }),
      })
      .then((answer) => {
        order.push('write');
        return answer;
      });
    const insert = running
      .raw('POST', '/databases/src/collections/c/documents', { body: jsonBody({ document: { _id: 'new' }, safe: true }) })
      .then((answer) => {
        order.push('insert');
        return answer;
      });
    const [copied, otherAnswer, written, inserted] = await Promise.all([copy, other, write, insert]);
    assert.equal(copied.status, 200, copied.text);
    assert.deepEqual(copied.json, { copy: true, from: 'src', to: 'dst' });
    assert.equal(otherAnswer.status, 200);
    assert.equal(written.status, 200, written.text);
    assert.equal(inserted.status, 200, inserted.text);
    // The bulk update scans in slices too, so it may end before or after the copy; the other two are answered meanwhile.
    assert.ok(order.indexOf('other account') < order.indexOf('copy'), `answered in the order ${order.join(', ')}`);
    assert.ok(order.indexOf('insert') < order.indexOf('copy'), `answered in the order ${order.join(', ')}`);

    assert.equal(await count('dst'), COUNT, 'every document of the source as it was');
    assert.equal(await count('dst', { _id: 'new' }), 0, 'the insert answered during the copy is not in it');
    assert.equal(await count('dst', { v: 'during' }), 0, 'nor any document of the update made during it (never half of them)');
    assert.equal(await count('src'), COUNT + 1, 'the source keeps its acknowledged insert');
    assert.equal(await count('src', { v: 'during' }), 10, 'and its acknowledged update');
  });
});
