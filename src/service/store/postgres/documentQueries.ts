import type { Pool, PoolClient } from 'pg';
import type { Doc, Value } from '../../bson/extendedJson';
import { parseStoredJson } from '../../bson/storedJson';
import type { DocumentSource, KeyedIndex, Selection, SelectOptions, StorePlan } from '../accountStore';
import type { PlanNode } from './explainSql';
import { storePlan } from './explainSql';
import { postgresIndexName } from './indexSql';
import { deserializeMutation } from '../mutations';
import type { SqlFilter } from './filterSql';
import { filterSql, onlyKeyEquality, sqlPath, topLevelEquality } from './filterSql';
import { keyCountSql } from './keyCounts';
import { sortKeySql } from './sortKey';
import { documentKey } from './mutationSql';
import { unavailable } from './unavailable';
import { HttpError } from '../../errors';

/**
 * A stored document's text as the document, checked as a journal line's is; text that is not a stored document is a
 * 500 naming its collection.
 */
export function storedDocument(body: string, where: { db: string; col: string }): Doc {
  try {
    return (deserializeMutation({ op: 'put', db: where.db, col: where.col, doc: parseStoredJson(body) }) as { doc: Doc }).doc;
  } catch (error) {
    throw new HttpError(
      500,
      `A document of ${where.db}.${where.col} in PostgreSQL is damaged and cannot be read (${(error as Error).message}); requests that read it fail until it is mended or removed there`,
    );
  }
}

/** A filter whose count may be read from the keys counted of `index` (keyCounts.ts): it asks only for `key` there. */
type KeyedFilter = SqlFilter & { keyCount?: { index: string; path: string[]; key: Buffer } };

/** The rows of one collection: `$1` the account, `$2` the database, `$3` the collection. */
const COLLECTION = 'account = $1 AND db = $2 AND col = $3';

/** Every candidate of a filter's SQL: a document without jsonb (`doc` null) is always one, as is an unsure one. */
const candidatesSql = (filter: SqlFilter): string =>
  `SELECT body FROM dbhost_documents WHERE ${COLLECTION} AND ${filter.sql === 'TRUE' ? 'TRUE' : `(${['doc IS NULL', filter.sql, ...filter.unsure].join(' OR ')})`} ORDER BY pos`;

/**
 * One page of the documents an exact filter's SQL matches, in the sort's order (then natural order) or natural
 * order; `$skip` and the next parameter are OFFSET and LIMIT. `gathered`: the matches are read first (by whatever
 * index serves the filter) and then ordered, instead of an index walked in the order until the page is found.
 */
function pageSql(where: string, skip: number, order: string[] = [], gathered = false): string {
  const window = `OFFSET $${skip} LIMIT $${skip + 1}`;
  if (ONE_ID.test(where)) return `SELECT body FROM dbhost_documents WHERE ${COLLECTION} AND ${where} ${window}`;
  const keys = [...order, 'pos'];
  if (!gathered) return `SELECT body FROM dbhost_documents WHERE ${COLLECTION} AND ${where} ORDER BY ${keys.join(', ')} ${window}`;
  const columns = order.map((key, i) => `${key.replace(/ DESC$/, '')} AS k${i}`);
  const sorted = order.map((key, i) => `k${i}${key.endsWith(' DESC') ? ' DESC' : ''}`);
  return `WITH matches AS MATERIALIZED (SELECT ${[...columns, 'pos', 'body'].join(', ')} FROM dbhost_documents WHERE ${COLLECTION} AND ${where}) SELECT body FROM matches ORDER BY ${[...sorted, 'pos'].join(', ')} ${window}`;
}

/**
 * Whether reading every match and ordering them beats walking an index in the page's order: a walk reads about
 * `skip + limit` of every `total` it passes, `size` the collection's rows. PostgreSQL cannot tell (it has no
 * statistics of how many rows a jsonb containment matches), so a selective filter would walk most of the
 * collection. Not when the filter bounds the walked key itself (a range on the sorted field): the walk reads the page.
 */
function gatherMatches(
  filter: string,
  order: string[],
  { total, size }: { total: number; size: number },
  window: { skip: number; limit: number },
): boolean {
  if (order.length > 0 && filter.includes(order[0].replace(/ DESC$/, ''))) return false;
  return total * total <= (window.skip + window.limit) * size;
}

/** A sort as SQL on its fields' sort keys (sortKey.ts), or undefined for a path SQL cannot follow. */
function sortSql(sort: Doc): { order: string[]; unsure: string[] } | undefined {
  const order: string[] = [];
  const unsure: string[] = [];
  for (const [path, direction] of Object.entries(sort)) {
    const segments = sqlPath(path);
    if (!segments || (direction !== 1 && direction !== -1)) return undefined;
    order.push(`${sortKeySql(segments)}${direction === -1 ? ' DESC' : ''}`);
    unsure.push(`${sortKeySql(segments)} IS NULL`);
  }
  return { order, unsure };
}

/** A sorted query SQL may page: an exact filter and a sort on keys, with the rows that would make either inexact. */
function sortedQuery(q: Doc, sort: Doc): { filter: SqlFilter; order: string[] } | undefined {
  const filter = filterSql(q);
  const sorted = sortSql(sort);
  if (!filter.exact || !sorted) return undefined;
  return { filter: { ...filter, unsure: [...new Set([...filter.unsure, ...sorted.unsure])] }, order: sorted.order };
}

const BY_ID = `SELECT id, body FROM dbhost_documents WHERE ${COLLECTION} AND id = ANY($4::text[])`;

/** The SQL of a filter on one `_id` (filterSql.ts): at most one row, found by the primary key, in no order to keep. */
const ONE_ID = /^\(id IN \('(?:[^']|'')*'\)\)$/;

/**
 * One account's documents read by SQL. A filter SQL decides exactly (filterSql.ts) is counted and paged by
 * PostgreSQL, in natural order; any other gives its candidates. A document whose text jsonb cannot hold (`doc`
 * null) is always a candidate, and a collection holding one is never paged by SQL.
 */
export class PostgresDocuments implements DocumentSource {
  private readonly keyIndexes = new Set<string>();

  constructor(
    private readonly pool: Pool,
    private readonly account: string,
  ) {}

  async byId(db: string, col: string, ids: Value[]): Promise<Doc | undefined> {
    const keys = ids.map((id) => documentKey(id));
    const { rows } = await this.query<{ id: string; body: string }>(BY_ID, [this.account, db, col, keys], 'dbhost_by_id');
    const byKey = new Map(rows.map((row) => [row.id, row.body]));
    const found = keys.find((key) => byKey.has(key));
    return found === undefined ? undefined : storedDocument(byKey.get(found)!, { db, col });
  }

  async select(db: string, col: string, q: Doc, window?: { skip: number; limit: number }, options: SelectOptions = {}): Promise<Selection> {
    const { keyed, atMost } = options;
    const values = [this.account, db, col];
    const filter = filterSql(q);
    if (window && filter.exact) {
      const byKey = await this.keyedFilter(db, col, q, keyed);
      // A row the key cannot order (an array, say): the equality is written as containment instead.
      const page = (byKey && (await this.page(byKey, values, window, [], true))) || (await this.page(filter, values, window));
      if (page) return page;
    }
    const limit = atMost === undefined ? '' : ` LIMIT ${Math.floor(atMost)}`;
    const { rows } = await this.query<{ body: string }>(`${candidatesSql(filter)}${limit}`, values);
    return { documents: rows.map((row) => storedDocument(row.body, { db, col })) };
  }

  async sortedPage(
    db: string,
    col: string,
    { q, sort, walked }: { q: Doc; sort: Doc; walked?: string },
    window: { skip: number; limit: number },
  ): Promise<Selection | undefined> {
    const query = sortedQuery(q, sort);
    if (!query || (walked !== undefined && !(await this.hasKeyIndex(postgresIndexName(this.account, db, col, walked, 'k')))))
      return undefined;
    return this.page(query.filter, [this.account, db, col], window, query.order);
  }

  /**
   * `q` with its equality of the field of `keyed` written on that field's sort key (filterSql.ts), when PostgreSQL
   * has the index's valid B-tree: its rows of one key lie in natural order, so a page reads only its own documents
   * and the count tests no jsonb, or reads the one count kept of the key when the equality is all `q` asks.
   * None when `q` has no such equality at its top level.
   */
  private async keyedFilter(db: string, col: string, q: Doc, keyed?: KeyedIndex): Promise<KeyedFilter | undefined> {
    if (!keyed || !topLevelEquality(q, keyed.path)) return undefined;
    if (!(await this.hasKeyIndex(postgresIndexName(this.account, db, col, keyed.index, 'k')))) return undefined;
    const key = onlyKeyEquality(q, keyed.path);
    const path = sqlPath(keyed.path);
    return { ...filterSql(q, keyed.path), ...(key && path ? { keyCount: { index: keyed.index, path, key } } : {}) };
  }

  /**
   * Whether PostgreSQL has the valid B-tree of sort keys named `name` (an older database, the demo's indexes and
   * an index still being built have none). Kept once seen: an index dropped leaves the service's plans too.
   */
  private async hasKeyIndex(name: string): Promise<boolean> {
    if (this.keyIndexes.has(name)) return true;
    const { rows } = await this.query<{ valid: boolean }>(
      'SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1',
      [name],
    );
    if (rows[0]?.valid !== true) return false;
    this.keyIndexes.add(name);
    return true;
  }

  async explain(
    db: string,
    col: string,
    request: { q: Doc; sort?: Doc; window?: { skip: number; limit: number }; keyed?: KeyedIndex },
    indexes: string[],
  ): Promise<StorePlan> {
    const { q, sort, window } = request;
    const sorted = sort ? sortedQuery(q, sort) : undefined;
    const values = [this.account, db, col];
    const exact = window !== undefined && (sorted?.filter ?? filterSql(q)).exact;
    // The same form of the page as select and sortedPage choose, which needs the same counts.
    const count = (filter: SqlFilter) =>
      exact ? this.counted({ query: (text: string, all: unknown[]) => this.query(text, all) }, filter, values) : undefined;
    const byKey = sorted || !exact ? undefined : await this.keyedFilter(db, col, q, request.keyed);
    const keyedCount = byKey && (await count(byKey));
    const inOrder = keyedCount !== undefined;
    const filter = inOrder ? byKey! : (sorted?.filter ?? filterSql(q));
    const counted = inOrder ? keyedCount : await count(filter);
    const gathered = !inOrder && counted !== undefined && gatherMatches(filter.sql, sorted?.order ?? [], counted, window!);
    const [text, parameters] = exact
      ? [pageSql(filter.sql, 4, sorted?.order, gathered), [...values, window.skip, window.limit]]
      : [candidatesSql(filter), values];
    const { rows } = await this.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, parameters);
    const ours = new Map(
      indexes.flatMap((name) =>
        (['g', 'u', 'k'] as const).map((kind) => [postgresIndexName(this.account, db, col, name, kind), name] as const),
      ),
    );
    return storePlan(rows[0]['QUERY PLAN'][0].Plan, ours, exact);
  }

  /**
   * The page and the count in one snapshot, in the order of `order` (then natural order); none when the
   * collection holds a document SQL cannot read or a row the filter or the sort is unsure of. `inOrder`: an index
   * serving the filter yields its matches in that order, so the page is walked, never gathered.
   */
  private async page(
    filter: KeyedFilter,
    values: unknown[],
    window: { skip: number; limit: number },
    order: string[] = [],
    inOrder = false,
  ): Promise<Selection | undefined> {
    return this.inSnapshot(async (client) => {
      const counted = await this.counted(client, filter, values);
      if (!counted) return undefined;
      const { total } = counted;
      if (window.limit === 0 || window.skip >= total) return { documents: [], total };
      const page = await client.query<{ body: string }>(
        pageSql(filter.sql, values.length + 1, order, !inOrder && gatherMatches(filter.sql, order, counted, window)),
        [...values, window.skip, window.limit],
      );
      return { documents: page.rows.map((row) => storedDocument(row.body, { db: values[1] as string, col: values[2] as string })), total };
    });
  }

  /**
   * How many documents the filter matches (a key's count kept: keyCounts.ts) and the collection holds (its count
   * kept beside it: documentCounts.ts); none when the collection holds a document SQL cannot read or a row the
   * filter is unsure of.
   */
  private async counted(
    client: { query<R extends object>(text: string, values: unknown[]): Promise<{ rows: R[] }> },
    filter: KeyedFilter,
    values: unknown[],
  ): Promise<{ total: number; size: number } | undefined> {
    const rows = (where: string) => `EXISTS (SELECT 1 FROM dbhost_documents WHERE ${COLLECTION} AND ${where})`;
    const size = 'SELECT doc_count FROM dbhost_collections WHERE account = $1 AND db = $2 AND name = $3';
    const all = `SELECT count(*) FROM dbhost_documents WHERE ${COLLECTION} AND ${filter.sql}`;
    const { keyCount } = filter;
    const total = filter.sql === 'TRUE' ? size : keyCount ? keyCountSql(keyCount.index, keyCount.path, keyCount.key, all) : all;
    const head = await client.query<{ total: string | null; size: string | null }>(
      `SELECT CASE WHEN ${['doc IS NULL', ...filter.unsure].map(rows).join(' OR ')} THEN NULL ELSE (${total}) END AS total, (${size}) AS size`,
      values,
    );
    const { total: matching, size: held } = head.rows[0];
    return matching === null ? undefined : { total: Number(matching), size: Number(held ?? 0) };
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

  /** `name`: a statement of fixed text, prepared once on each connection (PostgreSQL parses and plans it once). */
  private async query<R extends object>(text: string, values: unknown[], name?: string): Promise<{ rows: R[] }> {
    try {
      return await this.pool.query<R>({ text, values, ...(name ? { name } : {}) });
    } catch (error) {
      throw unavailable(error, 'nothing was read');
    }
  }
}
