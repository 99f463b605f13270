import { join } from 'node:path';
import { accountTag, dataFolderSecret, keyDigest } from '../../src/service/accountTags';
import { ObjectId } from '../../src/service/bson/objectId';
import { AccountDataStore } from '../../src/service/store/accountDataStore';
import type { Mutation } from '../../src/service/store/mutations';

export const BENCH_DB = 'bench';
export const BIG = 'big';
export const SMALL = 'small';

function benchDocument(n: number): Record<string, unknown> {
  return {
    _id: ObjectId.generate(),
    n,
    group: n % 10,
    name: `document ${n}`,
    at: new Date(Date.UTC(2024, 0, 1) + n * 1000),
    tags: ['a', n % 3 === 0 ? 'b' : 'c'],
    nested: { x: n / 4, y: `y${n % 97}` },
  };
}

/**
 * Writes the bench data straight into the account's store, as the service finds it after a restart
 * (inserting 100,000 documents one request at a time would take minutes): a collection of `bigCount`
 * documents with an index on `n` and one of `smallCount` documents of the same shape.
 */
export function seedAccount(dataDir: string, apiKey: string, counts: { bigCount: number; smallCount: number }): void {
  const tag = accountTag(keyDigest(dataFolderSecret(dataDir), apiKey));
  const { store } = AccountDataStore.open(join(dataDir, 'accounts', tag), () => undefined);
  store.commit(
    [
      { op: 'createDatabase', name: BENCH_DB, slug: 'sandbox', created: '2024-01-01T00:00:00.000Z' },
      { op: 'createCollection', db: BENCH_DB, name: BIG },
      { op: 'createCollection', db: BENCH_DB, name: SMALL },
      { op: 'createIndex', db: BENCH_DB, col: BIG, index: { name: 'n_1', key: { n: 1 }, unique: true, background: true } },
    ],
    true,
  );
  for (let first = 0; first < counts.bigCount; first += 1000) {
    const mutations: Mutation[] = [];
    for (let n = first; n < Math.min(first + 1000, counts.bigCount); n++)
      mutations.push({ op: 'put', db: BENCH_DB, col: BIG, doc: benchDocument(n) } as Mutation);
    store.commit(mutations, false);
  }
  const small: Mutation[] = [];
  for (let n = 0; n < counts.smallCount; n++) small.push({ op: 'put', db: BENCH_DB, col: SMALL, doc: benchDocument(n) } as Mutation);
  store.commit(small, false);
  store.compact();
  store.close();
}
