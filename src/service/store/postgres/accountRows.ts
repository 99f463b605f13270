import type { PoolClient } from 'pg';
import { parseStoredJson } from '../../bson/storedJson';
import type { IndexSpec } from '../../query/indexes/indexSpec';
import { AccountState } from '../accountState';
import type { DatabaseUser, Invoice, Mutation } from '../mutations';
import { deserializeMutation, storedRulesSettings } from '../mutations';

/** The mutations of one change line (`dbhost_changes`), each checked as the journal's are. */
export function changeMutations(line: string): Mutation[] {
  const parsed = parseStoredJson(line) as { m?: unknown[] };
  return (parsed.m ?? []).map(deserializeMutation);
}

interface CollectionRow {
  db: string;
  name: string;
  indexes: string;
  rules: string | null;
}

/**
 * The account's data as one consistent read (the caller's transaction is REPEATABLE READ) at commit `seq`.
 * `replaying`: the first load, whose indexes are left to the background builds of the start-up; otherwise each
 * index is built once the collection's documents are in.
 */
export async function readAccount(client: PoolClient, account: string, replaying: boolean): Promise<{ state: AccountState; seq: number }> {
  const state = new AccountState();
  state.replaying = replaying;
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
    state.apply({ op: 'createCollection', db: row.db, name: row.name });
    if (row.rules !== null)
      state.apply({ op: 'setRules', db: row.db, col: row.name, rules: storedRulesSettings(parseStoredJson(row.rules)) });
  }
  const withIndexes = (row: CollectionRow) =>
    (JSON.parse(row.indexes) as IndexSpec[]).forEach((index) => state.apply({ op: 'createIndex', db: row.db, col: row.name, index }));
  if (replaying) collections.rows.forEach(withIndexes);
  const documents = await client.query<{ db: string; col: string; body: string }>(
    'SELECT db, col, body FROM dbhost_documents WHERE account = $1 ORDER BY db, col, pos',
    [account],
  );
  for (const row of documents.rows) {
    const mutation = deserializeMutation({ op: 'put', db: row.db, col: row.col, doc: parseStoredJson(row.body) });
    state.apply(mutation);
  }
  if (!replaying) collections.rows.forEach(withIndexes);
  const seq = head.rows.length > 0 ? Number(head.rows[0].seq) : 0;
  state.apply({ op: 'setInvoices', invoices: head.rows.length > 0 ? (JSON.parse(head.rows[0].invoices) as Invoice[]) : [] });
  if (replaying) state.finishReplay();
  return { state, seq };
}

/** Puts `fresh`'s content into `state` in one synchronous step, so that a request reading `state` sees one or the other. */
export function replaceState(state: AccountState, fresh: AccountState): void {
  state.databases.clear();
  for (const [name, database] of fresh.databases) state.databases.set(name, database);
  state.invoices = fresh.invoices;
}
