import type { SortSpec } from '../api/types';
import type { JsonObject, JsonValue } from '../json/lossless';
import { isJsonObject, parseLossless } from '../json/lossless';
import { isRecord } from '../json/isRecord';
import { parsePipelineText } from '../table/pipelineView';

/** At most this many documents can be exported by `_id` at once (a selection larger than that is refused). */
export const MAX_EXPORT_IDS = 10_000;

/**
 * What part of a collection "Export Documents…" exports when a caller (a collection view) says more than
 * which collection: everything a filter matches in a sort and projection, or chosen documents by `_id`.
 * Filter and `_id`s travel as lossless JSON text, so an int64 or an object id arrives exactly even when the
 * arguments are copied on the way.
 */
export type ExportScope =
  | { kind: 'query'; filter: string; sort: SortSpec; fields: Record<string, 1> }
  | { kind: 'ids'; ids: string[]; fields: Record<string, 1> }
  /** All the results of a pipeline that only reads (a view of a pipeline's results), as lossless JSON text. */
  | { kind: 'pipeline'; pipeline: string };

export interface ExportDocumentsArgs {
  accountId: string;
  db: string;
  col: string;
  scope: ExportScope;
}

/** The checked arguments, parsed: the query's parts or the `_id`s in the order to write them. */
export type ExportRequest = { accountId: string; db: string; col: string } & (
  | { kind: 'query'; query: { q?: JsonObject; sort?: SortSpec; fields?: Record<string, 1> } }
  | { kind: 'ids'; ids: JsonValue[]; fields?: Record<string, 1> }
  | { kind: 'pipeline'; pipeline: JsonObject[] }
);

const isName = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 1000;
const isFieldName = (key: string): boolean => key.length > 0 && key.length <= 1000 && !key.startsWith('$');

/** Whether arguments ask for a scope (and so must be checked as {@link ExportDocumentsArgs}), not just name a collection. */
export function asksForScope(raw: unknown): boolean {
  return isRecord(raw) && Object.hasOwn(raw, 'scope');
}

/** Arguments from anywhere (another feature, a keybinding, an extension), checked and parsed; or why they are not usable. */
export function checkExportDocumentsArgs(
  raw: unknown,
): { request: ExportRequest; error?: undefined } | { request?: undefined; error: string } {
  const fail = (why: string) => ({
    error: `${why}: Export Documents cannot use the arguments it was given.`,
  });
  if (!isRecord(raw)) return fail('the arguments are not an object');
  const { accountId, db, col, scope } = raw;
  if (!isName(accountId) || !isName(db) || !isName(col)) return fail('accountId, db and col must be non-empty strings');
  if (!isRecord(scope)) return fail('scope must be an object');
  if (scope.kind === 'pipeline') {
    if (!hasOnly(scope, 'kind', 'pipeline')) return fail('scope has unknown keys');
    if (typeof scope.pipeline === 'string' && scope.pipeline.length > 1_000_000) return fail('scope.pipeline is over 1,000,000 characters');
    const { pipeline, error } = parsePipelineText(scope.pipeline);
    return pipeline ? { request: { accountId, db, col, kind: 'pipeline', pipeline } } : fail(`scope.pipeline: ${error}`);
  }
  const fields = checkFields(scope.fields);
  if (fields === undefined) return fail('scope.fields must map field names to 1');
  const target = { accountId, db, col };
  const projection = Object.keys(fields).length > 0 ? { fields } : {};
  if (scope.kind === 'query') {
    if (!hasOnly(scope, 'kind', 'filter', 'sort', 'fields')) return fail('scope has unknown keys');
    if (typeof scope.filter !== 'string' || scope.filter.length > 100_000) return fail('scope.filter must be JSON text');
    const q = parseObject(scope.filter);
    if (q === undefined) return fail('scope.filter must be a JSON object (or empty for none)');
    const sort = checkSort(scope.sort);
    if (sort === undefined) return fail('scope.sort must map at most 32 field names to 1 or -1');
    return {
      request: {
        ...target,
        kind: 'query',
        query: { ...(q && Object.keys(q).length > 0 ? { q } : {}), ...(Object.keys(sort).length > 0 ? { sort } : {}), ...projection },
      },
    };
  }
  if (scope.kind === 'ids') {
    if (!hasOnly(scope, 'kind', 'ids', 'fields')) return fail('scope has unknown keys');
    if (!Array.isArray(scope.ids) || scope.ids.length === 0) return fail('scope.ids must be a non-empty array');
    if (scope.ids.length > MAX_EXPORT_IDS)
      return fail(
        `at most ${MAX_EXPORT_IDS.toLocaleString('en-US')} documents can be exported by _id at once, not ${scope.ids.length.toLocaleString('en-US')}`,
      );
    const ids: JsonValue[] = [];
    const seen = new Set<string>();
    for (const text of scope.ids) {
      if (typeof text !== 'string' || text.length === 0 || text.length > 10_000)
        return fail('each of scope.ids must be an _id as JSON text');
      let id: JsonValue;
      try {
        id = parseLossless(text);
      } catch {
        return fail(`${JSON.stringify(text.slice(0, 40))} in scope.ids is not JSON`);
      }
      if (seen.has(text)) continue;
      seen.add(text);
      ids.push(id);
    }
    return { request: { ...target, kind: 'ids', ids, ...projection } };
  }
  return fail('scope.kind must be "query", "ids" or "pipeline"');
}

function hasOnly(record: Record<string, unknown>, ...keys: string[]): boolean {
  return Object.keys(record).every((key) => keys.includes(key));
}

/** The filter's object; null for none (empty text); undefined when it is not a JSON object. */
function parseObject(text: string): JsonObject | null | undefined {
  if (text.trim() === '') return null;
  try {
    const value = parseLossless(text, { rejectDuplicateKeys: true });
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function checkSort(raw: unknown): SortSpec | undefined {
  if (raw === undefined) return {};
  if (!isRecord(raw)) return undefined;
  const entries = Object.entries(raw);
  if (entries.length > 32 || !entries.every(([key, direction]) => isFieldName(key) && (direction === 1 || direction === -1)))
    return undefined;
  return Object.fromEntries(entries) as SortSpec;
}

function checkFields(raw: unknown): Record<string, 1> | undefined {
  if (raw === undefined) return {};
  if (!isRecord(raw)) return undefined;
  const entries = Object.entries(raw);
  if (entries.length > 1000 || !entries.every(([key, include]) => isFieldName(key) && include === 1)) return undefined;
  return Object.fromEntries(entries) as Record<string, 1>;
}
