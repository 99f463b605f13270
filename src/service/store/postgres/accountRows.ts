import type { PoolClient } from 'pg';
import { parseStoredJson } from '../../bson/storedJson';
import { CollectionData, ID_INDEX } from '../../query/collectionData';
import type { IndexSpec } from '../../query/indexes/indexSpec';
import { AccountState } from '../accountState';
import type { DatabaseUser, Invoice, Mutation } from '../mutations';
import { deserializeMutation, storedRulesSettings } from '../mutations';
import { storedDocument } from './documentQueries';
import type { CollectionFigures } from './storedCollection';
import { StoredCollection } from './storedCollection';

/** The mutations of one change line (`dbhost_changes`), each checked as the journal's are. */
export function changeMutations(line: string): Mutation[] {
  const parsed = parseStoredJson(line) as { m?: unknown[] };
  return (parsed.m ?? []).map(deserializeMutation);
}

/** Prepared on each connection (PostgreSQL parses and plans it once): every read request runs it. */
const CHANGES = `SELECT a.seq AS current, c.seq, c.line FROM dbhost_accounts a
LEFT JOIN dbhost_changes c ON c.account = a.account AND c.seq > $2 WHERE a.account = $1 ORDER BY c.seq`;

/** The account's commit count (`after` when it has no row yet) and the change lines kept after commit `after`, in order. */
export async function readChanges(
  client: Pick<PoolClient, 'query'>,
  account: string,
  after: number,
): Promise<{ current: number; lines: { seq: number; line: string }[] }> {
  const { rows } = await client.query<{ current: string; seq: string | null; line: string | null }>({
    name: 'dbhost_changes_after',
    text: CHANGES,
    values: [account, after],
  });
  const lines = rows.filter((row) => row.seq !== null).map((row) => ({ seq: Number(row.seq), line: row.line! }));
  return { current: rows.length > 0 ? Number(rows[0].current) : after, lines };
}

interface CollectionRow {
  db: string;
  name: string;
  indexes: string;
  rules: string | null;
}

/** Documents read from PostgreSQL in one query while a collection is loaded. */
const LOAD_PAGE = 10_000;

/**
 * The account's catalog as one consistent read (the caller's transaction is REPEATABLE READ) at commit `seq`:
 * databases, users, collections with their indexes and rules, invoices. Every collection is a
 * {@link StoredCollection}: its documents are read when a request names it ({@link readCollection}).
 */
export async function readCatalog(client: PoolClient, account: string): Promise<{ state: AccountState; seq: number }> {
  const state = new AccountState();
  const head = await client.query<{ seq: string; invoices: string }>('SELECT seq, invoices FROM dbhost_accounts WHERE account = $1', [
    account,
  ]);
  const databases = await client.query<{ name: string; slug: string; created: string; users: string }>(
    'SELECT name, slug, created, users FROM dbhost_databases WHERE account = $1 ORDER BY pos',
    [account],
  );
  for (const row of databases.rows) {
    state.apply({ op: 'createDatabase', name: row.name, slug: row.slug, created: row.created });
    for (const user of JSON.parse(row.users) as DatabaseUser[]) state.apply({ op: 'putUser', db: row.name, user });
  }
  const collections = await client.query<CollectionRow>(
    'SELECT db, name, indexes, rules FROM dbhost_collections WHERE account = $1 ORDER BY pos',
    [account],
  );
  for (const row of collections.rows) {
    state.databases.get(row.db)?.collections.set(row.name, new StoredCollection());
    if (row.rules !== null)
      state.apply({ op: 'setRules', db: row.db, col: row.name, rules: storedRulesSettings(parseStoredJson(row.rules)) });
    for (const index of JSON.parse(row.indexes) as IndexSpec[]) state.apply({ op: 'createIndex', db: row.db, col: row.name, index });
  }
  const seq = head.rows.length > 0 ? Number(head.rows[0].seq) : 0;
  state.apply({ op: 'setInvoices', invoices: head.rows.length > 0 ? (JSON.parse(head.rows[0].invoices) as Invoice[]) : [] });
  return { state, seq };
}

/**
 * The documents of the collection `db.col` read into a new collection with the indexes and rules of `stored` (in
 * the caller's transaction, consistent with its catch-up), in natural order, a page at a time.
 */
export async function readCollection(
  client: PoolClient,
  account: string,
  where: { db: string; col: string },
  stored: CollectionData,
): Promise<CollectionData> {
  // Filled as a replay: each ordered index is sorted once at the end, not kept in order document by document.
  const data = new CollectionData(true);
  data.rules = stored.rules;
  let after = '0';
  for (;;) {
    const { rows } = await client.query<{ pos: string; body: string }>(
      'SELECT pos, body FROM dbhost_documents WHERE account = $1 AND db = $2 AND col = $3 AND pos > $4 ORDER BY pos LIMIT $5',
      [account, where.db, where.col, after, LOAD_PAGE],
    );
    for (const row of rows) data.put(storedDocument(row.body, where), Buffer.byteLength(row.body));
    if (rows.length < LOAD_PAGE) break;
    after = rows[rows.length - 1].pos;
  }
  for (const index of stored.indexes) if (index.name !== ID_INDEX.name) data.addIndex(index);
  for (const index of data.finishReplay()) {
    index.fill(data.entries);
    index.build = undefined;
  }
  for (const index of data.queryIndexes) Object.assign(index.accesses, stored.queryIndex(index.name)?.accesses ?? {});
  return data;
}

/** How many documents each collection of the databases `names` holds and their stored size (collections without any are absent). */
export async function readFigures(client: PoolClient, account: string, names: string[]): Promise<Map<string, CollectionFigures>> {
  const { rows } = await client.query<{ db: string; col: string; count: string; size: string }>(
    `SELECT db, col, count(*) AS count, coalesce(sum(octet_length(body)), 0) AS size FROM dbhost_documents
     WHERE account = $1 AND db = ANY($2::text[]) GROUP BY db, col`,
    [account, names],
  );
  return new Map(rows.map((row) => [figuresKey(row.db, row.col), { count: Number(row.count), dataSize: Number(row.size) }]));
}

export const figuresKey = (db: string, col: string): string => JSON.stringify([db, col]);

/** Puts `fresh`'s content into `state` in one synchronous step, so that a request reading `state` sees one or the other. */
export function replaceState(state: AccountState, fresh: AccountState): void {
  state.databases.clear();
  for (const [name, database] of fresh.databases) state.databases.set(name, database);
  state.invoices = fresh.invoices;
}
