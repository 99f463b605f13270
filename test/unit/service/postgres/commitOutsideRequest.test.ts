import assert from 'node:assert/strict';
import type { Pool } from 'pg';
import type { RequestScope } from '../../../../src/service/store/accountStore';
import type { Mutation } from '../../../../src/service/store/mutations';
import type { PostgresAccountStore } from '../../../../src/service/store/postgres/postgresAccountStore';
import { openAccountStore, seedAccount } from '../../../support/postgresAccount';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';
import { hookedPool, openPool } from '../../../support/hookedPool';

const DB = 'shop';
const COL = 'items';
const ACCOUNT = 'commit-outside-request';
const SCOPE: RequestScope = { collections: [{ db: DB, col: COL }], databases: [], figures: [] };
/** How a write request takes the account's row lock (postgresAccountStore.ts begin). */
const isRowLock = (text: string) => text.startsWith('SELECT seq FROM dbhost_accounts') && text.endsWith('FOR UPDATE');

/**
 * A commit of this process outside a write request, made once a write request holds the account's row lock but
 * before it runs: stored on a connection of its own, it waited for that lock, and the write waited for it (its own
 * commits queue behind it; a write reading the account again first waits for every commit queued): the account
 * stalled for good, its lock held. Every commit goes into a write request's transaction; one outside is refused at once.
 */
describePostgres('on PostgreSQL, a commit outside a write request while a write holds the account lock', function () {
  // A stall shows as this timeout.
  this.timeout(20_000);
  let pool: Pool;
  let store: PostgresAccountStore;
  let outside: { refused?: unknown } | undefined;

  beforeEach(async () => {
    const url = freshPostgresStore();
    await seedAccount(url, ACCOUNT, [
      { op: 'createDatabase', name: DB, slug: 'sandbox', created: new Date(0).toISOString() },
      { op: 'createCollection', db: DB, name: COL },
      { op: 'put', db: DB, col: COL, doc: { _id: 'seeded' } },
    ]);
    pool = openPool(url);
    outside = undefined;
    // The commit outside is made the moment the write has the lock, before the write goes on (no timing).
    const hooked = hookedPool(pool, {
      after: (text, viaPool) => {
        if (!outside || viaPool || !isRowLock(text) || 'refused' in outside) return;
        try {
          store.commit([{ op: 'put', db: DB, col: COL, doc: { _id: 'outside' } }], true);
          outside.refused = false;
        } catch (error) {
          outside.refused = error;
        }
      },
    });
    store = await openAccountStore(hooked, ACCOUNT);
  });
  afterEach(() => pool?.end());

  /** A write request committing a document, with the commit outside it made once it holds the lock. */
  async function writeWithCommitOutside(): Promise<void> {
    outside = {};
    await store.serve(() => store.commit([{ op: 'put', db: DB, col: COL, doc: { _id: 'written' } }], true), true, SCOPE);
    assert.match(String(outside.refused), /^Error: A commit outside a write request/);
    const kept = await store.serve(() => store.state.collection(DB, COL)!.entries.map((entry) => entry.doc._id), false, SCOPE);
    assert.deepEqual(kept, ['seeded', 'written']);
    assert.deepEqual(await storedIds(DB), ['seeded', 'written']);
  }

  const storedIds = async (db: string): Promise<unknown[]> => {
    const { rows } = await pool.query<{ body: string }>('SELECT body FROM dbhost_documents WHERE db = $1 ORDER BY pos', [db]);
    return rows.map((row) => (JSON.parse(row.body) as { _id: unknown })._id);
  };

  it('is refused at once; the write request goes on and stores its own commit', async () => {
    await writeWithCommitOutside();
    await store.close();
  });

  it('is refused at once when the write first reads the account again (a Copy Database before it)', async () => {
    const made: Mutation[] = [
      { op: 'createDatabase', name: 'copy', slug: 'sandbox', created: new Date(0).toISOString() },
      { op: 'createCollection', db: 'copy', name: COL },
    ];
    // As Copy Database does: the copy is applied once whole, and its documents are copied in PostgreSQL.
    const complete = () => void made.forEach((mutation) => store.state.apply(mutation));
    const copy = { from: DB, to: 'copy', collections: [COL], copied: 0 };
    const copied = await store.serve(() => store.commitCopy(made, complete, copy), true);
    assert.equal(copied, undefined);
    await writeWithCommitOutside();
    assert.ok(store.state.databases.has('copy'), 'the write read the account again, the copy in it');
    assert.deepEqual(await storedIds('copy'), ['seeded']);
    await store.close();
  });
});
