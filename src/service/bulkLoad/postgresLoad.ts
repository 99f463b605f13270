import type { Pool, PoolClient } from 'pg';
import { badRequest, HttpError } from '../errors';
import { checkCollectionName } from '../names';
import { ID_INDEX } from '../query/collectionData';
import { readCatalog } from '../store/postgres/accountRows';
import type { Definition, Statement } from '../store/postgres/mutationSql';
import { applyWithStatements, definitionOf, makeDefinition } from '../store/postgres/mutationSql';
import { READ_AGAIN } from '../store/postgres/postgresAccountStore';
import { CopyRows } from './copyRows';
import { LineDocuments } from './lineDocuments';

export interface LoadTarget {
  db: string;
  col: string;
}

export interface LoadOutcome {
  loaded: number;
  /** Documents that broke the collection's rules and were loaded anyway (`validationAction: "warn"`). */
  warned: number;
  /** What failed after the documents were committed (an index definition, the planner's statistics): they stay stored. */
  afterCommit?: string;
}

/**
 * Loads the documents of `lines` (JSON lines, see lineDocuments.ts) into the collection `target` of an account of a
 * PostgreSQL store, in one transaction: all of them or, when a line is refused, none (the error names the line).
 * The rows are the store's own (mutationSql.ts: exact text, `jsonb`, key; natural order the file's), written by
 * COPY (copyRows.ts), so PostgreSQL keeps its indexes of them; the collection is made as an insert makes it when missing. The load holds the
 * account's row lock, as a write request does (writes through services queue behind it; reads go on), and moves
 * the account's commit count on with a change line that makes every running service read the account again.
 */
export async function loadIntoPostgres(
  pool: Pool,
  account: string,
  target: LoadTarget,
  lines: AsyncIterable<string>,
  progress: (loaded: number) => void = () => undefined,
): Promise<LoadOutcome> {
  const client = await pool.connect();
  const definitions: Definition[] = [];
  let outcome: LoadOutcome;
  try {
    await client.query('BEGIN');
    const locked = await client.query('SELECT seq FROM dbhost_accounts WHERE account = $1 FOR UPDATE', [account]);
    if (locked.rowCount !== 1)
      throw badRequest('No account of this API key in the store: start the service on it with the key once, and create the database');
    const documents = await prepareCollection(client, account, target, definitions);
    outcome = await insertLines(client, account, target, documents, lines, progress);
    const { rows } = await client.query<{ seq: string }>('UPDATE dbhost_accounts SET seq = seq + 1 WHERE account = $1 RETURNING seq', [
      account,
    ]);
    await client.query('INSERT INTO dbhost_changes (account, seq, line) VALUES ($1, $2, $3)', [account, rows[0].seq, READ_AGAIN]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  // As the store does after its commit: index definitions outside any transaction, then statistics for the planner.
  // VACUUM first, as loaders of a dump leave it to the operator to do: the rows just written are marked visible to
  // all (reads then skip their commit-status lookups and index-only scans their pages), where the autovacuum a load
  // this large sets off would do it over the table while services read it. The table is shared by every account,
  // so INDEX_CLEANUP OFF: its heap pass visits only pages not marked yet, but index cleanup would read every GIN
  // index of every collection in full, a cost of the database's size rather than the load's.
  try {
    for (const definition of definitions) await makeDefinition(pool, definition);
    await pool.query('VACUUM (ANALYZE, INDEX_CLEANUP OFF) dbhost_documents');
  } catch (error) {
    return { ...outcome, afterCommit: error instanceof Error ? error.message : String(error) };
  }
  return outcome;
}

/**
 * Reads the account's catalog under its lock; refuses a missing database and a collection with a unique index
 * besides `_id` (whose keys only the service checks in full, for documents it holds in memory); makes the collection
 * when missing, with the statements the store writes for it. Gives the checks of its lines.
 */
async function prepareCollection(
  client: PoolClient,
  account: string,
  target: LoadTarget,
  definitions: Definition[],
): Promise<LineDocuments> {
  const { state } = await readCatalog(client, account);
  const database = state.databases.get(target.db);
  if (!database) throw new HttpError(404, `Database "${target.db}" does not exist: create it first (through the service or the extension)`);
  const data = database.collections.get(target.col);
  if (!data) {
    checkCollectionName(target.db, target.col);
    const statements: Statement[] = applyWithStatements(account, state, [{ op: 'createCollection', db: target.db, name: target.col }]);
    for (const statement of statements)
      if (statement.ddl) definitions.push(definitionOf(statement));
      else await client.query(statement.text, [account, ...statement.values]);
    return new LineDocuments(`${target.db}.${target.col}`, undefined);
  }
  const unique = data.indexes.find((index) => index.unique && index.name !== ID_INDEX.name);
  if (unique)
    throw badRequest(
      `${target.db}.${target.col} has the unique index ${unique.name}, whose keys a load cannot check: load first, then create the index (which checks them), or insert through the service`,
    );
  return new LineDocuments(`${target.db}.${target.col}`, data.rules);
}

async function insertLines(
  client: PoolClient,
  account: string,
  target: LoadTarget,
  documents: LineDocuments,
  lines: AsyncIterable<string>,
  progress: (loaded: number) => void,
): Promise<LoadOutcome> {
  const rows = new CopyRows(client, account, target);
  let line = 0;
  try {
    for await (const text of lines) {
      line++;
      const doc = documents.document(text, line);
      if (!doc) continue;
      const copied = rows.copied;
      await rows.add(doc, line);
      if (rows.copied !== copied) progress(rows.copied);
    }
    await rows.finish();
  } catch (error) {
    await rows.abort();
    throw error;
  }
  progress(rows.copied);
  return { loaded: rows.copied, warned: documents.warned };
}
