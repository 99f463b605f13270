import type { Pool, PoolClient } from 'pg';
import { ID_INDEX } from '../../query/collectionData';
import type { IndexSpec } from '../../query/indexes/indexSpec';
import { collectionPrefixOf, postgresIndexName, uniqueIndexName } from './indexSql';

/**
 * Our PostgreSQL indexes whose names start with `prefix` (those of one collection, `col`, or of every collection of
 * the database), to drop unless the catalog wants them.
 */
export interface IndexDrop {
  account: string;
  db: string;
  col?: string;
  prefix: string;
}

/** The PostgreSQL indexes the interface's indexes of one collection want (indexSql.ts), `indexes` as the catalog keeps them. */
function wantedNames(account: string, db: string, col: string, indexes: IndexSpec[]): string[] {
  const names = [postgresIndexName(account, db, col, ID_INDEX.name, 'k')];
  for (const index of indexes) {
    names.push(postgresIndexName(account, db, col, index.name, 'g'), postgresIndexName(account, db, col, index.name, 'k'));
    if (index.unique) names.push(uniqueIndexName(account, db, col, index));
  }
  return names;
}

/** The advisory lock of the indexes of one collection, by their names' prefix: see {@link dropUnwanted}. */
const COLLECTION_LOCK = 'hashtextextended($1, 0)';

/**
 * Waits for a drop of the indexes of the collection of `definition` (an index definition) in progress, if any: an
 * index made while it runs would be kept by its IF NOT EXISTS (the index to drop still exists), then dropped.
 */
export async function awaitDrops(session: Pool | PoolClient, definition: string): Promise<void> {
  const prefix = collectionPrefixOf(definition);
  if (prefix) await session.query(`SELECT pg_advisory_xact_lock(${COLLECTION_LOCK})`, [prefix]);
}

/**
 * Makes the index `name` by `definition`, or builds it again (REINDEX) where a build cut short left it invalid,
 * unless a valid one exists, once a drop of its collection's indexes in progress is done ({@link awaitDrops}): read
 * before, an index that drop is about to remove looks made. Returns whether it built one.
 */
export async function makeIndexAfterDrops(session: Pool | PoolClient, name: string, definition: string): Promise<boolean> {
  await awaitDrops(session, name);
  const { rows } = await session.query<{ valid: boolean }>(
    `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = 'dbhost_documents'::regclass AND c.relname = $1`,
    [name],
  );
  if (rows[0]?.valid === true) return false;
  // The names are hex digits (indexSql.ts): safe in the statement.
  await session.query(rows.length > 0 ? `REINDEX INDEX CONCURRENTLY ${name}` : definition);
  return true;
}

/**
 * Drops each index of `drop` the catalog does not want, one at a time, with DROP INDEX CONCURRENTLY: a plain DROP
 * INDEX waits for an ACCESS EXCLUSIVE lock on the documents table, and while it waits every account's reads and
 * writes queue behind it. Each index's collection is read from the catalog under its collection's advisory lock,
 * held until the index is dropped, which the definitions of that collection's indexes wait for ({@link awaitDrops}):
 * an index another process made meanwhile for a collection made again is either kept or made after its drop. One
 * that cannot be dropped does not keep the others: their failures are thrown together once all were tried.
 */
export async function dropUnwanted(pool: Pool, drop: IndexDrop): Promise<void> {
  const { rows: listed } = await pool.query<{ name: string }>(
    `SELECT indexname AS name FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'dbhost_documents' AND starts_with(indexname, $1)`,
    [drop.prefix],
  );
  const failures: string[] = [];
  for (const { name } of listed) await dropIfUnwanted(pool, drop, name).catch((error: Error) => failures.push(`${name}: ${error.message}`));
  if (failures.length > 0) throw new Error(`Some PostgreSQL indexes could not be dropped (the others were): ${failures.join('; ')}`);
}

async function dropIfUnwanted(pool: Pool, drop: IndexDrop, name: string): Promise<void> {
  const client = await pool.connect();
  try {
    await dropUnlessWanted(client, name, async () => {
      const { rows: collections } = await client.query<{ name: string; indexes: string }>(
        'SELECT name, indexes FROM dbhost_collections WHERE account = $1 AND db = $2 AND ($3::text IS NULL OR name = $3)',
        [drop.account, drop.db, drop.col ?? null],
      );
      return collections.some(({ name: col, indexes }) =>
        wantedNames(drop.account, drop.db, col, JSON.parse(indexes) as IndexSpec[]).includes(name),
      );
    });
    client.release();
  } catch (error) {
    // Ending the session releases its advisory lock.
    client.release(error as Error);
    throw error;
  }
}

/**
 * Drops our index `name` (DROP INDEX CONCURRENTLY) unless `wanted()`, which reads the catalog through `session`, says
 * its collection wants it; both under the collection's advisory lock ({@link dropUnwanted}), released after.
 */
export async function dropUnlessWanted(session: PoolClient, name: string, wanted: () => Promise<boolean>): Promise<void> {
  const prefix = collectionPrefixOf(name) ?? name;
  await session.query(`SELECT pg_advisory_lock(${COLLECTION_LOCK})`, [prefix]);
  try {
    if (!(await wanted())) await session.query(`DROP INDEX CONCURRENTLY IF EXISTS "${name.replace(/"/g, '""')}"`);
  } finally {
    await session.query(`SELECT pg_advisory_unlock(${COLLECTION_LOCK})`, [prefix]);
  }
}
