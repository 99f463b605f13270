import type { Pool } from 'pg';

/** The documents one transaction of a backfill counts: a short hold of the account's row lock at most. */
export const CHUNK = 10_000;

export const KEY_BACKFILL_FUNCTION = 'dbhost_count_keys_chunk(text, text, text, text, integer)';

/**
 * Counts the keys of the next `$5` documents (in `pos` order) past `through` of an index's counted keys
 * (keyCounts.ts) and moves `through` on to the last of them, or to NULL when no document is left past it. It first
 * locks the account's row, as every write does, and reads `through` only then: no write runs meanwhile, and a chunk
 * another process counted first is seen counted, never counted twice. True once every document is counted.
 */
export const COUNT_CHUNK = `
CREATE OR REPLACE FUNCTION dbhost_count_keys_chunk(text, text, text, text, integer) RETURNS boolean LANGUAGE plpgsql AS $fn$
DECLARE
  counted dbhost_counted_keys;
  reached bigint;
BEGIN
  PERFORM 1 FROM dbhost_accounts WHERE account = $1 FOR UPDATE;
  SELECT * INTO counted FROM dbhost_counted_keys c WHERE (c.account, c.db, c.col, c.idx) = ($1, $2, $3, $4);
  IF NOT FOUND OR counted.through IS NULL THEN RETURN true; END IF;
  WITH chunk AS MATERIALIZED (
    SELECT d.pos, dbhost_sort_key(d.doc, counted.path) AS key FROM dbhost_documents d
    WHERE (d.account, d.db, d.col) = ($1, $2, $3) AND d.pos > counted.through ORDER BY d.pos LIMIT $5
  ), added AS (
    INSERT INTO dbhost_key_counts AS k
      SELECT $1, $2, $3, $4, chunk.key, count(*) FROM chunk WHERE chunk.key IS NOT NULL GROUP BY chunk.key ORDER BY chunk.key
      ON CONFLICT (account, db, col, idx, key) DO UPDATE SET n = k.n + EXCLUDED.n
  )
  SELECT max(chunk.pos) INTO reached FROM chunk;
  IF reached IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM dbhost_documents d WHERE (d.account, d.db, d.col) = ($1, $2, $3) AND d.pos > reached
  ) THEN
    reached := NULL;
  END IF;
  UPDATE dbhost_counted_keys c SET through = reached WHERE (c.account, c.db, c.col, c.idx) = ($1, $2, $3, $4);
  RETURN reached IS NULL;
END
$fn$;`;

/** The collection whose unfinished counts a backfill finishes (every collection's without one). */
export interface KeyBackfill {
  account: string;
  db: string;
  col: string;
}

interface Unfinished extends KeyBackfill {
  idx: string;
}

/**
 * Counts the documents not yet counted of each index whose keys are counted (of `only`'s collection, or all), a
 * chunk per transaction, so that writes of the account wait for one chunk at most, never for the whole collection.
 * Run after the commit that starts counting an index, and at each start for counts a process stopped or an upgrade
 * left unfinished. Stops between chunks once `stopped()` says so; the next start goes on from there.
 */
export async function fillKeyCounts(pool: Pool, only: KeyBackfill | undefined, stopped: () => boolean = () => false): Promise<void> {
  const { rows } = await pool.query<Unfinished>(
    `SELECT account, db, col, idx FROM dbhost_counted_keys WHERE through IS NOT NULL
     ${only ? 'AND account = $1 AND db = $2 AND col = $3' : ''} ORDER BY account, db, col, idx`,
    only ? [only.account, only.db, only.col] : [],
  );
  for (const { account, db, col, idx } of rows) {
    for (;;) {
      if (stopped()) return;
      const { rows: done } = await pool.query<{ done: boolean }>('SELECT dbhost_count_keys_chunk($1, $2, $3, $4, $5) AS done', [
        account,
        db,
        col,
        idx,
        CHUNK,
      ]);
      if (done[0].done) break;
    }
  }
}
