import { MAX_PAGE_SIZE } from '../api/limits';
import type { CallOptions, DbHostApi } from '../api/types';
import type { JsonObject, JsonValue } from '../json/lossless';
import { stringifyLossless } from '../json/lossless';
import { slicesOf } from '../transfer/exportByIds';

/** What an undo keeps at most; beyond either the change says up front that it cannot be undone. */
export const MAX_UNDO_DOCUMENTS = 10_000;
export const MAX_UNDO_BYTES = 50 * 1024 * 1024;

export const idKey = (id: JsonValue | undefined): string => stringifyLossless(id ?? null);

/** Documents as a change saw them, or why they could not all be kept. */
export type Images = { documents: JsonObject[]; bytes: number } | { tooLarge: string };

function tooLarge(count: number, bytes: number): string | undefined {
  if (count > MAX_UNDO_DOCUMENTS) return `it changes more than ${MAX_UNDO_DOCUMENTS.toLocaleString('en-US')} documents`;
  if (bytes > MAX_UNDO_BYTES) return `its documents take more than ${MAX_UNDO_BYTES / 1024 / 1024} MB`;
  return undefined;
}

/**
 * The documents `criteria` matches now, in the service's natural order (the order a bulk update walks),
 * a page at a time; stops as soon as there are more than an undo keeps. `limit` 1 for a single update.
 */
export async function readMatching(
  api: DbHostApi,
  db: string,
  col: string,
  criteria: JsonObject,
  limit: number,
  options?: CallOptions,
): Promise<Images> {
  const documents: JsonObject[] = [];
  const seen = new Set<string>();
  let bytes = 0;
  for (let skip = 0; documents.length < limit; skip += MAX_PAGE_SIZE) {
    const page = await api.listDocuments(db, col, { q: criteria, skip, limit: Math.min(MAX_PAGE_SIZE, limit - documents.length) }, options);
    for (const doc of page.documents) {
      if (seen.has(idKey(doc._id))) continue;
      seen.add(idKey(doc._id));
      documents.push(doc);
      bytes += stringifyLossless(doc).length;
    }
    const reason = tooLarge(documents.length, bytes);
    if (reason) return { tooLarge: reason };
    if (page.documents.length < MAX_PAGE_SIZE || (page.total !== undefined && skip + MAX_PAGE_SIZE >= page.total)) break;
  }
  return { documents, bytes };
}

/** The documents with these `_id`s as the service holds them now, by `_id` (absent: deleted). */
export async function readByIds(
  api: DbHostApi,
  db: string,
  col: string,
  ids: readonly JsonValue[],
  options?: CallOptions,
  concurrency = 4,
): Promise<Map<string, JsonObject>> {
  const found = new Map<string, JsonObject>();
  const slices = slicesOf(ids.map((id) => ({ id, key: idKey(id) })));
  let next = 0;
  const worker = async () => {
    while (next < slices.length) {
      const slice = slices[next++];
      const page = await api.listDocuments(db, col, { q: { _id: { $in: slice.map((entry) => entry.id) } }, limit: MAX_PAGE_SIZE }, options);
      for (const doc of page.documents) found.set(idKey(doc._id), doc);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, slices.length) }, worker));
  return found;
}
