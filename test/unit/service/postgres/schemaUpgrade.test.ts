import assert from 'node:assert/strict';
import { Pool } from 'pg';
import type { AccountStores } from '../../../../src/service/store/accountStore';
import { documentColumns, documentKey } from '../../../../src/service/store/postgres/documentKeys';
import { openPostgresStores } from '../../../../src/service/store/postgres/postgresStores';
import { seedAccount } from '../../../support/postgresAccount';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';

const ACCOUNT = 'schema-upgrade';
const DB = 'shop';
const COL = 'items';
const SEEDED = [
  { op: 'createDatabase', name: DB, slug: 'sandbox', created: new Date(0).toISOString() },
  { op: 'createCollection', db: DB, name: COL },
  { op: 'put', db: DB, col: COL, doc: { _id: 1 } },
  { op: 'put', db: DB, col: COL, doc: { _id: 2 } },
] as const;
/** What a database made before the counts were kept lacks. */
const BEFORE_COUNTS = `DROP TRIGGER IF EXISTS dbhost_documents_inserted ON dbhost_documents;
  DROP TRIGGER IF EXISTS dbhost_documents_deleted ON dbhost_documents;
  DROP TRIGGER IF EXISTS dbhost_documents_truncated ON dbhost_documents;
  ALTER TABLE dbhost_collections DROP COLUMN doc_count`;

const openBoth = (url: string): Promise<AccountStores[]> => Promise.all([0, 1].map(() => openPostgresStores(url, () => undefined)));

/** Whether both see the account's documents, each through a store of its own. */
async function readThroughEach(stores: AccountStores[]): Promise<number[]> {
  return Promise.all(
    stores.map(async (each) => {
      const { store } = await each.open(ACCOUNT, 'unused-key');
      const scope = { collections: [{ db: DB, col: COL }], databases: [], figures: [] };
      return store.serve(() => store.state.collection(DB, COL)?.count ?? -1, false, scope);
    }),
  );
}

/**
 * The tables are made or brought up to date by the first service process to start, holding an advisory lock every
 * version takes. Two starting at once both come up, and one upgrading a database while a process of an older version
 * writes to it waits for that write instead of deadlocking with it.
 */
describePostgres('on PostgreSQL, the tables made or brought up to date as services start', function () {
  this.timeout(60_000);
  const pools: Pool[] = [];
  const poolOf = (url: string) => {
    const pool = new Pool({ connectionString: url });
    pools.push(pool);
    return pool;
  };
  after(() => Promise.all(pools.map((pool) => pool.end())));

  const counted = async (pool: Pool) =>
    (await pool.query<{ n: string }>('SELECT doc_count AS n FROM dbhost_collections WHERE db = $1 AND name = $2', [DB, COL])).rows.map(
      (row) => Number(row.n),
    );

  it('comes up in two processes started at once over a new database', async () => {
    const url = freshPostgresStore();
    const stores = await openBoth(url);
    try {
      const { store } = await stores[0].open(ACCOUNT, 'unused-key');
      await store.serve(() => store.commit([...SEEDED], true), true);
      assert.deepEqual(await readThroughEach(stores), [2, 2]);
      assert.deepEqual(await counted(poolOf(url)), [2]);
    } finally {
      await Promise.all(stores.map((each) => each.close()));
    }
  });

  it('comes up in two processes started at once over a database made before the counts were kept, counting its documents', async () => {
    const url = freshPostgresStore();
    await seedAccount(url, ACCOUNT, [...SEEDED]);
    const pool = poolOf(url);
    await pool.query(BEFORE_COUNTS);
    const stores = await openBoth(url);
    try {
      assert.deepEqual(await counted(pool), [2]);
      assert.deepEqual(await readThroughEach(stores), [2, 2]);
    } finally {
      await Promise.all(stores.map((each) => each.close()));
    }
  });

  it('waits for the write of an older process in flight, which completes, and counts what it wrote', async () => {
    const url = freshPostgresStore();
    await seedAccount(url, ACCOUNT, [...SEEDED]);
    const pool = poolOf(url);
    await pool.query(BEFORE_COUNTS);
    const older = await pool.connect();
    let stores: AccountStores | undefined;
    try {
      // As an older version writes: the account's row, a document, then (a user, say) its database's row.
      await older.query('BEGIN');
      await older.query('SELECT seq FROM dbhost_accounts WHERE account = $1 FOR UPDATE', [ACCOUNT]);
      const { body, json } = documentColumns({ _id: 3 });
      await older.query('INSERT INTO dbhost_documents (account, db, col, id, body, doc) VALUES ($1, $2, $3, $4, $5, $6::jsonb)', [
        ACCOUNT,
        DB,
        COL,
        documentKey(3),
        body,
        json,
      ]);
      const starting = openPostgresStores(url, () => undefined);
      starting.catch(() => undefined); // Awaited below, once the older write is done.
      for (;;) {
        const { rows } = await pool.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        );
        if (rows[0].waiting > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await older.query('UPDATE dbhost_databases SET users = users WHERE account = $1 AND name = $2', [ACCOUNT, DB]);
      await older.query('COMMIT');
      stores = await starting;
      assert.deepEqual(await counted(pool), [3]);
    } finally {
      await older.query('ROLLBACK').catch(() => undefined);
      older.release();
      await stores?.close();
    }
  });
});
