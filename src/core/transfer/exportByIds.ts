import type { JsonObject, JsonValue } from '../json/lossless';
import { stringifyLossless } from '../json/lossless';
import type { ExportOptions, ExportProgress } from './exportOptions';
import { fetchExportPage, pageFetchContext } from './pageFetch';

/**
 * `_id`s asked for per request at most: the filter travels in the URL, and 50 object ids keep it under
 * {@link IDS_QUERY_CHARACTERS}, below the request-line limits of common proxies. Long `_id`s make fewer.
 */
export const IDS_PER_REQUEST = 50;
/** The most characters the `_id`s of one request take in the URL, unless one `_id` alone takes more. */
export const IDS_QUERY_CHARACTERS = 4096;

export interface ExportByIdsOptions extends Omit<ExportOptions, 'query'> {
  /** The documents to write, in this order (duplicates are written once). */
  ids: readonly JsonValue[];
  /** Only these fields (with `_id`); absent for whole documents. */
  fields?: Record<string, 1>;
}

export interface ExportByIdsProgress extends ExportProgress {
  /** `_id`s the collection no longer holds (deleted since they were chosen). */
  missing: number;
}

/**
 * Streams the documents with the given `_id`s into `write`, in the order given: each request asks for
 * a slice of them with `$in` and its answer is put back in that order, so memory holds one slice.
 */
export async function exportDocumentsByIds(options: ExportByIdsOptions): Promise<ExportByIdsProgress> {
  const { writer } = options;
  const ids = uniqueIds(options.ids);
  const progress: ExportByIdsProgress = { exported: 0, total: ids.length, requests: 0, missing: 0 };
  const fields = options.fields && Object.keys(options.fields).length > 0 ? { ...options.fields, _id: 1 as const } : undefined;
  const context = pageFetchContext(options, progress);
  await options.write(writer.start());
  for (const slice of slicesOf(ids)) {
    const page = await fetchExportPage(context, {
      q: { _id: { $in: slice.map((entry) => entry.id) } },
      limit: slice.length,
      ...(fields ? { fields } : {}),
    });
    const byKey = new Map<string, JsonObject>();
    for (const document of page.documents) byKey.set(stringifyLossless(document._id), document);
    let text = '';
    for (const { key } of slice) {
      const document = byKey.get(key);
      if (!document) {
        progress.missing++;
        continue;
      }
      text += writer.item(document);
      progress.exported++;
    }
    await options.write(text);
    options.onProgress?.({ ...progress });
  }
  await options.write(writer.end());
  return progress;
}

function uniqueIds(ids: readonly JsonValue[]): { id: JsonValue; key: string }[] {
  const seen = new Set<string>();
  const unique: { id: JsonValue; key: string }[] = [];
  for (const id of ids) {
    const key = stringifyLossless(id);
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push({ id, key });
  }
  return unique;
}

/** The `_id`s in request-sized slices: at most {@link IDS_PER_REQUEST}, and at most {@link IDS_QUERY_CHARACTERS} in the URL. */
export function slicesOf<T extends { key: string }>(ids: readonly T[]): T[][] {
  const slices: T[][] = [];
  let slice: T[] = [];
  let characters = 0;
  for (const id of ids) {
    const size = encodeURIComponent(id.key).length + 3;
    if (slice.length > 0 && (slice.length >= IDS_PER_REQUEST || characters + size > IDS_QUERY_CHARACTERS)) {
      slices.push(slice);
      slice = [];
      characters = 0;
    }
    slice.push(id);
    characters += size;
  }
  if (slice.length > 0) slices.push(slice);
  return slices;
}

/** The first request's worth of `_id`s (see {@link slicesOf}), e.g. to sample the documents' columns. */
export function firstSliceOf(ids: readonly JsonValue[]): JsonValue[] {
  return (slicesOf(ids.slice(0, IDS_PER_REQUEST).map((id) => ({ id, key: stringifyLossless(id) })))[0] ?? []).map((entry) => entry.id);
}
