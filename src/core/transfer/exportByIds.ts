import type { JsonObject, JsonValue } from '../json/lossless';
import { stringifyLossless } from '../json/lossless';
import type { ExportOptions, ExportProgress } from './exportRun';
import { fetchExportPage } from './pageFetch';

/**
 * `_id`s asked for per request: the filter travels in the URL, and 50 object ids keep it under 4 KB,
 * below the request-line limits of common proxies.
 */
export const IDS_PER_REQUEST = 50;

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
  const context = {
    api: options.api,
    db: options.db,
    col: options.col,
    signal: options.signal,
    retries: options.pageRetries ?? 3,
    retryDelayMs: options.retryDelayMs ?? 500,
    onRequest: () => progress.requests++,
  };
  await options.write(writer.start());
  for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) {
    const slice = ids.slice(start, start + IDS_PER_REQUEST);
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
