import assert from 'node:assert/strict';
import { join } from 'node:path';
import { accountTag, dataFolderSecret, keyDigest } from '../../../src/service/accountTags';
import { ObjectId } from '../../../src/service/bson/objectId';
import { AccountDataStore } from '../../../src/service/store/accountDataStore';
import type { Mutation } from '../../../src/service/store/mutations';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess, temporaryDirectory } from '../../support/testService';
import { describeSeedingJournalFiles } from '../../support/testStore';

const KEY = 'scale-key-0a9e';
const SEEDED = 100_000;

/** Writes a 100,000-document collection straight into the account's store, as the service would find it after a restart. */
function seedLargeCollection(dataDir: string): void {
  const tag = accountTag(keyDigest(dataFolderSecret(dataDir), KEY));
  const { store } = AccountDataStore.open(join(dataDir, 'accounts', tag), () => undefined);
  store.commit(
    [
      { op: 'createDatabase', name: 'big', slug: 'sandbox', created: '2024-01-01T00:00:00.000Z' },
      { op: 'createCollection', db: 'big', name: 'docs' },
      { op: 'createIndex', db: 'big', col: 'docs', index: { name: 'n_1', key: { n: 1 }, unique: true, background: true } },
    ],
    true,
  );
  const start = Date.UTC(2024, 0, 1);
  for (let batch = 0; batch < SEEDED / 1000; batch++) {
    const mutations: Mutation[] = [];
    for (let i = 0; i < 1000; i++) {
      const n = batch * 1000 + i;
      mutations.push({
        op: 'put',
        db: 'big',
        col: 'docs',
        doc: {
          _id: ObjectId.generate(),
          n,
          group: n % 10,
          name: `document ${n}`,
          at: new Date(start + n * 1000),
          tags: ['a', n % 3 === 0 ? 'b' : 'c'],
        },
      });
    }
    store.commit(mutations, false);
  }
  store.compact();
  store.close();
}

describeSeedingJournalFiles('local service at scale (100,000 documents)', function () {
  this.timeout(180_000);
  let running: InProcessService;

  before(async () => {
    const dataDir = temporaryDirectory('scale');
    seedLargeCollection(dataDir);
    running = await startServiceInProcess({ apiKeys: [KEY], dataDir });
  });
  after(async () => running?.stop());

  it('takes 1,000 safe inserts into a 100,000-document collection with a unique index, every one kept', async () => {
    const client = running.client();
    const startedAt = performance.now();
    for (let i = 0; i < 1000; i++) await client.createDocument('big', 'docs', { n: SEEDED + i, group: 'new' }, { safe: true });
    const seconds = (performance.now() - startedAt) / 1000;
    console.log(
      `      1,000 safe inserts into ${SEEDED.toLocaleString('en')} documents: ${seconds.toFixed(1)} s (${Math.round(1000 / seconds)} per second)`,
    );
    assert.equal((await client.listDocuments('big', 'docs', { limit: 1 })).total, SEEDED + 1000);
    assert.equal((await client.listDocuments('big', 'docs', { q: { group: 'new' }, limit: 1 })).total, 1000);
    await assert.rejects(
      client.createDocument('big', 'docs', { n: 5 }, { safe: true }),
      (error: { status?: number }) => error.status === 409,
    );
  });

  it('serves a page of 100 and a filtered, counted query over the whole collection', async () => {
    const client = running.client();
    let startedAt = performance.now();
    const page = await client.listDocuments('big', 'docs', { skip: 50_000, limit: 100 });
    const pageMs = performance.now() - startedAt;
    assert.equal(page.documents.length, 100);
    assert.equal(page.documents[0].n, 50_000);
    startedAt = performance.now();
    const filtered = await client.listDocuments('big', 'docs', { q: { group: 3, n: { $gte: 50_000 } }, limit: 100 });
    const filteredMs = performance.now() - startedAt;
    assert.equal(filtered.total, 5000);
    assert.ok(filtered.documents.every((doc) => doc.group === 3 && Number(doc.n) >= 50_000));
    console.log(`      page of 100 at skip 50,000: ${pageMs.toFixed(0)} ms; filtered query with count: ${filteredMs.toFixed(0)} ms`);
  });
});
