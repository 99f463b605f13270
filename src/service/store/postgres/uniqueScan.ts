import type { Pool } from 'pg';
import type { IndexSpec } from '../../query/indexes/indexSpec';
import type { IndexScan } from '../storeIndexBuilds';
import { storedDocument } from './documentQueries';
import { unavailable } from './unavailable';

/** The rows of one collection: `$1` the account, `$2` the database, `$3` the collection; paths from `$4`. */
const COLLECTION = 'account = $1 AND db = $2 AND col = $3';

/** Below this a number's jsonb equality is its double's (and an int64's equal to it), as valueKey compares them. */
const EXACT_NUMBERS = 9007199254740992;

/**
 * Whether a document's key at `path` (the parameter of its segments) is one whose jsonb equality is the service's
 * (indexKeysOf): reached through objects only (no array on the way, which valueAtPath would read its own way), and
 * missing, null, a string, a boolean or a number a double holds exactly; a missing one is null, as in the service.
 */
function keyOf(path: string, segments: number): { checkable: string; key: string } {
  const value = `(doc #> ${path})`;
  const prefixes = Array.from({ length: segments - 1 }, (_, i) => `jsonb_typeof(doc #> (${path})[1:${i + 1}]) IS DISTINCT FROM 'array'`);
  const scalar = `CASE jsonb_typeof(${value}) WHEN 'number' THEN abs(${value}::numeric) < ${EXACT_NUMBERS} WHEN 'string' THEN true WHEN 'boolean' THEN true WHEN 'null' THEN true ELSE ${value} IS NULL END`;
  return { checkable: [...prefixes, scalar].join(' AND '), key: `COALESCE(${value}, 'null'::jsonb)` };
}

/**
 * Counts a collection and, for a unique index, finds its duplicates as the service does walking the documents in
 * natural order (`pos`): the later documents of each key. Two statements in one snapshot: the count with whether
 * every key is one PostgreSQL compares exactly (a document jsonb cannot hold is not), then, when so, the duplicates.
 * The caller holds the account's lock, so no write comes between.
 */
export async function scanForIndex(
  pool: Pool,
  account: string,
  where: { db: string; col: string },
  index: IndexSpec,
  all: boolean,
): Promise<IndexScan> {
  const fields = Object.keys(index.key);
  const paths = fields.map((field) => field.split('.'));
  const keys = paths.map((segments, i) => keyOf(`$${i + 4}::text[]`, segments.length));
  const values = [account, where.db, where.col, ...paths];
  const client = await pool.connect().catch((error: unknown) => {
    throw unavailable(error, 'the index was not created');
  });
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    if (!index.unique) {
      const { rows } = await client.query<{ n: string }>(
        'SELECT doc_count AS n FROM dbhost_collections WHERE account = $1 AND db = $2 AND name = $3',
        values.slice(0, 3),
      );
      await client.query('COMMIT');
      return { count: Number(rows[0]?.n ?? 0) };
    }
    const checkable = keys.map(({ checkable }) => `(${checkable})`).join(' AND ');
    const { rows } = await client.query<{ n: string; unsure: boolean | null }>(
      `SELECT count(*) AS n, bool_or(doc IS NULL OR NOT (${checkable})) AS unsure FROM dbhost_documents WHERE ${COLLECTION}`,
      values,
    );
    const count = Number(rows[0].n);
    if (rows[0].unsure) {
      await client.query('COMMIT');
      return { count, duplicates: 'unsure' };
    }
    const partition = keys.map(({ key }) => key).join(', ');
    const { rows: found } = await client.query<{ body: string }>(
      `SELECT body FROM (SELECT body, pos, row_number() OVER (PARTITION BY ${partition} ORDER BY pos) AS n FROM dbhost_documents WHERE ${COLLECTION}) AS keyed
       WHERE n > 1 ORDER BY pos${all ? '' : ' LIMIT 1'}`,
      values,
    );
    await client.query('COMMIT');
    return { count, duplicates: found.map(({ body }) => storedDocument(body, where)) };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw unavailable(error, 'the index was not created');
  } finally {
    client.release();
  }
}
