import type { PoolClient } from 'pg';
import type { Doc, Value } from '../../bson/extendedJson';
import { stringifyExtended } from '../../bson/extendedJson';
import type { HttpError } from '../../errors';
import { conflict } from '../../errors';
import { ID_INDEX, indexKeysOf } from '../../query/collectionData';
import type { IndexSpec } from '../../query/indexes/indexSpec';
import { duplicateKeyConflict } from '../../query/duplicateKey';
import type { Mutation } from '../mutations';
import { documentColumns, documentKey } from './documentKeys';
import { uniqueIndexName } from './indexSql';
import type { Statement } from './mutationSql';
import type { PartialCollection } from './partialCollection';
import { checkedScalar, CollectionNeeded, scalarAt } from './partialCollection';
import { literal } from './literal';

const ROW = 'account = $1 AND db = $2 AND col = $3 AND id = $4';
const OTHER_ROWS = 'account = $1 AND db = $2 AND col = $3 AND id <> $4';
const INSERT_ONE = 'INSERT INTO dbhost_documents (account, db, col, id, body, doc) VALUES ($1, $2, $3, $4, $5, $6::jsonb)';
const UPDATE_ONE = `UPDATE dbhost_documents SET body = $5, doc = $6::jsonb, version = version + 1 WHERE ${ROW} AND version = $7`;
const DELETE_ONE = `DELETE FROM dbhost_documents WHERE ${ROW} AND version = $5`;

/** What a failure of a statement writing one document of a {@link PartialCollection} means to its request. */
export interface StatementRefusal {
  /** The statement changed fewer rows than `rows` (default 1; `returned`: the ids it did change): a document is not at the version read. */
  changed?: (returned?: { id: string }[]) => HttpError;
  rows?: number;
  /** PostgreSQL refused a duplicate key in the index `constraint`: the interface's answer, when it is one of the collection's. */
  duplicate: (constraint: string | undefined) => HttpError | undefined;
  /** Run after the statement: a row found means PostgreSQL's unique indexes could not decide the write. */
  guards?: { text: string; values: unknown[] }[];
}

/** Ways another document can hold `value` at `segments` (below the first) that PostgreSQL's unique index sees as NULL. */
function heldIn(segments: string[], value: Value): Value[] {
  if (segments.length === 0) return [value, [value]];
  const objects = heldIn(segments.slice(1), value).map((inner) => ({ [segments[0]]: inner }) as Value);
  return [...objects, ...objects.map((object) => [object])];
}

/** Whether every key `doc` has in `index` was one of `before`'s: it cannot clash, the collection was unique before. */
const keepsKeys = (index: IndexSpec, doc: Doc, before: Doc | undefined): boolean => {
  if (!before) return false;
  const held = new Set(indexKeysOf(index, before));
  return indexKeysOf(index, doc).every((key) => held.has(key));
};

/**
 * For each unique index of one field, a query for another document of the collection holding the written document's
 * key where the unique index reads NULL (in an array, or a document jsonb cannot hold), which the service counts as a
 * duplicate: found, the write is decided with the collection loaded. Through the index's GIN index of the first segment
 * (containment of a scalar at the top also finds it in an array). None for a key the document replaced (`before`) held.
 */
function uniqueGuards(partial: PartialCollection, where: { db: string; col: string }, doc: Doc, before: Doc | undefined) {
  const guards: { text: string; values: unknown[] }[] = [];
  for (const index of partial.indexes) {
    const fields = Object.keys(index.key);
    if (!index.unique || index.name === ID_INDEX.name || fields.length !== 1 || keepsKeys(index, doc, before)) continue;
    const value = scalarAt(doc, fields[0]);
    if (!checkedScalar(value)) continue;
    const [first, ...rest] = fields[0].split('.');
    const probes = rest.length === 0 ? [value!] : heldIn(rest, value!);
    const held = probes.map((_, i) => `(doc -> ${literal(first)}) @> $${i + 5}::jsonb`).join(' OR ');
    guards.push({
      text: `SELECT 1 FROM dbhost_documents WHERE ${OTHER_ROWS} AND (doc IS NULL OR ${held}) LIMIT 1`,
      values: [where.db, where.col, documentKey(doc._id), ...probes.map((probe) => JSON.stringify(probe))],
    });
  }
  return guards;
}

/**
 * The statement writing one put or delete into a {@link PartialCollection}, made before it is applied: a new document
 * is inserted (PostgreSQL's unique indexes decide what the collection read cannot), a stored one is changed only at
 * the version the write read (`… AND version = $n`), so that a change made meanwhile elsewhere is never overwritten.
 */
export function partialStatement(account: string, partial: PartialCollection, mutation: Mutation & { op: 'put' | 'delete' }): Statement {
  const { db, col } = mutation;
  const id = mutation.op === 'put' ? mutation.doc._id : mutation.id;
  const version = partial.versionOf(id);
  const changed = (): HttpError =>
    conflict(
      `Document ${stringifyExtended(id)} of ${db}.${col} changed in PostgreSQL after this write read it; nothing was written: read it again and retry`,
    );
  if (mutation.op === 'delete') {
    return { text: DELETE_ONE, values: [db, col, documentKey(id), version ?? 0], refusal: { changed, duplicate: () => undefined } };
  }
  const doc = mutation.doc;
  const duplicate = (constraint: string | undefined): HttpError | undefined => {
    const index = partial.indexes.find((spec) =>
      spec.name === ID_INDEX.name ? constraint === 'dbhost_documents_pkey' : constraint === uniqueIndexName(account, db, col, spec),
    );
    return index && duplicateKeyConflict(`${db}.${col}`, index, doc);
  };
  const { body, json } = documentColumns(doc);
  const values = [db, col, documentKey(id), body, json];
  const guards = uniqueGuards(partial, { db, col }, doc, version === undefined ? undefined : partial.get(id)?.doc);
  if (version === undefined) return { text: INSERT_ONE, values, refusal: { duplicate, guards } };
  return { text: UPDATE_ONE, values: [...values, version], refusal: { changed, duplicate, guards } };
}

/** Runs one statement of a commit, turning a refusal of a partial write into its answer. */
export async function runStatement(client: PoolClient, account: string, statement: Statement): Promise<void> {
  let result: { rowCount: number | null; rows: { id: string }[] };
  try {
    result = await client.query<{ id: string }>(statement.text, [account, ...statement.values]);
  } catch (error) {
    const { code, constraint } = error as { code?: unknown; constraint?: string };
    throw (code === '23505' && statement.refusal?.duplicate(constraint)) || error;
  }
  statement.counted?.(Number((result.rows[0] as { n?: unknown } | undefined)?.n ?? 0));
  if (statement.refusal?.changed && result.rowCount !== (statement.refusal.rows ?? 1)) throw statement.refusal.changed(result.rows);
  for (const guard of statement.refusal?.guards ?? []) {
    const found = await client.query(guard.text, [account, ...guard.values]);
    if (found.rowCount !== 0) throw new CollectionNeeded();
  }
}
