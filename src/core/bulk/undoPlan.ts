import type { JsonObject, JsonValue } from '../json/lossless';
import { stringifyLossless } from '../json/lossless';
import { idKey } from './changeImages';

/**
 * One document a change touched: `before` null when the change inserted it (an upsert), `after` null when it
 * deleted it, or, for an update, when it was gone by the time the change's result was read.
 */
export interface ChangeEntry {
  id: JsonValue;
  before: JsonObject | null;
  after: JsonObject | null;
}

export type ChangeKind = 'update' | 'delete';

/** The last change to a collection, as kept for its undo. */
export interface ChangeRecord {
  accountId: string;
  db: string;
  col: string;
  kind: ChangeKind;
  /** ISO time of the change. */
  at: string;
  /** "Updated 1,000 documents ({"$set": …})", for the undo's question. */
  description: string;
  entries: ChangeEntry[];
}

export type ChangedSince = { id: JsonValue; now: 'changed' | 'deleted' | 'inserted again' };

export interface UndoPlan {
  /** Put back whole, as they were before the change (each still as the change left it). */
  restore: JsonObject[];
  /** Deleted by the change and not there now: inserted again with their `_id`. */
  reinsert: JsonObject[];
  /** Inserted by the change (an upsert) and still as inserted: deleted. */
  remove: JsonValue[];
  /** Changed by someone since the change: left alone. */
  changedSince: ChangedSince[];
  /** Documents the change left as they were: nothing to do. */
  untouched: number;
}

const same = (a: JsonObject | null | undefined, b: JsonObject | null | undefined): boolean =>
  (a ?? null) === null || (b ?? null) === null ? (a ?? null) === (b ?? null) : stringifyLossless(a) === stringifyLossless(b);

/**
 * What undoing a change does to each document, given the documents as the service holds them now (by `_id`
 * key). A document is put back only when it is still byte for byte as the change left it (key order, 64-bit
 * integers and dates included): anything else was changed by someone since and is left alone.
 */
export function planUndo(kind: ChangeKind, entries: readonly ChangeEntry[], current: ReadonlyMap<string, JsonObject>): UndoPlan {
  const plan: UndoPlan = { restore: [], reinsert: [], remove: [], changedSince: [], untouched: 0 };
  for (const entry of entries) {
    const now = current.get(idKey(entry.id));
    if (kind === 'update' && entry.after === null) {
      plan.changedSince.push({ id: entry.id, now: now === undefined ? 'deleted' : 'changed' });
    } else if (same(entry.before, entry.after)) {
      plan.untouched++;
    } else if (!same(now, entry.after)) {
      plan.changedSince.push({ id: entry.id, now: now === undefined ? 'deleted' : entry.after === null ? 'inserted again' : 'changed' });
    } else if (entry.before === null) {
      plan.remove.push(entry.id);
    } else if (entry.after === null) {
      plan.reinsert.push(entry.before);
    } else {
      plan.restore.push(entry.before);
    }
  }
  return plan;
}

/** The change's entries from the images before and after it, by `_id`. */
export function changeEntries(before: readonly JsonObject[], after: ReadonlyMap<string, JsonObject>): ChangeEntry[] {
  return before.map((doc) => ({ id: doc._id ?? null, before: doc, after: after.get(idKey(doc._id)) ?? null }));
}
