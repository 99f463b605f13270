import type { Pool } from 'pg';
import { ID_INDEX } from '../../query/collectionData';
import type { IndexSpec } from '../../query/indexes/indexSpec';
import { postgresIndexName, uniqueIndexName } from './indexSql';

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

/**
 * Drops each index of `drop` the catalog does not want, one at a time, with DROP INDEX CONCURRENTLY: a plain DROP
 * INDEX waits for an ACCESS EXCLUSIVE lock on the documents table, and while it waits every account's reads and
 * writes queue behind it. The indexes are listed before the catalog is read: an index another process made meanwhile
 * for a collection made again was committed to the catalog first, so it is kept.
 */
export async function dropUnwanted(pool: Pool, drop: IndexDrop): Promise<void> {
  const { rows: listed } = await pool.query<{ name: string }>(
    `SELECT indexname AS name FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'dbhost_documents' AND starts_with(indexname, $1)`,
    [drop.prefix],
  );
  if (listed.length === 0) return;
  const { rows: collections } = await pool.query<{ name: string; indexes: string }>(
    'SELECT name, indexes FROM dbhost_collections WHERE account = $1 AND db = $2 AND ($3::text IS NULL OR name = $3)',
    [drop.account, drop.db, drop.col ?? null],
  );
  const wanted = new Set(
    collections.flatMap(({ name, indexes }) => wantedNames(drop.account, drop.db, name, JSON.parse(indexes) as IndexSpec[])),
  );
  for (const { name } of listed) if (!wanted.has(name)) await pool.query(`DROP INDEX CONCURRENTLY IF EXISTS "${name.replace(/"/g, '""')}"`);
}
