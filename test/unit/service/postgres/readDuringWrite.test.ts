import assert from 'node:assert/strict';
import type { Pool } from 'pg';
import type { RequestScope } from '../../../../src/service/store/accountStore';
import { openAccountStore, seedAccount } from '../../../support/postgresAccount';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';
import { hookedPool, openPool } from '../../../support/hookedPool';

const DB = 'shop';
const COL = 'items';
const ACCOUNT = 'read-during-write';
const NOTHING: RequestScope = { collections: [], databases: [], figures: [] };
/** The catch-up's query (accountRows.ts readChanges). */
const isCatchUp = (text: string) => text.startsWith('SELECT a.seq AS current');

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

/**
 * A read that arrives while a write of the same process holds the account's lock (its catch-up queued behind the
 * write's) must not read the account again under the write: that put back the collection the write loaded, and the
 * write failed (a 500) although nothing was wrong.
 */
describePostgres('on PostgreSQL, a read arriving while a write holds the account lock', function () {
  this.timeout(60_000);
  let url: string;
  let pool: Pool;

  before(async () => {
    url = freshPostgresStore();
    await seedAccount(url, ACCOUNT, [
      { op: 'createDatabase', name: DB, slug: 'sandbox', created: new Date(0).toISOString() },
      { op: 'createCollection', db: DB, name: COL },
    ]);
    pool = openPool(url);
  });
  after(() => pool?.end());

  it('leaves the write its view: the write succeeds and its document is read after it', async () => {
    const writeRefreshing = deferred();
    const releaseWrite = deferred();
    const commitWritten = deferred();
    let writeCatchUps = 0;
    const hooked = hookedPool(pool, {
      before: async (text, viaPool) => {
        if (!isCatchUp(text)) return;
        if (!viaPool && writeCatchUps++ === 0) {
          writeRefreshing.resolve();
          await releaseWrite.promise;
        }
        // A read's catch-up reaches PostgreSQL once the write stored its commit in its transaction.
        if (viaPool) await commitWritten.promise;
      },
      after: (text, viaPool) => {
        if (!viaPool && text.startsWith('INSERT INTO dbhost_changes')) commitWritten.resolve();
      },
    });
    const store = await openAccountStore(hooked, ACCOUNT);

    const read: { done?: Promise<unknown> } = {};
    const write = store.serve(
      async () => {
        store.commit([{ op: 'put', db: DB, col: COL, doc: { _id: 'w', n: 1 } }], true);
        await read.done;
        return store.state.collection(DB, COL)!.get('w')?.doc;
      },
      true,
      { collections: [{ db: DB, col: COL }], databases: [], figures: [] },
    );
    await writeRefreshing.promise;
    read.done = store.serve(() => store.state.databases.has(DB), false, NOTHING);
    releaseWrite.resolve();
    assert.deepEqual(await write, { _id: 'w', n: 1 });
    assert.equal(await read.done, true);

    const after = await store.serve(() => store.state.collection(DB, COL)!.get('w')?.doc, false, {
      collections: [{ db: DB, col: COL }],
      databases: [],
      figures: [],
    });
    assert.deepEqual(after, { _id: 'w', n: 1 });
    const { rows } = await pool.query('SELECT body FROM dbhost_documents WHERE db = $1 AND col = $2', [DB, COL]);
    assert.deepEqual(
      rows.map((row: { body: string }) => JSON.parse(row.body)),
      [{ _id: 'w', n: 1 }],
    );
    await store.close();
  });
});
