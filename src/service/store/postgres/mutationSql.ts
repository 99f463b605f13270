import type { Pool } from 'pg';
import { stringifyStored } from '../../bson/plainJson';
import { ID_INDEX } from '../../query/collectionData';
import type { IndexSpec } from '../../query/indexes/indexSpec';
import type { AccountState } from '../accountState';
import type { Mutation } from '../mutations';
import type { IndexDrop } from './indexDrops';
import { awaitDrops, dropUnwanted } from './indexDrops';
import { indexStatements } from './indexSql';
import { keyCountStatements } from './keyCounts';
import type { KeyBackfill } from './keyBackfill';
import { fillKeyCounts } from './keyBackfill';
import { documentColumns, documentKey } from './documentKeys';
import { PartialCollection } from './partialCollection';
import type { StatementRefusal } from './partialStatements';
import { partialStatement } from './partialStatements';
import type { UnchangedKeyRun } from './unchangedKeyRuns';
import { joinRun, keepsUniqueKeys, runStatementOf } from './unchangedKeyRuns';

/** One SQL statement with its parameters; `$1` is always the account. */
export interface Statement {
  text: string;
  values: unknown[];
  /** An index definition, made after the commit outside its transaction; no parameters: the account is in its text. */
  ddl?: boolean;
  /** A definition that drops indexes (then `text` only names it): see {@link dropUnwanted}. */
  drops?: IndexDrop;
  /** A definition that counts the keys of a collection's documents (then `text` only names it): keyBackfill.ts. */
  backfill?: KeyBackfill;
  /** A write of one document into a PartialCollection: what its failures mean (partialStatements.ts). */
  refusal?: StatementRefusal;
  /** Told the count its statement answers (`n`): the documents a copy copied. */
  counted?: (count: number) => void;
}

export { documentColumns, documentKey } from './documentKeys';

/**
 * What a commit leaves to make once it committed: an index definition, indexes to drop (indexDrops.ts), or keys to
 * count (keyBackfill.ts).
 */
export type Definition = string | IndexDrop | KeyBackfill;

export const definitionOf = (statement: Statement): Definition => statement.drops ?? statement.backfill ?? statement.text;

/** Makes one definition (see {@link makeDefinitions}); throws what PostgreSQL answered. */
export async function makeDefinition(pool: Pool, definition: Definition): Promise<void> {
  if (typeof definition !== 'string') {
    if ('prefix' in definition) return dropUnwanted(pool, definition);
    await fillKeyCounts(pool, definition);
    return;
  }
  await awaitDrops(pool, definition);
  await pool.query(definition);
}

/** Consecutive puts into one collection, each id once: written as one INSERT. */
interface PutRun {
  db: string;
  col: string;
  ids: string[];
  seen: Set<string>;
  bodies: string[];
  jsons: (string | null)[];
}

const PUT_RUN = `INSERT INTO dbhost_documents (account, db, col, id, body, doc)
SELECT $1, $2, $3, id, body, doc::jsonb FROM unnest($4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS t(id, body, doc, n) ORDER BY n
ON CONFLICT (account, db, col, id) DO UPDATE SET body = EXCLUDED.body, doc = EXCLUDED.doc, version = dbhost_documents.version + 1`;

const runStatement = (run: PutRun): Statement => ({ text: PUT_RUN, values: [run.db, run.col, run.ids, run.bodies, run.jsons] });

/** The statement of one mutation just applied to `state`, or none when `state` ignored it (its target is gone). */
function statementOf(mutation: Mutation, state: AccountState): Statement | undefined {
  switch (mutation.op) {
    case 'createDatabase':
      return {
        text: 'INSERT INTO dbhost_databases (account, name, slug, created) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        values: [mutation.name, mutation.slug, mutation.created],
      };
    case 'dropDatabase':
      return { text: 'DELETE FROM dbhost_databases WHERE account = $1 AND name = $2', values: [mutation.name] };
    case 'setDatabasePlan':
      return { text: 'UPDATE dbhost_databases SET slug = $3 WHERE account = $1 AND name = $2', values: [mutation.name, mutation.slug] };
    case 'createCollection':
      if (!state.collection(mutation.db, mutation.name)) return undefined;
      return {
        text: 'INSERT INTO dbhost_collections (account, db, name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        values: [mutation.db, mutation.name],
      };
    case 'dropCollection':
      return { text: 'DELETE FROM dbhost_collections WHERE account = $1 AND db = $2 AND name = $3', values: [mutation.db, mutation.name] };
    case 'renameCollection':
      if (!state.collection(mutation.db, mutation.to) || state.collection(mutation.db, mutation.name)) return undefined;
      return {
        // A renamed collection comes last, as in the journal store's list.
        text: "UPDATE dbhost_collections SET name = $4, pos = nextval(pg_get_serial_sequence('dbhost_collections', 'pos')) WHERE account = $1 AND db = $2 AND name = $3",
        values: [mutation.db, mutation.name, mutation.to],
      };
    case 'createIndex':
    case 'dropIndex': {
      const data = state.collection(mutation.db, mutation.col);
      if (!data) return undefined;
      const indexes = data.indexes.filter((index) => index.name !== ID_INDEX.name);
      return {
        text: 'UPDATE dbhost_collections SET indexes = $4 WHERE account = $1 AND db = $2 AND name = $3',
        values: [mutation.db, mutation.col, JSON.stringify(indexes)],
      };
    }
    case 'setRules':
      if (!state.collection(mutation.db, mutation.col)) return undefined;
      return {
        text: 'UPDATE dbhost_collections SET rules = $4 WHERE account = $1 AND db = $2 AND name = $3',
        values: [mutation.db, mutation.col, mutation.rules ? stringifyStored({ ...mutation.rules }, 'A validator') : null],
      };
    case 'delete':
      return {
        text: 'DELETE FROM dbhost_documents WHERE account = $1 AND db = $2 AND col = $3 AND id = $4',
        values: [mutation.db, mutation.col, documentKey(mutation.id)],
      };
    case 'setInvoices':
      return { text: 'UPDATE dbhost_accounts SET invoices = $2 WHERE account = $1', values: [JSON.stringify(mutation.invoices)] };
    case 'putUser':
    case 'deleteUser': {
      const database = state.databases.get(mutation.db);
      if (!database) return undefined;
      return {
        text: 'UPDATE dbhost_databases SET users = $3 WHERE account = $1 AND name = $2',
        values: [mutation.db, JSON.stringify([...(database.users?.values() ?? [])])],
      };
    }
    case 'put':
      throw new Error('puts are written in runs');
  }
}

/** The index a dropIndex drops, read before it is applied: its unique index is named by its keys (indexSql.ts). */
const droppedIndex = (state: AccountState, mutation: Mutation & { op: 'dropIndex' }): IndexSpec | undefined =>
  state.collection(mutation.db, mutation.col)?.indexes.find((index) => index.name === mutation.name);

/**
 * Applies the mutations to `state` (as the journal store does once its line is written) and gives the statements
 * that store the same change, each made right after its mutation was applied, so that later ones do not leak in.
 * Without `apply`, `state` holds the change already (a copy swaps in collections built aside).
 */
export function applyWithStatements(account: string, state: AccountState, mutations: Mutation[], apply = true): Statement[] {
  const statements: Statement[] = [];
  let run: PutRun | undefined;
  let kept: UnchangedKeyRun | undefined;
  const endRun = () => {
    if (run) statements.push(runStatement(run));
    if (kept) statements.push(runStatementOf(kept));
    [run, kept] = [undefined, undefined];
  };
  for (const mutation of mutations) {
    const partial = mutation.op === 'put' || mutation.op === 'delete' ? state.collection(mutation.db, mutation.col) : undefined;
    if (partial instanceof PartialCollection && mutation.op === 'put' && keepsUniqueKeys(partial, mutation.doc)) {
      const joined = joinRun(kept, partial, mutation, mutation.doc);
      if (joined !== kept) endRun();
      kept = joined;
      if (apply) state.apply(mutation);
      continue;
    }
    if (partial instanceof PartialCollection) {
      endRun();
      statements.push(partialStatement(account, partial, mutation as Mutation & { op: 'put' | 'delete' }));
      if (apply) state.apply(mutation);
      continue;
    }
    const dropped = mutation.op === 'dropIndex' ? droppedIndex(state, mutation) : undefined;
    if (apply) state.apply(mutation);
    if (mutation.op !== 'put') {
      endRun();
      const statement = statementOf(mutation, state);
      if (statement) statements.push(statement);
      statements.push(...keyCountStatements(account, mutation, state), ...indexStatements(account, mutation, state, dropped));
      continue;
    }
    if (!state.collection(mutation.db, mutation.col)) continue;
    const id = documentKey(mutation.doc._id);
    if (kept) endRun();
    if (run && (run.db !== mutation.db || run.col !== mutation.col || run.seen.has(id))) endRun();
    run ??= { db: mutation.db, col: mutation.col, ids: [], seen: new Set(), bodies: [], jsons: [] };
    const { body, json } = documentColumns(mutation.doc);
    run.ids.push(id);
    run.seen.add(id);
    run.bodies.push(body);
    run.jsons.push(json);
  }
  endRun();
  return statements;
}

/**
 * Makes the PostgreSQL indexes of the commits just stored, outside any transaction (CREATE INDEX CONCURRENTLY):
 * inside the account's, an index build would hold back every account's writes to the documents table, and two
 * accounts doing so at once would deadlock. The interface's index is stored already, and a write that leaves
 * uniqueness to PostgreSQL does so only where its unique index is valid (partialWrites.ts); otherwise the service
 * checks it itself, so a definition that fails is logged, not a failure of the request.
 */
export async function makeDefinitions(pool: Pool, definitions: Definition[], log: (line: string) => void): Promise<void> {
  for (const definition of definitions) {
    try {
      await makeDefinition(pool, definition);
    } catch (error) {
      log(`A PostgreSQL index could not be made or dropped: ${(error as Error).message}`);
    }
  }
}
