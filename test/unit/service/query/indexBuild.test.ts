import * as assert from 'node:assert/strict';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AccountDataStore } from '../../../../src/service/store/accountDataStore';
import type { Mutation } from '../../../../src/service/store/mutations';
import type { IndexSpec } from '../../../../src/service/query/indexes/indexSpec';
import { bundleService } from '../../../support/serviceBundle';
import type { ChildService } from '../../../support/testService';
import { startServiceInChild, temporaryDirectory } from '../../../support/testService';
import { describeSeedingJournalFiles } from '../../../support/testStore';

const KEY = 'index-build-key-3a9f';
const DOCUMENTS = 40_000;
type Json = Record<string, unknown>;

async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; headers: Headers }> {
  const url = new URL(path, base);
  url.searchParams.set('_apikey', KEY);
  const response = await fetch(url, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined, headers: response.headers };
}

const list = (q: object) => `/databases/big/collections/items/documents?limit=5&q=${encodeURIComponent(JSON.stringify(q))}`;

/** A collection of {@link DOCUMENTS} written straight into the account's journal (fast), with an index {k: 1}. */
async function seed(script: string, dataDir: string, more: Mutation[] = []): Promise<void> {
  const first = await startServiceInChild({ script, dataDir, keepData: true, apiKeys: [KEY], empty: true });
  assert.equal((await call(first.url, 'POST', '/databases', { name: 'big', slug: 'sandbox' })).status, 200);
  await first.kill();
  const [account] = readdirSync(join(dataDir, 'accounts'));
  const { store } = AccountDataStore.open(join(dataDir, 'accounts', account), () => undefined);
  store.commit([{ op: 'createCollection', db: 'big', name: 'items' }], true);
  for (let start = 0; start < DOCUMENTS; start += 10_000) {
    const puts: Mutation[] = [];
    for (let i = start; i < start + 10_000; i++)
      puts.push({ op: 'put', db: 'big', col: 'items', doc: { _id: i, k: i % 1000, n: (i * 7919) % 100003 } });
    store.commit(puts, true);
  }
  store.commit([{ op: 'createIndex', db: 'big', col: 'items', index: { name: 'k_1', key: { k: 1 } } }, ...more], true);
  store.close();
}

describeSeedingJournalFiles('local service: background index builds (child process)', function () {
  this.timeout(120_000);
  let workDirectory: string;
  let script: string;
  const running: ChildService[] = [];

  before(() => {
    workDirectory = temporaryDirectory('index-build');
    script = bundleService(workDirectory);
  });
  afterEach(() => Promise.all(running.splice(0).map((child) => child.kill())));
  after(() => rmSync(workDirectory, { recursive: true, force: true }));

  async function startOn(dataDir: string): Promise<ChildService> {
    const child = await startServiceInChild({ script, dataDir, keepData: true, apiKeys: [KEY], empty: true });
    running.push(child);
    return child;
  }

  /** Waits until the index is no longer listed as building. */
  async function untilBuilt(child: ChildService, name: string): Promise<void> {
    for (;;) {
      const index = (await call(child.url, 'GET', `/databases/big/collections/items/indexes/${name}`)).json as Json;
      if (!index.building) return;
    }
  }

  /** Starts a background build of {n: 1} and waits until the index is listed as building. */
  async function startBuild(child: ChildService): Promise<Json> {
    assert.equal((await call(child.url, 'POST', '/databases/big/collections/items/indexes', { spec: { n: 1 } })).status, 200);
    const index = (await call(child.url, 'GET', '/databases/big/collections/items/indexes/n_1')).json as Json;
    assert.equal(index.building, true, 'the build of 40,000 keys runs in the background after the answer');
    return index;
  }

  it('keeps the collection available during a build, shows its progress, loses no write made meanwhile, then serves queries', async () => {
    const dataDir = join(workDirectory, 'live');
    await seed(script, dataDir);
    const child = await startOn(dataDir);
    const index = await startBuild(child);
    const progress = index.progress as { done: number; total: number };
    assert.equal(progress.total, DOCUMENTS);
    const { inprog } = (await call(child.url, 'GET', '/databases/big/ops')).json as { inprog: Json[] };
    const build = inprog.find((operation) => String(operation.msg).startsWith('Index Build: '));
    assert.ok(build, 'the build is among the current operations');
    assert.match(String(build.msg), /^Index Build: \d+\/40000 \d+%$/);
    // Answered while the build runs, by the plan that leaves the building index alone.
    const during = await call(child.url, 'GET', `/databases/big/collections/items/explain?q=${encodeURIComponent('{"n": 7919}')}`);
    assert.equal((during.json as { plan: Json }).plan.stage, 'COLLSCAN');
    // Writes during the build: a new document, a changed key, a deleted document.
    await call(child.url, 'POST', '/databases/big/collections/items/documents', { document: { _id: 'new', n: -5 }, safe: true });
    await call(child.url, 'PUT', '/databases/big/collections/items/documents/1', { document: { $set: { n: -6 } }, safe: true });
    await call(child.url, 'DELETE', '/databases/big/collections/items/documents/2');
    for (;;) {
      const state = (await call(child.url, 'GET', '/databases/big/collections/items/indexes/n_1')).json as Json;
      if (!state.building) break;
    }
    const explained = (
      await call(child.url, 'GET', `/databases/big/collections/items/explain?q=${encodeURIComponent('{"n": {"$lt": 0}}')}`)
    ).json as Json & { plan: Json };
    assert.equal(explained.plan.index, 'n_1');
    assert.equal(explained.count, 2);
    const found = await call(child.url, 'GET', list({ n: { $lt: 0 } }));
    assert.deepEqual(
      (found.json as Json[]).map((doc) => doc._id),
      [1, 'new'],
    );
    assert.deepEqual((await call(child.url, 'GET', list({ n: 15838 }))).json, [], 'the deleted document is not in the index');
    assert.equal((await call(child.url, 'GET', list({ n: 7919 * 3 }))).headers.get('x-service-count'), '1');
  });

  it('after kill -9 mid-build, restarts with the collection, its other indexes and the index whole', async () => {
    const dataDir = join(workDirectory, 'killed');
    await seed(script, dataDir);
    const first = await startOn(dataDir);
    await startBuild(first);
    await first.kill();
    const second = await startOn(dataDir);
    // Rebuilt whole in the background once the service answers (every non-unique index is, after a start).
    await untilBuilt(second, 'n_1');
    await untilBuilt(second, 'k_1');
    const byN = (
      await call(second.url, 'GET', `/databases/big/collections/items/explain?q=${encodeURIComponent('{"n": {"$gte": 99000}}')}`)
    ).json as Json & { plan: Json };
    assert.equal(byN.plan.index, 'n_1');
    const scanned = await call(second.url, 'GET', list({ $and: [{ n: { $gte: 99000 } }] }));
    assert.equal(String(byN.count), scanned.headers.get('x-service-count'), 'the rebuilt index holds every document a scan finds');
    const byK = (await call(second.url, 'GET', `/databases/big/collections/items/explain?q=${encodeURIComponent('{"k": 3}')}`))
      .json as Json & { plan: Json };
    assert.equal(byK.plan.index, 'k_1');
    assert.equal(byK.count, DOCUMENTS / 1000);
    assert.equal((await call(second.url, 'GET', list({}))).headers.get('x-service-count'), String(DOCUMENTS));
  });

  it('after a start, refuses a duplicate of a unique index from the first write, and answers as a scan while indexes build', async () => {
    const dataDir = join(workDirectory, 'restarted');
    // Builds run one after another once the service answers: n_1 waits for k_1 and the two before it (40,000 keys each).
    await seed(
      script,
      dataDir,
      (
        [
          { name: 'k_1_n_1', key: { k: 1, n: 1 } },
          { name: 'k_-1', key: { k: -1 } },
          { name: 'n_1', key: { n: 1 }, unique: true },
        ] as IndexSpec[]
      ).map((index): Mutation => ({ op: 'createIndex', db: 'big', col: 'items', index })),
    );
    const child = await startOn(dataDir);
    const index = (await call(child.url, 'GET', '/databases/big/collections/items/indexes/n_1')).json as Json;
    assert.equal(index.building, true, 'the unique index is still building when the first requests come');
    const duplicate = await call(child.url, 'POST', '/databases/big/collections/items/documents', {
      document: { _id: 'dup', n: 7919 },
      safe: true,
    });
    assert.equal(duplicate.status, 409);
    assert.match(String((duplicate.json as Json).error), /^E11000 duplicate key error index: big\.items\.\$n_1/);
    const during = await call(child.url, 'GET', list({ n: { $gte: 99_990 } }));
    for (const name of ['k_1', 'k_1_n_1', 'k_-1', 'n_1']) await untilBuilt(child, name);
    const explained = (
      await call(child.url, 'GET', `/databases/big/collections/items/explain?q=${encodeURIComponent('{"n": {"$gte": 99990}}')}`)
    ).json as Json & { plan: Json };
    assert.equal(explained.plan.index, 'n_1');
    const after = await call(child.url, 'GET', list({ n: { $gte: 99_990 } }));
    assert.deepEqual(after.json, during.json, 'the same documents by the index as by the scan during the build');
    assert.equal(after.headers.get('x-service-count'), during.headers.get('x-service-count'));
    assert.equal((await call(child.url, 'GET', list({ _id: 'dup' }))).headers.get('x-service-count'), '0');
  });
});
