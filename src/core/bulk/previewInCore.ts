import type { CallOptions, DbHostApi } from '../api/types';
import type { JsonObject, JsonValue } from '../json/lossless';
import { isJsonObject } from '../json/lossless';
import { newObjectId } from '../documents/objectId';
import { MAX_PREVIEW_SAMPLE, samplePositions } from './samplePositions';
import type { PreviewItem, UpdatePreview, UpdatePreviewRequest } from './updatePreview';
import { applyUpdate, checkUpdate, UpdateFailure } from './updateOperators';
import { cloneJson } from './updateValues';

/*
 * The preview of a bulk update for a service without a dry run: a one-document read gives the count (its
 * header) and the first match; a match no larger than the sample is read whole in one more read, a larger one
 * a document at a time at each sampled place (the interface has no sampled read). The operators are the extension's own (updateOperators.ts), checked against the local service's.
 */

/** The document an upsert starts from: the criteria's equality conditions on top-level fields. */
export function upsertSeed(criteria: JsonObject): JsonObject {
  const seed: JsonObject = {};
  for (const [field, condition] of Object.entries(criteria)) {
    if (field.startsWith('$') || field.includes('.')) continue;
    if (isJsonObject(condition) && Object.keys(condition).some((key) => key.startsWith('$'))) {
      if (Object.keys(condition).length === 1 && '$eq' in condition) seed[field] = cloneJson(condition.$eq);
      continue;
    }
    seed[field] = cloneJson(condition);
  }
  return seed;
}

function itemFor(before: JsonObject, object: JsonObject): PreviewItem {
  const _id: JsonValue = before._id ?? null;
  try {
    return { _id, before, after: applyUpdate(before, object, false) };
  } catch (error) {
    if (error instanceof UpdateFailure) return { _id, before, error: error.message };
    throw error;
  }
}

function upsertPreview(request: UpdatePreviewRequest): UpdatePreview['upsert'] {
  try {
    const seed = upsertSeed(request.criteria);
    const isReplacement = !Object.keys(request.object).some((key) => key.startsWith('$'));
    const doc = isReplacement
      ? { ...(seed._id !== undefined ? { _id: seed._id } : {}), ...cloneJson(request.object) }
      : applyUpdate(seed, request.object, true);
    return { after: doc._id === undefined ? { _id: { $oid: newObjectId() }, ...doc } : doc };
  } catch (error) {
    if (error instanceof UpdateFailure) return { error: error.message };
    throw error;
  }
}

/** Runs `tasks` with at most `limit` in flight, keeping their order. */
async function inOrder<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** A preview computed by the extension; throws UpdateFailure when the update is wrong whatever the document. */
export async function previewInCore(
  api: DbHostApi,
  db: string,
  col: string,
  request: UpdatePreviewRequest,
  options?: CallOptions,
): Promise<UpdatePreview & { matched: number }> {
  checkUpdate(request.object);
  if (request.multi && !Object.keys(request.object).some((key) => key.startsWith('$')))
    throw new UpdateFailure('A multi update needs update operators such as $set; a replacement document can update only one document');
  const size = Math.min(request.sample ?? MAX_PREVIEW_SAMPLE, MAX_PREVIEW_SAMPLE);
  // The count (and the first match) from a one-document read; a match no larger than the sample is then read whole at once.
  const head = await api.listDocuments(db, col, { q: request.criteria, limit: 1 }, options);
  let matched = head.total;
  let first = head.documents;
  if (request.multi && (matched === undefined || (matched > 1 && matched <= size))) {
    const page = await api.listDocuments(db, col, { q: request.criteria, limit: size }, options);
    first = page.documents;
    matched ??= page.total ?? page.documents.length;
  }
  matched ??= first.length;
  const positions = request.multi ? samplePositions(matched, size) : samplePositions(Math.min(matched, 1), size);
  const documents = await inOrder(
    positions.map((position) => async () => {
      if (position < first.length) return first[position];
      const page = await api.listDocuments(db, col, { q: request.criteria, skip: position, limit: 1 }, options);
      return page.documents[0] as JsonObject | undefined;
    }),
    4,
  );
  const sample = documents.filter((doc): doc is JsonObject => doc !== undefined).map((doc) => itemFor(doc, request.object));
  const upsert = matched === 0 && request.upsert ? upsertPreview(request) : undefined;
  return { matched, sample, ...(upsert ? { upsert } : {}), computedBy: 'extension' };
}
