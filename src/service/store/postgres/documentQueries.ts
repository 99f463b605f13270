import type { Pool, PoolClient } from 'pg';
import type { Doc, Value } from '../../bson/extendedJson';
import { parseStoredJson } from '../../bson/storedJson';
import type { DocumentSource, Selection, StorePlan } from '../accountStore';
import type { PlanNode } from './explainSql';
import { storePlan } from './explainSql';
import { postgresIndexName } from './indexSql';
import { deserializeMutation } from '../mutations';
import { filterSql } from './filterSql';
import { documentKey } from './mutationSql';
import { unavailable } from './unavailable';

/** A stored document's text as the document, checked as a journal line's is. */
export function storedDocument(body: string): Doc {
  const put = deserializeMutation({ op: 'put', db: '', col: '', doc: parseStoredJson(body) });
  return (put as { doc: Doc }).doc;
}

/** The rows of one collection: `$1` the account, `$2` the database, `$3` the collection. */
const COLLECTION = 'account = $1 AND db = $2 AND col = $3';

/** Every candidate of a filter's SQL: a document without jsonb (`doc` null) is always one. */
const candidatesSql = (where: string): string =>
  `SELECT body FROM dbhost_documents WHERE ${COLLECTION} AND ${where === 'TRUE' ? 'TRUE' : `(doc IS NULL OR ${where})`} ORDER BY pos`;

/** One page of the documents an exact filter's SQL matches; `$skip` and the next parameter are OFFSET and LIMIT. */
const pageSql = (where: string, skip: number): string =>
  `SELECT body FROM dbhost_documents WHERE ${COLLECTION} AND ${where}${ONE_ID.test(where) ? '' : ' ORDER BY pos'} OFFSET $${skip} LIMIT $${skip + 1}`;

/** The SQL of a filter on one `_id` (filterSql.ts): at most one row, found by the primary key, in no order to keep. */
const ONE_ID = /^\(id IN \('(?:[^']|'')*'\)\)$/;

/**
 * One account's documents read by SQL. A filter SQL decides exactly (filterSql.ts) is counted and paged by
 * PostgreSQL, in natural order; any other gives its candidates. A document whose text jsonb cannot hold (`doc`
 * null) is always a candidate, and a collection holding one is never paged by SQL.
 */
export class PostgresDocuments implements DocumentSource {
  constructor(
    private readonly pool: Pool,
    private readonly account: string,
  ) {}

  async byId(db: string, col: string, ids: Value[]): Promise<Doc | undefined> {
    const keys = ids.map((id) => documentKey(id));
    const { rows } = await this.query<{ id: string; body: string }>(
      `SELECT id, body FROM dbhost_documents WHERE ${COLLECTION} AND id = ANY($4::text[])`,
      [this.account, db, col, keys],
    );
    const byKey = new Map(rows.map((row) => [row.id, row.body]));
    const found = keys.find((key) => byKey.has(key));
    return found === undefined ? undefined : storedDocument(byKey.get(found)!);
  }

  async select(db: string, col: string, q: Doc, window?: { skip: number; limit: number }): Promise<Selection> {
    const values = [this.account, db, col];
    const filter = filterSql(q);
    if (window && filter.exact) {
      const page = await this.page(filter.sql, values, window);
      if (page) return page;
    }
    const { rows } = await this.query<{ body: string }>(candidatesSql(filter.sql), values);
    return { documents: rows.map((row) => storedDocument(row.body)) };
  }

  async explain(
    db: string,
    col: string,
    q: Doc,
    window: { skip: number; limit: number } | undefined,
    indexes: string[],
  ): Promise<StorePlan> {
    const filter = filterSql(q);
    const exact = window !== undefined && filter.exact;
    const [text, values] = exact
      ? [pageSql(filter.sql, 4), [this.account, db, col, window.skip, window.limit]]
      : [candidatesSql(filter.sql), [this.account, db, col]];
    const { rows } = await this.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
    const ours = new Map(
      indexes.flatMap((name) => (['g', 'u'] as const).map((kind) => [postgresIndexName(this.account, db, col, name, kind), name] as const)),
    );
    return storePlan(rows[0]['QUERY PLAN'][0].Plan, ours, exact);
  }

  /** The page and the count in one snapshot; none when the collection holds a document SQL cannot read. */
  private async page(where: string, values: unknown[], window: { skip: number; limit: number }): Promise<Selection | undefined> {
    return this.inSnapshot(async (client) => {
      const head = await client.query<{ total: string; unreadable: boolean }>(
        `SELECT (SELECT count(*) FROM dbhost_documents WHERE ${COLLECTION} AND ${where}) AS total,
                EXISTS (SELECT 1 FROM dbhost_documents WHERE ${COLLECTION} AND doc IS NULL) AS unreadable`,
        values,
      );
      if (head.rows[0].unreadable) return undefined;
      const total = Number(head.rows[0].total);
      if (window.limit === 0 || window.skip >= total) return { documents: [], total };
      const { rows } = await client.query<{ body: string }>(pageSql(where, values.length + 1), [...values, window.skip, window.limit]);
      return { documents: rows.map((row) => storedDocument(row.body)), total };
    });
  }

  private async inSnapshot<T>(run: (client: PoolClient) => Promise<T>): Promise<T> {
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw unavailable(error, 'nothing was read');
    }
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const result = await run(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw unavailable(error, 'nothing was read');
    } finally {
      client.release();
    }
  }

  private async query<R extends object>(text: string, values: unknown[]): Promise<{ rows: R[] }> {
    try {
      return await this.pool.query<R>(text, values);
    } catch (error) {
      throw unavailable(error, 'nothing was read');
    }
  }
}
