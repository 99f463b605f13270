import assert from 'node:assert/strict';
import { appendFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { HttpError } from '../../../src/service/errors';
import { AccountDataStore } from '../../../src/service/store/accountDataStore';
import type { JournalIo } from '../../../src/service/store/journal';
import { nodeJournalIo } from '../../../src/service/store/journal';
import type { Mutation } from '../../../src/service/store/mutations';
import { temporaryDirectory } from '../../support/testService';
import { describeJournalStore } from '../../support/testStore';

const diskFull = (): Error => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
const ioError = (): Error => Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });

/** The real file operations, with the next write, sync or truncate made to fail on demand. */
class FlakyDisk implements JournalIo {
  /** The next write puts half its bytes in the file, then fails as a full disk does. */
  failNextWrite = false;
  failNextSync = false;
  failNextTruncate = false;

  write(fd: number, data: Buffer): void {
    if (!this.failNextWrite) return nodeJournalIo.write(fd, data);
    this.failNextWrite = false;
    nodeJournalIo.write(fd, data.subarray(0, Math.floor(data.length / 2)));
    throw diskFull();
  }

  sync(fd: number): void {
    if (!this.failNextSync) return nodeJournalIo.sync(fd);
    this.failNextSync = false;
    throw ioError();
  }

  /** The journal's group commit: fails as {@link sync} does, as a rejection, as the real one reports a failed fdatasync. */
  syncInBackground(fd: number): Promise<void> {
    if (!this.failNextSync) return nodeJournalIo.syncInBackground(fd);
    this.failNextSync = false;
    return Promise.reject(ioError());
  }

  truncate(fd: number, length: number): void {
    if (!this.failNextTruncate) return nodeJournalIo.truncate(fd, length);
    this.failNextTruncate = false;
    throw ioError();
  }
}

const put = (id: number): Mutation[] => [{ op: 'put', db: 'db', col: 'c', doc: { _id: id, text: 'x'.repeat(100) } }];
const ids = (store: AccountDataStore): unknown[] => store.state.collection('db', 'c')!.entries.map((entry) => entry.doc._id);

function assertUnavailable(run: () => void, pattern: RegExp): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof HttpError);
    assert.equal(error.status, 503);
    assert.match(error.message, pattern);
    return true;
  });
}

describeJournalStore('account store: failed journal writes', () => {
  let directory: string;
  let log: string[];
  let disk: FlakyDisk;
  let store: AccountDataStore;

  beforeEach(() => {
    directory = temporaryDirectory('journal-failures');
    log = [];
    disk = new FlakyDisk();
    store = AccountDataStore.open(directory, (line) => log.push(line), disk).store;
    store.commit(
      [
        { op: 'createDatabase', name: 'db', slug: 'sandbox', created: '2024-01-01T00:00:00.000Z' },
        { op: 'createCollection', db: 'db', name: 'c' },
      ],
      true,
    );
  });
  afterEach(() => {
    store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const reopen = (): AccountDataStore => {
    store.close();
    store = AccountDataStore.open(directory, (line) => log.push(line)).store;
    return store;
  };

  it('takes back the partial bytes of a failed append, so the next acknowledged write survives a restart', () => {
    store.commit(put(1), true);
    disk.failNextWrite = true;
    assertUnavailable(() => store.commit(put(2), true), /could not write to its data folder \(ENOSPC\); the change was not stored/);
    assert.deepEqual(ids(store), [1]);
    store.commit(put(3), true);
    assert.deepEqual(ids(reopen()), [1, 3]);
    assert.deepEqual(log, [], 'the journal held a damaged line');
  });

  it('refuses every change after a failed fsync, until the store is opened again', () => {
    store.commit(put(1), true);
    disk.failNextSync = true;
    assertUnavailable(
      () => store.commit(put(2), true),
      /could not flush its data folder to disk \(EIO\).*refuses changes until it is restarted/,
    );
    assertUnavailable(() => store.commit(put(3), false), /refuses changes until it is restarted/);
    assertUnavailable(() => store.commit(put(4), true), /refuses changes until it is restarted/);
    assert.deepEqual(ids(store), [1], 'a refused change is not served from memory');
    const reopened = reopen();
    assert.ok(!ids(reopened).includes(3) && !ids(reopened).includes(4));
    reopened.commit(put(5), true);
    assert.ok(ids(reopened).includes(5));
  });

  it('refuses every change when a partial append cannot be taken back', () => {
    disk.failNextWrite = true;
    disk.failNextTruncate = true;
    assertUnavailable(() => store.commit(put(1), true), /nor take back the partial write; it refuses changes until it is restarted/);
    assertUnavailable(() => store.commit(put(2), true), /refuses changes until it is restarted/);
    assert.deepEqual(ids(store), []);
  });
});

describeJournalStore('account store: replaying a damaged journal line', () => {
  let directory: string;
  beforeEach(() => (directory = temporaryDirectory('journal-replay')));
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('skips a line whole when a later mutation in it cannot be read', () => {
    const { store } = AccountDataStore.open(directory, () => undefined);
    store.commit([{ op: 'createDatabase', name: 'db', slug: 'sandbox', created: '2024-01-01T00:00:00.000Z' }], true);
    store.close();
    const journal = join(
      directory,
      readdirSync(directory).find((name) => name.startsWith('journal-'))!,
    );
    const lines = [
      {
        at: 1,
        m: [
          { op: 'createCollection', db: 'db', name: 'badId' },
          { op: 'put', db: 'db', col: 'badId', doc: { _id: { $oid: 'not-hex' } } },
        ],
      },
      {
        at: 2,
        m: [
          { op: 'createCollection', db: 'db', name: 'badIndex' },
          { op: 'createIndex', db: 'db', col: 'badIndex' },
        ],
      },
      {
        at: 3,
        m: [
          { op: 'createCollection', db: 'db', name: 'noId' },
          { op: 'put', db: 'db', col: 'noId', doc: { a: 1 } },
        ],
      },
      {
        at: 4,
        m: [
          { op: 'createCollection', db: 'db', name: 'good' },
          { op: 'put', db: 'db', col: 'good', doc: { _id: 1 } },
        ],
      },
    ];
    appendFileSync(journal, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    assert.equal(readFileSync(journal, 'utf8').split('\n').length, 6);

    const log: string[] = [];
    const reopened = AccountDataStore.open(directory, (line) => log.push(line)).store;
    assert.deepEqual([...reopened.state.databases.get('db')!.collections.keys()], ['good']);
    assert.equal(reopened.state.collection('db', 'good')!.count, 1);
    assert.equal(log.filter((line) => /skipped line [234]:/.test(line)).length, 3, log.join('\n'));
    reopened.close();
  });
});
