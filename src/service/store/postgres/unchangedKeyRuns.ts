import type { Doc } from '../../bson/extendedJson';
import { stringifyExtended } from '../../bson/extendedJson';
import type { HttpError } from '../../errors';
import { conflict } from '../../errors';
import { ID_INDEX, indexKeysOf } from '../../query/collectionData';
import { documentColumns, documentKey } from './documentKeys';
import type { Statement } from './mutationSql';
import type { PartialCollection } from './partialCollection';

/**
 * Consecutive updates by filter (a bulk update's) of documents it read, none changing a unique key: one UPDATE for
 * all of them, each at the version read. None can meet a duplicate (each key was its own in a unique collection) nor
 * need the guard after it, so only a version changed meanwhile refuses the run (partialStatements.ts runStatement).
 */
export interface UnchangedKeyRun {
  partial: PartialCollection;
  db: string;
  col: string;
  ids: string[];
  shown: Map<string, Doc['_id']>;
  bodies: string[];
  jsons: (string | null)[];
  versions: number[];
}

const UPDATE_RUN = `UPDATE dbhost_documents d SET body = t.body, doc = t.doc::jsonb, version = d.version + 1
FROM unnest($4::text[], $5::text[], $6::text[], $7::bigint[]) AS t(id, body, doc, version)
WHERE d.account = $1 AND d.db = $2 AND d.col = $3 AND d.id = t.id AND d.version = t.version
RETURNING d.id`;

/** Whether writing `doc` into `partial` (before it is applied) may join a run: an update by filter keeping every unique key. */
export function keepsUniqueKeys(partial: PartialCollection, doc: Doc): boolean {
  if (!partial.byFilter || partial.versionOf(doc._id) === undefined) return false;
  const before = partial.get(doc._id)?.doc;
  if (!before) return false;
  for (const index of partial.indexes) {
    if (!index.unique || index.name === ID_INDEX.name) continue;
    const held = new Set(indexKeysOf(index, before));
    if (!indexKeysOf(index, doc).every((key) => held.has(key))) return false;
  }
  return true;
}

/** Adds the update of `doc` to `run`, or starts a new run when `run` writes elsewhere or holds the document already. */
export function joinRun(run: UnchangedKeyRun | undefined, partial: PartialCollection, where: { db: string; col: string }, doc: Doc) {
  const id = documentKey(doc._id);
  const next: UnchangedKeyRun =
    run && run.partial === partial && !run.shown.has(id)
      ? run
      : { partial, ...where, ids: [], shown: new Map(), bodies: [], jsons: [], versions: [] };
  const { body, json } = documentColumns(doc);
  next.ids.push(id);
  next.shown.set(id, doc._id);
  next.bodies.push(body);
  next.jsons.push(json);
  next.versions.push(partial.versionOf(doc._id)!);
  return next;
}

export function runStatementOf(run: UnchangedKeyRun): Statement {
  const changed = (returned?: { id: string }[]): HttpError => {
    const written = new Set((returned ?? []).map((row) => row.id));
    const id = run.ids.find((key) => !written.has(key)) ?? run.ids[0];
    return conflict(
      `Document ${stringifyExtended(run.shown.get(id))} of ${run.db}.${run.col} changed in PostgreSQL after this write read it; nothing was written: read it again and retry`,
    );
  };
  return {
    text: UPDATE_RUN,
    values: [run.db, run.col, run.ids, run.bodies, run.jsons, run.versions],
    refusal: { changed, rows: run.ids.length, duplicate: () => undefined },
  };
}
