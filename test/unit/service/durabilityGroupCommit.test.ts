import assert from 'node:assert/strict';
import { fstatSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { HttpError } from '../../../src/service/errors';
import { AccountDataStore } from '../../../src/service/store/accountDataStore';
import { withGroupCommit } from '../../../src/service/store/groupCommit';
import type { JournalIo } from '../../../src/service/store/journal';
import { nodeJournalIo } from '../../../src/service/store/journal';
import type { Mutation } from '../../../src/service/store/mutations';
import { startServiceInProcess, temporaryDirectory } from '../../support/testService';
import { describeJournalStore } from '../../support/testStore';

interface HeldSync {
  /** The journal's size when the sync started: the bytes it makes durable. */
  covers: number;
  release(): void;
  fail(error: Error): void;
}

/** The real file operations, except that each background sync waits until the test releases (or fails) it. */
class HeldDisk implements JournalIo {
  readonly held: HeldSync[] = [];
  /** Bytes of the journal made durable by the syncs released so far. */
  durableBytes = 0;
  /** When set, each background sync releases itself once this holds. */
  releaseWhen: (() => boolean) | undefined;

  write = nodeJournalIo.write;
  truncate = nodeJournalIo.truncate;

  sync(fd: number): void {
    nodeJournalIo.sync(fd);
    this.durableBytes = Math.max(this.durableBytes, fstatSync(fd).size);
  }

  syncInBackground(fd: number): Promise<void> {
    const covers = fstatSync(fd).size;
    return new Promise((resolve, reject) => {
      let settled = false;
      const sync: HeldSync = {
        covers,
        release: () => {
          if (settled) return;
          settled = true;
          nodeJournalIo.sync(fd);
          this.durableBytes = Math.max(this.durableBytes, covers);
          resolve();
        },
        fail: (error) => {
          settled = true;
          reject(error);
        },
      };
      this.held.push(sync);
      const releaseWhen = this.releaseWhen;
      if (releaseWhen) void until(releaseWhen).then(() => sync.release());
    });
  }
}

const put = (id: number): Mutation[] => [{ op: 'put', db: 'db', col: 'c', doc: { _id: id, text: 'x'.repeat(100) } }];
const ids = (store: AccountDataStore): unknown[] => store.state.collection('db', 'c')!.entries.map((entry) => entry.doc._id);

/** Waits, one turn of the event loop at a time, until `condition` holds. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

function journalText(directory: string): string {
  const name = readdirSync(directory).find((file) => /^journal-\d+\.jsonl$/.test(file))!;
  return readFileSync(join(directory, name), 'utf8');
}

/** Whether the line of document `id` lies within the first `bytes` bytes of the journal. */
function lineIsWithin(directory: string, id: number, bytes: number): boolean {
  const text = Buffer.from(journalText(directory), 'utf8').subarray(0, bytes).toString('utf8');
  return text.includes(`"_id":${id},`);
}

describeJournalStore('durability: group commit of safe writes', () => {
  let directory: string;
  let disk: HeldDisk;
  let store: AccountDataStore;

  beforeEach(() => {
    directory = temporaryDirectory('group-commit');
    disk = new HeldDisk();
    store = AccountDataStore.open(directory, () => undefined, disk).store;
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
    // A journal closed during a sync closes its file when the sync returns.
    for (const sync of disk.held) sync.release();
    rmSync(directory, { recursive: true, force: true });
  });

  it('acknowledges no write before a sync covering its bytes, and batches the writes made during a sync into the next one', async () => {
    const acknowledged: number[] = [];
    const write = (id: number) =>
      Promise.resolve(withGroupCommit(() => store.commit(put(id), true))).then(() => {
        assert.ok(lineIsWithin(directory, id, disk.durableBytes), `write ${id} was acknowledged before its bytes were synced`);
        acknowledged.push(id);
      });
    const first = write(1);
    await until(() => disk.held.length === 1);
    const during = [2, 3, 4, 5, 6, 7, 8].map(write);
    await until(() => ids(store).length === 8);
    assert.deepEqual(acknowledged, [], 'nothing is acknowledged while its sync is held');
    assert.equal(disk.held.length, 1, 'one sync at a time');

    disk.held[0].release();
    await first;
    assert.deepEqual(acknowledged, [1]);
    await until(() => disk.held.length === 2);
    assert.deepEqual(acknowledged, [1], 'the writes made during the first sync wait for the second');
    disk.held[1].release();
    await Promise.all(during);
    assert.deepEqual(acknowledged, [1, 2, 3, 4, 5, 6, 7, 8]);
    assert.equal(disk.held.length, 2, '8 safe writes shared 2 syncs');
  });

  it('answers 503 to every write waiting on a failed sync, and refuses changes after it', async () => {
    const writes = [1, 2, 3].map((id) => withGroupCommit(() => store.commit(put(id), true)));
    await until(() => disk.held.length === 1);
    disk.held[0].fail(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    for (const outcome of await Promise.allSettled(writes)) {
      assert.equal(outcome.status, 'rejected');
      const error = (outcome as PromiseRejectedResult).reason as HttpError;
      assert.ok(error instanceof HttpError);
      assert.equal(error.status, 503);
      assert.match(error.message, /could not flush its data folder to disk \(EIO\), so whether the last changes are kept is unknown/);
    }
    assert.throws(
      () => store.commit(put(4), true),
      (error: unknown) => error instanceof HttpError && error.status === 503 && /refuses changes until it is restarted/.test(error.message),
    );
  });

  it('acknowledges the writes waiting for a sync once a compaction folds them into a synced snapshot', async () => {
    const waiting = withGroupCommit(() => store.commit(put(1), true));
    await until(() => disk.held.length === 1);
    assert.ok(store.compact());
    await waiting;
    store.close();
    store = AccountDataStore.open(directory, () => undefined, disk).store;
    assert.deepEqual(ids(store), [1]);
  });

  it('syncs a durable write made outside a request before the commit returns', () => {
    store.commit(put(1), true);
    assert.equal(disk.held.length, 0);
    assert.ok(lineIsWithin(directory, 1, disk.durableBytes));
  });
});

describeJournalStore('durability: group commit through the service', function () {
  this.timeout(60_000);
  const WRITERS = 32;

  it(`acknowledges ${WRITERS} concurrent safe inserts after the sync of their bytes, with fewer syncs than writes`, async () => {
    const disk = new HeldDisk();
    disk.releaseWhen = () => true;
    const service = await startServiceInProcess({ apiKeys: ['group-commit-key'], empty: true, journalIo: disk });
    try {
      const client = service.client();
      await client.createDatabase('db', 'sandbox');
      await client.createCollection('db', 'c');
      const accountDirectory = join(service.dataDir, 'accounts', readdirSync(join(service.dataDir, 'accounts'))[0]);
      const syncsBefore = disk.held.length;
      // A slow disk: a sync returns only once every insert is in the journal, so the inserts overlap a sync in flight.
      disk.releaseWhen = () => (journalText(accountDirectory).match(/"op":"put"/g) ?? []).length === WRITERS;
      let acknowledgedEarly = 0;
      await Promise.all(
        Array.from({ length: WRITERS }, (_, id) =>
          client.createDocument('db', 'c', { _id: id, text: 'x'.repeat(100) }, { safe: true }).then(() => {
            if (!lineIsWithin(accountDirectory, id, disk.durableBytes)) acknowledgedEarly++;
          }),
        ),
      );
      assert.equal(acknowledgedEarly, 0, 'an insert was acknowledged before its journal line was synced');
      const syncs = disk.held.length - syncsBefore;
      assert.ok(syncs < WRITERS, `${WRITERS} concurrent safe inserts took ${syncs} syncs`);
      assert.ok(syncs <= 2, `the inserts made while the first sync was held should share the next one, took ${syncs}`);
    } finally {
      await service.stop();
    }
  });
});
