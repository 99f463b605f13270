import type { Pool, PoolClient } from 'pg';
import type { Doc, Value } from '../../bson/extendedJson';
import { parseStoredJson } from '../../bson/storedJson';
import type { DocumentSource, Selection } from '../accountStore';
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
    const candidates = filter.sql === 'TRUE' ? 'TRUE' : `(doc IS NULL OR ${filter.sql})`;
    const { rows } = await this.query<{ body: string }>(
      `SELECT body FROM dbhost_documents WHERE ${COLLECTION} AND ${candidates} ORDER BY pos`,
      values,
    );
    return { documents: rows.map((row) => storedDocument(row.body)) };
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
      const skip = values.length + 1;
      const { rows } = await client.query<{ body: string }>(
        `SELECT body FROM dbhost_documents WHERE ${COLLECTION} AND ${where} ORDER BY pos OFFSET $${skip} LIMIT $${skip + 1}`,
        [...values, window.skip, window.limit],
      );
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
