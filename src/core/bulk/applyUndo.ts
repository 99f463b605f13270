import type { CallOptions, DbHostApi } from '../api/types';
import type { JsonObject, JsonValue } from '../json/lossless';
import { stringifyLossless } from '../json/lossless';
import type { ChangedSince, UndoPlan } from './undoPlan';

export interface UndoResult {
  restored: number;
  reinserted: number;
  removed: number;
  changedSince: ChangedSince[];
  /** Documents the service refused to put back, with its reason; nothing else was lost. */
  failed: Array<{ id: JsonValue; reason: string }>;
}

/** How many `_id`s one grouped restore names: as many as a read by `_id` asks for (the local service answers a longer `$in` far more slowly than in proportion). */
const IDS_PER_GROUP_UPDATE = 100;

/** A top-level field name that an update operator takes as itself, not as a path or an operator. */
const plainField = (key: string): boolean => !key.includes('.') && !key.startsWith('$');

/**
 * The update that turns a document's after-image back into its before-image byte for byte, or undefined when
 * no update can: `$set` of the fields whose values changed and `$unset` of those the change added, possible
 * when the fields both images hold are in the same order (a field `$set` puts back keeps its place; an added
 * one goes with `$unset`; a removed one `$set` would put at the end, not where it was).
 */
function inverseUpdate(before: JsonObject, after: JsonObject): JsonObject | undefined {
  const beforeKeys = Object.keys(before);
  const afterKeys = Object.keys(after);
  const added = afterKeys.filter((key) => !Object.hasOwn(before, key));
  const kept = afterKeys.filter((key) => Object.hasOwn(before, key));
  if (kept.length !== beforeKeys.length || kept.some((key, index) => key !== beforeKeys[index])) return undefined;
  const set: JsonObject = {};
  for (const key of beforeKeys) if (stringifyLossless(before[key]) !== stringifyLossless(after[key])) set[key] = before[key];
  const unset: JsonObject = {};
  for (const key of added) unset[key] = '';
  if ([...Object.keys(set), ...added].some((key) => !plainField(key) || key === '_id')) return undefined;
  const update: JsonObject = {};
  if (Object.keys(set).length > 0) update.$set = set;
  if (added.length > 0) update.$unset = unset;
  return Object.keys(update).length > 0 ? update : undefined;
}

/**
 * Restores that one bulk update can do (see {@link inverseUpdate}), grouped by that update, so that a change
 * that set the same field in 10,000 documents is undone in a few requests; the others are put back one by
 * one as whole documents.
 */
function groupRestores(restore: readonly JsonObject[], afterOf: (doc: JsonObject) => JsonObject | undefined) {
  const groups = new Map<string, { object: JsonObject; ids: JsonValue[] }>();
  const single: JsonObject[] = [];
  for (const before of restore) {
    const after = afterOf(before);
    const object = after && inverseUpdate(before, after);
    if (!object) {
      single.push(before);
      continue;
    }
    const groupKey = stringifyLossless(object);
    const group = groups.get(groupKey) ?? { object, ids: [] };
    group.ids.push(before._id ?? null);
    groups.set(groupKey, group);
  }
  return { groups: [...groups.values()], single };
}

async function inParallel<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Carries out an undo plan; each document's failure is recorded and the others go on. */
export async function applyUndo(
  api: DbHostApi,
  db: string,
  col: string,
  plan: UndoPlan,
  afterOf: (doc: JsonObject) => JsonObject | undefined,
  options?: CallOptions,
  concurrency = 4,
): Promise<UndoResult> {
  const result: UndoResult = { restored: 0, reinserted: 0, removed: 0, changedSince: plan.changedSince, failed: [] };
  const attempt = async (ids: JsonValue[], send: () => Promise<unknown>, done: () => void) => {
    try {
      await send();
      done();
    } catch (error) {
      for (const id of ids) result.failed.push({ id, reason: error instanceof Error ? error.message : String(error) });
    }
  };
  const { groups, single } = groupRestores(plan.restore, afterOf);
  const batches = groups.flatMap((group) =>
    Array.from({ length: Math.ceil(group.ids.length / IDS_PER_GROUP_UPDATE) }, (_, index) => ({
      object: group.object,
      ids: group.ids.slice(index * IDS_PER_GROUP_UPDATE, (index + 1) * IDS_PER_GROUP_UPDATE),
    })),
  );
  await inParallel(batches, concurrency, (batch) =>
    attempt(
      batch.ids,
      () => api.updateDocuments(db, col, { criteria: { _id: { $in: batch.ids } }, object: batch.object, multi: true, safe: true }, options),
      () => (result.restored += batch.ids.length),
    ),
  );
  await inParallel(single, concurrency, (before) =>
    attempt(
      [before._id ?? null],
      () => api.updateDocument(db, col, before._id ?? null, before, { safe: true }, options),
      () => result.restored++,
    ),
  );
  await inParallel(plan.reinsert, concurrency, (before) =>
    attempt(
      [before._id ?? null],
      () => api.createDocument(db, col, before, { safe: true }, options),
      () => result.reinserted++,
    ),
  );
  await inParallel(plan.remove, concurrency, (id) =>
    attempt(
      [id],
      () => api.deleteDocument(db, col, id, options),
      () => result.removed++,
    ),
  );
  return result;
}
