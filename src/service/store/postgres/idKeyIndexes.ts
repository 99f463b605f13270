import type { Pool, PoolClient } from 'pg';
import { ID_INDEX } from '../../query/collectionData';
import { idKeyIndexSql, postgresIndexName } from './indexSql';
import { makeIndexAfterDrops } from './indexDrops';
import { verifyUniqueIndexes } from './uniqueIndexes';

/** Held by the one process that makes the missing `_id` B-trees; another process starting meanwhile leaves them to it. */
const BACKFILL_LOCK = 7_301_031;

/**
 * Makes the B-tree of `_id`'s sort keys (indexSql.ts) of every collection made before collections had one, one at
 * a time, without blocking writes (CREATE INDEX CONCURRENTLY). Until a collection's is valid, its sorts by `_id`
 * are answered by the service's planner, as before. One process at a time (a session advisory lock, released
 * when its connection ends, so a process killed mid-way leaves the work to the next one started). An index left
 * invalid by a build that was interrupted is built again (REINDEX CONCURRENTLY waits for a build still running).
 * Stops between indexes once `stopped()` says so. Returns how many it made.
 */
export async function makeIdKeyIndexes(pool: Pool, stopped: () => boolean, log: (line: string) => void): Promise<number> {
  const client = await pool.connect();
  try {
    const { rows: locked } = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1) AS held', [BACKFILL_LOCK]);
    if (!locked[0].held) return 0;
    try {
      const made = await makeMissing(client, stopped, log);
      await verifyUniqueIndexes(client, stopped, log);
      return made;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [BACKFILL_LOCK]);
    }
  } finally {
    client.release();
  }
}

async function makeMissing(client: PoolClient, stopped: () => boolean, log: (line: string) => void): Promise<number> {
  const { rows: collections } = await client.query<{ account: string; db: string; name: string }>(
    'SELECT account, db, name FROM dbhost_collections ORDER BY pos',
  );
  let made = 0;
  for (const { account, db, name } of collections) {
    if (stopped()) break;
    try {
      if (await makeIndexAfterDrops(client, postgresIndexName(account, db, name, ID_INDEX.name, 'k'), idKeyIndexSql(account, db, name)))
        made++;
    } catch (error) {
      // A collection dropped meanwhile, say: its sorts stay with the service's planner.
      log(`A PostgreSQL index of _id could not be made: ${(error as Error).message}`);
    }
  }
  // The planner walks a B-tree of sort keys only with statistics of its expression.
  if (made > 0) await client.query('ANALYZE dbhost_documents');
  return made;
}
