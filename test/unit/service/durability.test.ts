import assert from 'node:assert/strict';
import { appendFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from '../../../src/service/bson/objectId';
import { accountTag, dataFolderSecret, keyDigest } from '../../../src/service/accountTags';
import { AccountDataStore } from '../../../src/service/store/accountDataStore';
import { bundleService } from '../../support/serviceBundle';
import type { ChildService } from '../../support/testService';
import { startServiceInChild, temporaryDirectory } from '../../support/testService';
import { describeJournalStore, itJournalStore } from '../../support/testStore';

const KEY = 'durability-key-51c2';

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

async function countOf(base: string, db: string, col: string, q: object = {}): Promise<number> {
  const answer = await call(
    base,
    'GET',
    `/databases/${db}/collections/${col}/documents?limit=1&q=${encodeURIComponent(JSON.stringify(q))}`,
  );
  assert.equal(answer.status, 200);
  return Number(answer.headers.get('x-service-count'));
}

describe('local service durability (child process)', function () {
  this.timeout(60_000);
  let workDirectory: string;
  let script: string;
  const running: ChildService[] = [];

  before(() => {
    workDirectory = temporaryDirectory('durability');
    script = bundleService(workDirectory);
  });
  afterEach(() => Promise.all(running.splice(0).map((child) => child.kill())));
  after(() => rmSync(workDirectory, { recursive: true, force: true }));

  it('keeps every acknowledged safe write after kill -9', async () => {
    const dataDir = join(workDirectory, 'kill9');
    const first = await startServiceInChild({ script, dataDir, keepData: true, apiKeys: [KEY], empty: true });
    running.push(first);
    assert.equal((await call(first.url, 'POST', '/databases', { name: 'journal', slug: 'sandbox' })).status, 200);
    const acknowledged: number[] = [];
    let stopAt: () => void;
    const reachedTarget = new Promise<void>((resolve) => (stopAt = resolve));
    const writer = async (lane: number) => {
      for (let n = lane; ; n += 4) {
        try {
          const answer = await call(first.url, 'POST', '/databases/journal/collections/writes/documents', {
            document: { _id: n, lane, payload: 'x'.repeat(200) },
            safe: true,
          });
          if (answer.status !== 200) return;
          acknowledged.push(n);
          if (acknowledged.length === 150) stopAt();
        } catch {
          return;
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await reachedTarget;
    void first.kill();
    assert.equal((await first.exited).signal, 'SIGKILL');
    await Promise.all(writers);

    const second = await startServiceInChild({ script, dataDir, keepData: true, apiKeys: [KEY] });
    running.push(second);
    assert.ok(acknowledged.length >= 150);
    assert.equal(await countOf(second.url, 'journal', 'writes', { _id: { $in: acknowledged } }), acknowledged.length);
    assert.equal((await call(second.url, 'GET', '/databases')).json instanceof Array, true);
    assert.deepEqual(
      ((await call(second.url, 'GET', '/databases')).json as { name: string }[]).map((db) => db.name),
      ['journal'],
      'demo data must not be added to an existing account',
    );
    const answer = await call(second.url, 'POST', '/databases/journal/collections/writes/documents', {
      document: { _id: 'after-restart' },
      safe: true,
    });
    assert.equal(answer.status, 200);
  });

  itJournalStore('keeps every acknowledged write after kill -9 during a compaction in the background, and answers during it', async () => {
    const dataDir = join(workDirectory, 'kill9-compaction');
    const first = await startServiceInChild({ script, dataDir, keepData: true, apiKeys: [KEY], empty: true });
    running.push(first);
    assert.equal((await call(first.url, 'POST', '/databases', { name: 'big', slug: 'sandbox' })).status, 200);
    await first.kill('SIGTERM');
    // 60,000 documents in the journal, and the journal after it that a compaction cut short leaves: the next start
    // compacts in the background at once, folding both.
    const accountDir = join(dataDir, 'accounts', accountTag(keyDigest(dataFolderSecret(dataDir), KEY)));
    const { store } = AccountDataStore.open(accountDir, () => undefined);
    store.commit([{ op: 'createCollection', db: 'big', name: 'docs' }], true);
    for (let id = 0; id < 60_000; id++)
      store.commit([{ op: 'put', db: 'big', col: 'docs', doc: { _id: id, text: `document ${id}` } }], false);
    store.close();
    const generation = Math.max(...readdirSync(accountDir).map((name) => Number(/^journal-(\d+)/.exec(name)?.[1] ?? -1)));
    appendFileSync(
      join(accountDir, `journal-${generation + 1}.jsonl`),
      `${JSON.stringify({ m: [{ op: 'put', db: 'big', col: 'docs', doc: { _id: 'in-the-next-journal' } }] })}\n`,
    );

    const second = await startServiceInChild({ script, dataDir, keepData: true, apiKeys: [KEY] });
    running.push(second);
    const acknowledged: number[] = [];
    let sawUnfinishedSnapshot = false;
    for (let n = 0; n < 400 && !(sawUnfinishedSnapshot && acknowledged.length >= 3); n++) {
      if (readdirSync(accountDir).includes('snapshot.jsonl.tmp')) sawUnfinishedSnapshot = true;
      const answer = await call(second.url, 'POST', '/databases/big/collections/docs/documents', {
        document: { _id: `safe-${n}` },
        safe: true,
      });
      assert.equal(answer.status, 200);
      acknowledged.push(n);
    }
    const killedMidway = readdirSync(accountDir).includes('snapshot.jsonl.tmp');
    void second.kill();
    assert.equal((await second.exited).signal, 'SIGKILL');
    assert.ok(sawUnfinishedSnapshot, 'safe writes were answered while the snapshot was being written');

    const third = await startServiceInChild({ script, dataDir, keepData: true, apiKeys: [KEY] });
    running.push(third);
    assert.equal(
      await countOf(third.url, 'big', 'docs'),
      60_000 + 1 + acknowledged.length,
      `every document after kill -9 ${killedMidway ? 'while the snapshot was written' : 'after the compaction'}`,
    );
    assert.equal(await countOf(third.url, 'big', 'docs', { _id: 'in-the-next-journal' }), 1);
    assert.equal(await countOf(third.url, 'big', 'docs', { _id: { $in: acknowledged.map((n) => `safe-${n}`) } }), acknowledged.length);
  });

  it('shuts down cleanly on SIGTERM and keeps everything, unsafe writes included', async () => {
    const dataDir = join(workDirectory, 'clean');
    const first = await startServiceInChild({ script, dataDir, keepData: true, apiKeys: [KEY] });
    running.push(first);
    await call(first.url, 'POST', '/databases/shop/collections/orders/documents', { document: { _id: 'unsafe-one', total: 1 } });
    await call(first.url, 'PUT', '/databases/shop/collections/orders/documents', {
      criteria: { status: 'paid' },
      object: { $set: { archived: true } },
      multi: true,
    });
    await call(first.url, 'DELETE', '/databases/inventory');
    const paid = await countOf(first.url, 'shop', 'orders', { status: 'paid' });
    void first.kill('SIGTERM');
    assert.deepEqual(await first.exited, { code: 0, signal: null });
    assert.match(first.output(), /SIGTERM: stopping/);

    const second = await startServiceInChild({ script, dataDir, keepData: true, apiKeys: [KEY] });
    running.push(second);
    assert.equal(await countOf(second.url, 'shop', 'orders', { _id: 'unsafe-one' }), 1);
    assert.equal(await countOf(second.url, 'shop', 'orders', { archived: true }), paid);
    assert.equal((await call(second.url, 'GET', '/databases/inventory')).status, 404);
    void second.kill('SIGINT');
    assert.equal((await second.exited).code, 0);
  });

  it('takes its key from DBHOST_API_KEY, or generates one and prints it', async () => {
    const fromEnvironment = await startServiceInChild({
      script,
      dataDir: join(workDirectory, 'env'),
      keepData: true,
      apiKeys: [],
      env: { DBHOST_API_KEY: KEY },
      empty: true,
      logRequests: true,
    });
    running.push(fromEnvironment);
    assert.equal((await call(fromEnvironment.url, 'GET', '/plans')).status, 200);
    assert.ok(!fromEnvironment.output().includes(KEY));
    const generated = await startServiceInChild({
      script,
      dataDir: join(workDirectory, 'generated'),
      keepData: true,
      apiKeys: [],
      env: { DBHOST_API_KEY: '' },
      empty: true,
      logRequests: true,
    });
    running.push(generated);
    const key = /Generated an API key[^:]*: (\S+)/.exec(generated.output())?.[1];
    assert.ok(key);
    const url = new URL('/plans', generated.url);
    url.searchParams.set('_apikey', key);
    assert.equal((await fetch(url)).status, 200);
  });
});

describeJournalStore('account store journal', () => {
  let directory: string;
  beforeEach(() => (directory = temporaryDirectory('journal')));
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('replays the journal, ignores a torn last line and keeps writing after it', () => {
    const log: string[] = [];
    const { store, existed } = AccountDataStore.open(directory, (line) => log.push(line));
    assert.equal(existed, false);
    store.commit(
      [
        { op: 'createDatabase', name: 'db', slug: 'sandbox', created: '2024-01-01T00:00:00.000Z' },
        { op: 'createCollection', db: 'db', name: 'c' },
      ],
      true,
    );
    const id = ObjectId.generate();
    store.commit([{ op: 'put', db: 'db', col: 'c', doc: { _id: id, at: new Date(0), n: 1 } }], true);
    store.close();
    const journal = readdirSync(directory).find((name) => name.startsWith('journal-'))!;
    appendFileSync(join(directory, journal), '{"at":1,"m":[{"op":"put","db":"db","col":"c","doc":{"_id":2');

    const reopened = AccountDataStore.open(directory, (line) => log.push(line));
    assert.equal(reopened.existed, true);
    const data = reopened.store.state.collection('db', 'c')!;
    assert.equal(data.count, 1);
    assert.ok(data.get(id)!.doc.at instanceof Date);
    assert.ok(log.some((line) => /never finished/.test(line)));
    reopened.store.commit([{ op: 'put', db: 'db', col: 'c', doc: { _id: 3 } }], true);
    reopened.store.close();

    const third = AccountDataStore.open(directory, () => undefined);
    assert.equal(third.store.state.collection('db', 'c')!.count, 2);
    third.store.close();
    assert.equal(readdirSync(directory).filter((name) => /^journal-\d+\.jsonl$/.test(name)).length, 1);
  });
});
