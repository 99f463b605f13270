import type { Pool } from 'pg';
import { documentColumns, documentKey } from '../../src/service/store/postgres/documentKeys';

/**
 * Writes documents into a collection of a PostgreSQL store directly, as a bulk load would (fast: no service
 * request), in the collection's natural order; the collection must exist, in one account only.
 */
export async function insertRows(pool: Pool, db: string, col: string, docs: { _id: string | number }[]): Promise<void> {
  for (let from = 0; from < docs.length; from += 5_000) {
    const rows = docs.slice(from, from + 5_000);
    await pool.query(
      `INSERT INTO dbhost_documents (account, db, col, id, body, doc)
       SELECT c.account, $1, $2, t.id, t.body, t.body::jsonb FROM dbhost_collections c, unnest($3::text[], $4::text[]) WITH ORDINALITY AS t(id, body, n)
       WHERE c.db = $1 AND c.name = $2 ORDER BY t.n`,
      [db, col, rows.map((doc) => documentKey(doc._id)), rows.map((doc) => documentColumns(doc).body)],
    );
  }
}

/**
 * Damages the stored text of one document (its jsonb stays): any request that reads the collection's documents into
 * the service fails on it (a 500 naming the collection), so a request answered otherwise read none of them.
 */
export async function damageRow(pool: Pool, db: string, col: string, id: string | number): Promise<void> {
  const damaged = await pool.query(`UPDATE dbhost_documents SET body = '{' WHERE db = $1 AND col = $2 AND id = $3`, [
    db,
    col,
    documentKey(id),
  ]);
  if (damaged.rowCount !== 1) throw new Error(`No document ${String(id)} in ${db}.${col} to damage`);
}

/**
 * Stops `running`, fills the collection with `docs` and damages the document `damaged` (see {@link damageRow})
 * directly in PostgreSQL, then gives the service `start` starts again on the same store: it keeps the collection in
 * PostgreSQL only, so what a request then answers without meeting the damaged document it answered without loading it.
 */
export async function restartWithRows<Service extends { stop(): Promise<void> }>(
  running: Service,
  start: () => Promise<Service>,
  pool: Pool,
  rows: { db: string; col: string; docs: { _id: string | number }[]; damaged: string | number },
): Promise<Service> {
  await running.stop();
  await insertRows(pool, rows.db, rows.col, rows.docs);
  await damageRow(pool, rows.db, rows.col, rows.damaged);
  return start();
}
