import assert from 'node:assert/strict';
import type { InProcessService } from '../../support/testService';
import { jsonBody, startServiceInProcess } from '../../support/testService';

const KEY = 'copy-many-documents-key-5a30';
/** More documents than one page of a listing (100) and than one slice of the copy. */
const COUNT = 1_200;
const SOURCE = '/databases/big/collections';

/**
 * Copy Database of a database of more documents than a page, on either store (on PostgreSQL copied where they are
 * kept): every document whole and in its order, the exact text of a 64-bit integer, the counts, the indexes (a
 * unique one refusing a duplicate in the copy), the collection with rules copied too; the copy is the source as
 * it was, the source stays its own, and the copy is in its deployment's log (the plan has deployments).
 */
describe('copy database of more documents than one page', function () {
  this.timeout(180_000);
  let running: InProcessService;
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: object, status = 200) => {
    const answer = await running.raw(method, path, body === undefined ? {} : { body: jsonBody(body) });
    assert.equal(answer.status, status, answer.text.slice(0, 500));
    return answer;
  };
  const listing = async (db: string, col: string) => {
    const pages: string[] = [];
    for (let skip = 0; skip < COUNT + 100; skip += 100)
      pages.push((await call('GET', `/databases/${db}/collections/${col}/documents?skip=${skip}&limit=100`)).text);
    return pages;
  };

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    await call('POST', '/databases', { name: 'big', slug: 'medium' });
    await call('POST', SOURCE, { name: 'items' });
    await call('POST', `${SOURCE}/items/indexes`, { spec: { k: 1 }, unique: true, background: false });
    for (let n = 0; n < COUNT; n++)
      await running.raw('POST', `${SOURCE}/items/documents`, {
        body: `{"document": {"_id": ${(n * 7919) % COUNT}, "k": "k${n}", "big": 9007199254740993, "n": ${n}}}`,
      });
    await call('POST', SOURCE, { name: 'ruled' });
    await call('POST', `${SOURCE}/ruled/documents`, { document: { _id: 1, price: 3 } });
    await call('PUT', `${SOURCE}/ruled`, { validator: { $jsonSchema: { required: ['price'] } } });
  });
  after(() => running?.stop());

  it('copies every document in its order with its exact text, the counts and the indexes; the source stays its own', async () => {
    assert.deepEqual((await call('POST', '/copy_database', { from: 'big', to: 'big_copy' })).json, {
      copy: true,
      from: 'big',
      to: 'big_copy',
    });
    const deployments = (await call('GET', '/deployments')).json as { name: string; databases: string[] }[];
    const deployment = deployments.find(({ databases }) => databases.includes('big_copy'))!.name;
    const logs = (await call('GET', `/deployments/${encodeURIComponent(deployment)}/logs`)).json as { log: string }[];
    const copied = `copydb: 1, fromdb: "big", todb: "big_copy" } ${COUNT + 1} documents`;
    assert.ok(
      logs.every(({ log }) => log.includes(copied)),
      `a member's log misses the copy; their ends: ${JSON.stringify(logs.map(({ log }) => log.slice(-300)))}`,
    );
    assert.deepEqual(await listing('big_copy', 'items'), await listing('big', 'items'));
    assert.match((await listing('big_copy', 'items'))[0], /"big":9007199254740993/);
    const collections = (await call('GET', '/databases/big_copy/collections')).json;
    assert.deepEqual(collections, (await call('GET', SOURCE)).json);
    assert.deepEqual(
      (collections as { name: string; count: number }[]).map(({ name, count }) => [name, count]),
      [
        ['items', COUNT],
        ['ruled', 1],
      ],
    );
    const indexes = (await call('GET', '/databases/big_copy/collections/items/indexes')).json as { name: string; unique?: boolean }[];
    assert.deepEqual(
      indexes.map(({ name, unique }) => [name, unique === true]),
      [
        ['_id_', false],
        ['k_1', true],
      ],
    );
    await call('POST', '/databases/big_copy/collections/items/documents', { document: { _id: 'new', k: 'k5' } }, 409);
    await call('POST', '/databases/big_copy/collections/ruled/documents', { document: { _id: 2 } }, 400);
    await call('POST', `${SOURCE}/items/documents`, { document: { _id: 'only-in-source', k: 'x' } });
    const found = (await call('GET', `/databases/big_copy/collections/items/documents?q=${encodeURIComponent('{"_id":"only-in-source"}')}`))
      .json;
    assert.deepEqual(found, []);
  });
});
