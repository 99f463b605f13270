import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { HttpError } from '../../../../src/service/errors';
import { AccountDataStore } from '../../../../src/service/store/accountDataStore';
import type { JournalIo } from '../../../../src/service/store/journal';
import { nodeJournalIo } from '../../../../src/service/store/journal';
import type { FileIo } from '../../../../src/service/store/lineFile';
import { nodeFileIo } from '../../../../src/service/store/lineFile';
import type { Mutation } from '../../../../src/service/store/mutations';
import { temporaryDirectory } from '../../../support/testService';
import { describeJournalStore } from '../../../support/testStore';

const diskFull = (): Error => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

/** The real file operations until `full` is set: then every write fails as on a full disk, after putting part of its bytes down. */
class Disk implements JournalIo, FileIo {
  full = false;

  write(fd: number, data: Buffer): void {
    if (!this.full) return nodeJournalIo.write(fd, data);
    nodeFileIo.write(fd, data.subarray(0, Math.floor(data.length / 3)));
    throw diskFull();
  }

  sync(fd: number): void {
    nodeJournalIo.sync(fd);
  }

  syncInBackground(fd: number): Promise<void> {
    return nodeJournalIo.syncInBackground(fd);
  }

  truncate(fd: number, length: number): void {
    nodeJournalIo.truncate(fd, length);
  }
}

const SETUP: Mutation[] = [
  { op: 'createDatabase', name: 'db', slug: 'sandbox', created: '2024-01-01T00:00:00.000Z' },
  { op: 'createCollection', db: 'db', name: 'c' },
];
const put = (id: number): Mutation[] => [{ op: 'put', db: 'db', col: 'c', doc: { _id: id, text: 'x'.repeat(200) } }];
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Waits, one turn of the event loop at a time, until `condition` holds. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await nextTurn();
}

const idsIn = (store: AccountDataStore): unknown[] => (store.state.collection('db', 'c')?.entries ?? []).map((entry) => entry.doc._id);

describeJournalStore('adversarial durability: a full disk', () => {
  let directory: string;
  let log: string[];
  let journalDisk: Disk;
  let snapshotDisk: Disk;
  const open = (compactAtBytes?: number) =>
    AccountDataStore.open(directory, (line) => log.push(line), journalDisk, snapshotDisk, compactAtBytes);
  const reopenHealthy = () => AccountDataStore.open(directory, (line) => log.push(line)).store;

  beforeEach(() => {
    directory = temporaryDirectory('adversarial-full-disk');
    log = [];
    journalDisk = new Disk();
    snapshotDisk = new Disk();
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('acknowledges a stored write even when the compaction after it cannot write its snapshot, and keeps it across a restart', async () => {
    const { store } = open(2_000);
    store.commit(SETUP, true);
    snapshotDisk.full = true;
    // Each compaction starts the next journal, then fails to write its snapshot and says so; the journals stay.
    const journals = () => readdirSync(directory).filter((name) => /^journal-\d+\.jsonl$/.test(name)).length;
    const failedTries = () => log.filter((line) => /could not write a new snapshot/.test(line)).length;
    for (let id = 1; id <= 30; id++) {
      store.commit(put(id), true); // passes the compaction size many times over
      // A compaction this write calls for starts on the next turn; it has ended once it has said why it failed.
      await nextTurn();
      await until(() => journals() - 1 === failedTries());
    }
    assert.ok(journals() > 2, `the compaction ran more than once (${journals()} journals)`);
    assert.deepEqual(idsIn(store).length, 30);
    assert.ok(
      log.some((line) => /could not write a new snapshot \(ENOSPC\); the journal keeps every change/.test(line)),
      log.join('\n'),
    );
    assert.equal(existsSync(join(directory, 'snapshot.jsonl.tmp')), false, 'no unfinished snapshot is left behind');
    const failures = log.filter((line) => /could not write a new snapshot/.test(line)).length;
    assert.ok(failures < 10, `the compaction is retried after the journal grows, not on every write (${failures} tries)`);
    store.close();

    const again = reopenHealthy();
    assert.deepEqual(
      idsIn(again),
      Array.from({ length: 30 }, (_, index) => index + 1),
    );
    again.close();
  });

  it('starts on a full disk to serve reads, refuses writes with 503 while it is full, and takes them again once there is room', () => {
    const first = open().store;
    first.commit(SETUP, true);
    for (const id of [1, 2, 3]) first.commit(put(id), true);
    first.close();
    snapshotDisk.full = true;
    journalDisk.full = true;

    const { store } = open();
    assert.deepEqual(idsIn(store), [1, 2, 3], 'every document is served');
    assert.ok(!log.some((line) => /could not write a new snapshot/.test(line)), 'start-up writes no snapshot: it continues the journal');
    assert.equal(existsSync(join(directory, 'snapshot.jsonl.tmp')), false);
    assert.throws(
      () => store.commit(put(4), true),
      (error: unknown) => error instanceof HttpError && error.status === 503 && /ENOSPC\); the change was not stored/.test(error.message),
    );
    assert.deepEqual(idsIn(store), [1, 2, 3]);
    journalDisk.full = false;
    store.commit(put(5), true);
    store.close();

    const again = reopenHealthy();
    assert.deepEqual(idsIn(again), [1, 2, 3, 5]);
    assert.deepEqual(
      readdirSync(directory).filter((name) => name.includes('.tmp') || name.includes('damaged')),
      [],
    );
    again.close();
  });

  it('keeps a new account written on a full disk (no snapshot yet) and starts on it again', () => {
    snapshotDisk.full = true;
    const { store, existed } = open();
    assert.equal(existed, false);
    store.commit(SETUP, true);
    store.commit(put(1), true);
    store.close();
    assert.equal(existsSync(join(directory, 'snapshot.jsonl')), false);

    const reopened = AccountDataStore.open(directory, (line) => log.push(line));
    assert.equal(reopened.existed, true, 'an account with only its first journal is not new (no demo data is added again)');
    assert.deepEqual(idsIn(reopened.store), [1]);
    reopened.store.close();
  });

  it('keeps a torn tail left by a full disk from joining the next acknowledged line when the start-up compaction fails', () => {
    const first = open().store;
    first.commit(SETUP, true);
    first.commit(put(1), true);
    first.close();
    const journal = join(
      directory,
      readdirSync(directory).find((name) => /^journal-\d+\.jsonl$/.test(name))!,
    );
    appendFileSync(journal, '{"at":1,"m":[{"op":"put"');
    snapshotDisk.full = true;
    const { store } = open();
    store.commit(put(2), true);
    store.close();
    const again = reopenHealthy();
    assert.deepEqual(idsIn(again), [1, 2]);
    again.close();
  });
});
