import type { CallOptions, DbHostApi } from '../api/types';
import { idToPathSegment } from '../documents/documentId';
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

/** How many `_id`s one grouped restore names. */
const IDS_PER_GROUP_UPDATE = 500;

/**
 * Restores that one bulk `$set` can do: documents whose fields are, key for key in the same order, those
 * of their after-image, so that setting the changed fields back gives the before-image byte for byte.
 * Grouped by that `$set`; the others are put back one by one as whole documents.
 */
function groupRestores(restore: readonly JsonObject[], afterOf: (doc: JsonObject) => JsonObject | undefined) {
  const groups = new Map<string, { set: JsonObject; ids: JsonValue[] }>();
  const single: JsonObject[] = [];
  for (const before of restore) {
    const after = afterOf(before);
    const keys = Object.keys(before);
    if (!after || keys.join('\u0000') !== Object.keys(after).join('\u0000')) {
      single.push(before);
      continue;
    }
    const set: JsonObject = {};
    for (const key of keys) if (stringifyLossless(before[key]) !== stringifyLossless(after[key])) set[key] = before[key];
    const groupKey = stringifyLossless(set);
    const group = groups.get(groupKey) ?? { set, ids: [] };
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
      set: group.set,
      ids: group.ids.slice(index * IDS_PER_GROUP_UPDATE, (index + 1) * IDS_PER_GROUP_UPDATE),
    })),
  );
  await inParallel(batches, concurrency, (batch) =>
    attempt(
      batch.ids,
      () =>
        api.updateDocuments(
          db,
          col,
          { criteria: { _id: { $in: batch.ids } }, object: { $set: batch.set }, multi: true, safe: true },
          options,
        ),
      () => (result.restored += batch.ids.length),
    ),
  );
  await inParallel(single, concurrency, (before) =>
    attempt(
      [before._id ?? null],
      () => api.updateDocument(db, col, idToPathSegment(before._id ?? null), before, { safe: true }, options),
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
      () => api.deleteDocument(db, col, idToPathSegment(id), options),
      () => result.removed++,
    ),
  );
  return result;
}
