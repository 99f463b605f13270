import type { PoolClient } from 'pg';
import type { IndexSpec } from '../../query/indexes/indexSpec';
import { ID_INDEX } from '../../query/collectionData';
import { dropUnlessWanted, makeIndexAfterDrops } from './indexDrops';
import { uniqueIndexName, uniqueIndexSql } from './indexSql';

/** A unique index's name as indexSql.ts makes them: `u`, a hash of the interface's name, then (now) one of its keys. */
const UNIQUE_NAME = /^dbx_[0-9a-f]{32}_u[0-9a-f]{16}(?:[0-9a-f]{8})?$/;

/**
 * Makes the unique index of every unique index of the interface under its name of now (which hashes its keys, see
 * {@link uniqueIndexName}) where it is missing or invalid, and drops every other unique index of ours: one of a
 * database made before (named by the interface's name alone, whose keys nothing vouches for) and one left by an
 * index dropped. Until then a write does not trust it (partialWrites.ts looks for the name of now). The indexes are
 * listed before the collections are read: one made meanwhile was committed to its collection first, so it is known.
 * Run by the one process holding the backfill's lock (idKeyIndexes.ts); stops between indexes once `stopped()`.
 */
export async function verifyUniqueIndexes(client: PoolClient, stopped: () => boolean, log: (line: string) => void): Promise<void> {
  const { rows: existing } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'dbhost_documents'::regclass ORDER BY c.oid`,
  );
  const { rows: collections } = await client.query<Collection>('SELECT account, db, name, indexes FROM dbhost_collections ORDER BY pos');
  const wanted = new Map<string, { sql: string; of: Collection }>();
  for (const collection of collections) for (const [name, sql] of uniqueIndexesOf(collection)) wanted.set(name, { sql, of: collection });
  let made = 0;
  for (const [name, { sql, of }] of wanted) {
    if (stopped()) return;
    if (!(await run(() => makeIndexAfterDrops(client, name, sql), log))) continue;
    made++;
    // Dropped while it was built (its drop found no index to drop): it goes now, unless made again meanwhile.
    await run(() => dropUnlessWanted(client, name, () => wantedBy(client, name, of)), log);
  }
  if (made > 0) log(`Made ${made} PostgreSQL unique ${made === 1 ? 'index' : 'indexes'} under names that hash their keys`);
  // The catalog is read again under the collection's lock: one made again since with the same index keeps it.
  for (const { name } of existing)
    if (!stopped() && UNIQUE_NAME.test(name) && !wanted.has(name))
      await run(() => dropUnlessWanted(client, name, () => wantedBy(client, name)), log);
}

interface Collection {
  account: string;
  db: string;
  name: string;
  indexes: string;
}

/** The names and definitions of the PostgreSQL unique indexes a collection's interface indexes want. */
function uniqueIndexesOf({ account, db, name, indexes }: Collection): Map<string, string> {
  const made = new Map<string, string>();
  for (const index of JSON.parse(indexes) as IndexSpec[]) {
    const sql = index.name === ID_INDEX.name ? undefined : uniqueIndexSql(account, db, name, index);
    if (sql) made.set(uniqueIndexName(account, db, name, index), sql);
  }
  return made;
}

/** Whether the catalog wants the unique index `index`: of the collection `of`, or without it of any collection. */
async function wantedBy(client: PoolClient, index: string, of?: Collection): Promise<boolean> {
  const { rows } = await client.query<Collection>(
    'SELECT account, db, name, indexes FROM dbhost_collections WHERE $1::text IS NULL OR (account = $1 AND db = $2 AND name = $3)',
    [of?.account ?? null, of?.db ?? null, of?.name ?? null],
  );
  return rows.some((row) => uniqueIndexesOf(row).has(index));
}

/** Whether `step` built or dropped an index; a failure is logged. */
async function run(step: () => Promise<unknown>, log: (line: string) => void): Promise<boolean> {
  try {
    return (await step()) !== false;
  } catch (error) {
    // Keys that are not unique in PostgreSQL's terms, say: writes to the collection load it, as without the index.
    log(`A PostgreSQL unique index could not be made or dropped: ${(error as Error).message}`);
    return false;
  }
}
