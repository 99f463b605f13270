import assert from 'node:assert/strict';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { KEY_A, KEY_B, seed, sendRaw as send } from './adversarialHarness';

/** Dot segments and slashes, raw and encoded, as a hostile client would put them where a name goes. */
const HOSTILE_SEGMENTS = [
  '.',
  '..',
  '%2e',
  '%2E',
  '%2e%2e',
  '%2E%2e',
  '.%2e',
  '%2e.',
  '%2F',
  '..%2F..',
  '%2e%2e%2F%2e%2e',
  '%5C..',
  '%2e%2e%5C',
  '...',
  '%2e%2e;x',
];

/** The 25 endpoints; `:name` marks where a hostile segment goes. */
const ENDPOINTS: [string, string, unknown?][] = [
  ['GET', '/databases'],
  ['POST', '/databases', { name: 'fresh', slug: 'sandbox' }],
  ['GET', '/databases/:db'],
  ['DELETE', '/databases/:db'],
  ['GET', '/databases/:db/collections'],
  ['POST', '/databases/:db/collections', { name: 'fresh' }],
  ['GET', '/databases/:db/collections/:col'],
  ['PUT', '/databases/:db/collections/:col', { name: 'renamed' }],
  ['DELETE', '/databases/:db/collections/:col'],
  ['GET', '/databases/:db/collections/:col/documents'],
  ['POST', '/databases/:db/collections/:col/documents', { document: { _id: 'new', a: 1 } }],
  ['PUT', '/databases/:db/collections/:col/documents', { criteria: {}, object: { $set: { touched: 1 } }, multi: true }],
  ['GET', '/databases/:db/collections/:col/documents/:id'],
  ['PUT', '/databases/:db/collections/:col/documents/:id', { document: { $set: { touched: 1 } } }],
  ['DELETE', '/databases/:db/collections/:col/documents/:id'],
  ['GET', '/databases/:db/collections/:col/indexes'],
  ['POST', '/databases/:db/collections/:col/indexes', { spec: { fresh: 1 } }],
  ['DELETE', '/databases/:db/collections/:col/indexes'],
  ['DELETE', '/databases/:db/collections/:col/indexes/:ind'],
  ['GET', '/deployments'],
  ['GET', '/deployments/:name'],
  ['GET', '/deployments/:name/logs'],
  ['GET', '/invoices'],
  ['GET', '/invoices/:id'],
  ['GET', '/plans'],
];

/** Real names for the positions not under test, so the hostile one is the only thing that can go wrong. */
const REAL: Record<string, string> = { db: 'keep', col: 'keep', id: 'n', ind: 'name_1', name: 'unused' };

/** Documents whose `_id` looks like a path step: addressable by their encoded form, never a step. */
const STEP_LIKE_IDS: [string, string[]][] = [
  ['.', ['%2e', '%2E', '.']],
  ['..', ['%2e%2e', '%2E%2e', '.%2e', '%2e.', '..']],
  ['a/b', ['a%2Fb', 'a%2fb']],
  ['../keep', ['..%2Fkeep', '%2e%2e%2fkeep']],
  ['%2e%2e', ['%252e%252e']],
];

describe('adversarial: a path segment is data, never a step to the parent', function () {
  this.timeout(180_000);
  let running: InProcessService;

  /** What account A holds, read with plain GETs. */
  async function dump(key = KEY_A): Promise<string> {
    const parts: string[] = [];
    const databases = JSON.parse((await send(running, 'GET', '/databases', undefined, key)).text) as { name: string }[];
    for (const { name: db } of databases) {
      const collections = JSON.parse(
        (await send(running, 'GET', `/databases/${encodeURIComponent(db)}/collections`, undefined, key)).text,
      ) as { name: string }[];
      parts.push(`${db}: ${collections.map((c) => c.name).join(',')}`);
      for (const { name: col } of collections) {
        const base = `/databases/${encodeURIComponent(db)}/collections/${encodeURIComponent(col)}`;
        parts.push(
          (await send(running, 'GET', `${base}/documents?limit=100`, undefined, key)).text,
          (await send(running, 'GET', `${base}/indexes`, undefined, key)).text,
        );
      }
    }
    return parts.join('\n');
  }

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY_A, KEY_B], empty: true });
    await seed(running, KEY_A, 'keep', 'keep', [{ _id: 'n', name: 'x' }, ...STEP_LIKE_IDS.map(([id]) => ({ _id: id, name: id }))]);
    await seed(running, KEY_A, 'other', 'keep', [{ _id: 'n' }]);
    assert.equal((await send(running, 'POST', '/databases/keep/collections/keep/indexes', jsonBody({ spec: { name: 1 } }))).status, 200);
    await seed(running, KEY_B, 'keep', 'keep', [{ _id: 'n' }]);
  });
  after(async () => running?.stop());

  it('answers every endpoint with a dot or slash segment in any name position with 4xx, never acting on a parent', async () => {
    const accountB = await dump(KEY_B);
    let tried = 0;
    for (const [method, pattern, body] of ENDPOINTS) {
      const positions = pattern.split('/').filter((part) => part.startsWith(':'));
      for (const position of positions) {
        for (const hostile of HOSTILE_SEGMENTS) {
          // A document id that exists is addressable (the test below); here the id position gets only the ones that do not.
          if (position === ':id' && pattern.includes('/documents/') && STEP_LIKE_IDS.some(([, forms]) => forms.includes(hostile))) continue;
          const path = pattern.replace(/:[a-z]+/g, (part) => (part === position ? hostile : REAL[part.slice(1)]));
          const before = method === 'GET' ? '' : await dump();
          const answer = await send(running, method, path, body === undefined ? undefined : jsonBody(body));
          const what = `${method} ${path}`;
          if (answer.status === 200 && method === 'POST' && position === ':col' && decodeURIComponent(hostile) === '/') {
            // A collection may be named "/" (the database allows it): the insert created exactly that collection, in the named database.
            const created = await send(running, 'GET', `/databases/keep/collections/${hostile}/documents/new`);
            assert.equal(created.status, 200, `${what} created no collection named "/"`);
            assert.equal((await send(running, 'DELETE', `/databases/keep/collections/${hostile}`)).status, 200);
            assert.equal(await dump(), before, `${what} changed more than its own collection`);
            tried++;
            continue;
          }
          assert.ok(
            answer.status >= 400 && answer.status < 500,
            `${what}: expected 4xx, got ${answer.status} ${answer.text.slice(0, 200)}`,
          );
          assert.match((JSON.parse(answer.text) as { error: string }).error, /\S/, what);
          if (method !== 'GET') assert.equal(await dump(), before, `${what} changed the account`);
          tried++;
        }
      }
    }
    assert.ok(tried > 300, `only ${tried} requests`);
    assert.equal(await dump(KEY_B), accountB, 'the other account changed');
  });

  it('reaches a document whose _id looks like a path step by its encoded form, on GET, PUT and DELETE alike, and only that document', async () => {
    const base = '/databases/keep/collections/keep/documents';
    for (const [id, forms] of STEP_LIKE_IDS) {
      for (const form of forms) {
        const got = await send(running, 'GET', `${base}/${form}`);
        assert.equal(got.status, 200, `GET ${form}: ${got.text}`);
        assert.equal((JSON.parse(got.text) as { _id: string })._id, id, `GET ${form}`);
        const put = await send(running, 'PUT', `${base}/${form}`, jsonBody({ document: { $set: { via: form } }, safe: true }));
        assert.equal(put.status, 200, `PUT ${form}: ${put.text}`);
        assert.equal((JSON.parse((await send(running, 'GET', `${base}/${form}`)).text) as { via: string }).via, form);
      }
    }
    const countBefore = (JSON.parse((await send(running, 'GET', `${base}?limit=100`)).text) as unknown[]).length;
    for (const [id, forms] of STEP_LIKE_IDS) {
      const deleted = await send(running, 'DELETE', `${base}/${forms[0]}`);
      assert.equal(deleted.status, 200, `DELETE ${forms[0]}: ${deleted.text}`);
      for (const form of forms) assert.equal((await send(running, 'GET', `${base}/${form}`)).status, 404, `${id} still there as ${form}`);
    }
    const remaining = JSON.parse((await send(running, 'GET', `${base}?limit=100`)).text) as { _id: string }[];
    assert.equal(remaining.length, countBefore - STEP_LIKE_IDS.length);
    assert.deepEqual(
      remaining.map((doc) => doc._id),
      ['n'],
    );
    assert.equal((await send(running, 'GET', '/databases/keep/collections/keep')).status, 200, 'the collection is gone');
    assert.equal(
      (await send(running, 'GET', '/databases/keep/collections/keep/indexes')).text.includes('name_1'),
      true,
      'the index is gone',
    );
  });

  it('refuses invalid percent-encodings and bytes that are not UTF-8 in the path and the query alike', async () => {
    for (const path of [
      '/databases/%FF',
      '/databases/%C0%AF',
      '/databases/%E2%82',
      '/databases/%zz',
      '/databases/keep/collections/keep/documents?q=%FF',
      '/databases/keep/collections/keep/documents?limit=%',
    ]) {
      const answer = await send(running, 'GET', path);
      assert.equal(answer.status, 400, `${path}: ${answer.status} ${answer.text}`);
      assert.match(answer.text, /percent-encoding/);
    }
  });
});
