import assert from 'node:assert/strict';
import { closeSync, existsSync, openSync, readdirSync, readSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AccountDataStore } from '../../../src/service/store/accountDataStore';
import type { Mutation } from '../../../src/service/store/mutations';
import { temporaryDirectory } from '../../support/testService';
import { describeJournalStore } from '../../support/testStore';

const SETUP: Mutation[] = [
  { op: 'createDatabase', name: 'db', slug: 'sandbox', created: '2024-01-01T00:00:00.000Z' },
  { op: 'createCollection', db: 'db', name: 'c' },
];
const put = (id: number): Mutation[] => [{ op: 'put', db: 'db', col: 'c', doc: { _id: id, text: `document ${id}` } }];
const idsIn = (store: AccountDataStore): unknown[] => (store.state.collection('db', 'c')?.entries ?? []).map((entry) => entry.doc._id);
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const DOCUMENTS = 30_000;

/** The generation the snapshot on disk says it starts (its first line), or 0 without one. */
function snapshotGeneration(directory: string): number {
  if (!existsSync(join(directory, 'snapshot.jsonl'))) return 0;
  const fd = openSync(join(directory, 'snapshot.jsonl'), 'r');
  try {
    const head = Buffer.alloc(256);
    const text = head.subarray(0, readSync(fd, head, 0, head.length, 0)).toString('utf8');
    return (JSON.parse(text.slice(0, text.indexOf('\n'))) as { generation: number }).generation;
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether the data folder shows a compaction to `generation` finished: its snapshot renamed into place, no unfinished
 * snapshot beside it, and the journals it folded removed (one journal left, the one the snapshot continues).
 */
function compactedOnDisk(directory: string, generation: number): boolean {
  const files = readdirSync(directory);
  return (
    !files.includes('snapshot.jsonl.tmp') &&
    snapshotGeneration(directory) >= generation &&
    files.filter((name) => /^journal-\d+\.jsonl$/.test(name)).length === 1
  );
}

describeJournalStore('local service: compaction in the background', function () {
  this.timeout(120_000);
  let directory: string;
  let log: string[];
  beforeEach(() => {
    directory = temporaryDirectory('background-compaction');
    log = [];
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('takes writes while it writes the snapshot, and keeps them all, in order, across a restart', async () => {
    const { store } = AccountDataStore.open(directory, (line) => log.push(line), undefined, undefined, 256 * 1024);
    store.commit(SETUP, true);
    for (let id = 0; id < DOCUMENTS; id++) store.commit(put(id), false);
    // The new store wrote snapshot 1; the writes above call for snapshot 2, written in the background from the next turn.
    assert.equal(snapshotGeneration(directory), 1);
    const compacted = () => compactedOnDisk(directory, 2);
    let during = 0;
    while (!compacted()) {
      await nextTurn();
      if (compacted()) break;
      store.commit([...put(DOCUMENTS + during), { op: 'delete', db: 'db', col: 'c', id: during }], true);
      during++;
    }
    assert.ok(during > 1, `other work ran between the snapshot's slices (${during} writes)`);
    assert.deepEqual(log, []);
    const files = readdirSync(directory).sort();
    assert.equal(files.filter((name) => name.startsWith('journal-')).length, 1, files.join(', '));
    assert.equal(existsSync(join(directory, 'snapshot.jsonl.tmp')), false);
    const expected = idsIn(store);
    assert.equal(expected.length, DOCUMENTS);
    store.close();
    const reopened = AccountDataStore.open(directory, (line) => log.push(line)).store;
    assert.deepEqual(idsIn(reopened), expected);
    reopened.close();
  });

  it('starts without writing a snapshot: it continues the journal it replayed', () => {
    const first = AccountDataStore.open(directory, (line) => log.push(line)).store;
    first.commit(SETUP, true);
    for (let id = 0; id < 100; id++) first.commit(put(id), true);
    first.close();
    const before = readdirSync(directory).sort();
    const { store } = AccountDataStore.open(directory, (line) => log.push(line));
    assert.deepEqual(readdirSync(directory).sort(), before, 'no new snapshot or journal at start-up');
    store.commit(put(100), true);
    store.close();
    const again = AccountDataStore.open(directory, (line) => log.push(line)).store;
    assert.equal(idsIn(again).length, 101);
    again.close();
  });
});
