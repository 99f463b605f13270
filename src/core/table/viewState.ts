import type { JsonObject } from '../json/lossless';
import { isJsonObject, parseLossless } from '../json/lossless';
import type { FieldPath } from './columns';
import { columnLabel } from './columns';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export interface SortKey {
  path: string[];
  direction: 1 | -1;
}

/** What a collection view shows: kept across reloads, so every part is checked when read back. */
export interface ViewState {
  /** The `q` filter as the user wrote it (JSON text); empty for none. */
  filter: string;
  sort: SortKey[];
  /** Zero-based. */
  page: number;
  pageSize: PageSize;
  /** Only these fields are asked for (projection); empty for all. */
  fields: string[][];
  view: 'table' | 'tree' | 'json';
}

export const DEFAULT_VIEW_STATE: ViewState = { filter: '', sort: [], page: 0, pageSize: 20, fields: [], view: 'table' };

/** The `q` of a filter text, or why it is not one. Empty text is no filter. */
export function parseFilter(text: string): { q?: JsonObject; error?: string } {
  if (text.trim() === '') return {};
  let value;
  try {
    value = parseLossless(text, { rejectDuplicateKeys: true });
  } catch (error) {
    return { error: `The filter is not valid JSON: ${(error as Error).message}` };
  }
  if (!isJsonObject(value)) return { error: 'The filter must be a JSON object, such as {"status": "active"}' };
  return { q: value };
}

const isPath = (value: unknown): value is string[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.length <= 100 &&
  value.every((key) => typeof key === 'string' && key.length > 0 && key.length <= 1000);

/** A view state read from anywhere (a message, the saved state of a restored panel), or undefined if it is not one. */
export function checkViewState(raw: unknown): ViewState | undefined {
  if (!isJsonObject(raw as never)) return undefined;
  const state = raw as Record<string, unknown>;
  const { filter, sort, page, pageSize, fields, view } = state;
  if (typeof filter !== 'string' || filter.length > 100_000) return undefined;
  if (
    !Array.isArray(sort) ||
    sort.length > 32 ||
    !sort.every(
      (key) =>
        isJsonObject(key as never) &&
        isPath((key as SortKey).path) &&
        ((key as SortKey).direction === 1 || (key as SortKey).direction === -1),
    )
  )
    return undefined;
  if (typeof page !== 'number' || !Number.isSafeInteger(page) || page < 0) return undefined;
  if (!PAGE_SIZES.includes(pageSize as PageSize)) return undefined;
  if (!Array.isArray(fields) || fields.length > 1000 || !fields.every(isPath)) return undefined;
  if (view !== 'table' && view !== 'tree' && view !== 'json') return undefined;
  return {
    filter,
    sort: (sort as SortKey[]).map((key) => ({ path: [...key.path], direction: key.direction })),
    page,
    pageSize: pageSize as PageSize,
    fields: (fields as string[][]).map((path) => [...path]),
    view,
  };
}

/**
 * Sorting by a header: a plain click sorts by that field alone (ascending, then descending, then not at
 * all); with shift it is added to (or toggled within) the keys already there.
 */
export function toggleSort(sort: readonly SortKey[], path: FieldPath, addToKeys: boolean): SortKey[] {
  const label = columnLabel(path);
  const existing = sort.find((key) => columnLabel(key.path) === label);
  const next: SortKey | undefined = !existing
    ? { path: [...path], direction: 1 }
    : existing.direction === 1
      ? { path: [...path], direction: -1 }
      : undefined;
  if (!addToKeys) return next ? [next] : [];
  const others = sort.map((key) => (columnLabel(key.path) === label ? next : key)).filter((key): key is SortKey => key !== undefined);
  return existing ? others : [...others, next as SortKey];
}

/** The GET parameters for the shown page: only that page is fetched. */
export function pageQuery(state: ViewState): {
  q?: JsonObject;
  sort?: Record<string, 1 | -1>;
  fields?: Record<string, 1>;
  skip: number;
  limit: number;
  error?: string;
} {
  const { q, error } = parseFilter(state.filter);
  const sort: Record<string, 1 | -1> = {};
  for (const key of state.sort) sort[columnLabel(key.path)] = key.direction;
  let fields: Record<string, 1> | undefined;
  if (state.fields.length > 0) {
    fields = { _id: 1 };
    for (const path of state.fields) fields[columnLabel(path)] = 1;
  }
  return {
    ...(q ? { q } : {}),
    ...(state.sort.length > 0 ? { sort } : {}),
    ...(fields ? { fields } : {}),
    skip: state.page * state.pageSize,
    limit: state.pageSize,
    ...(error ? { error } : {}),
  };
}

/** "21–40 of 1,234" style bounds for the shown page. */
export function pageBounds(
  state: ViewState,
  shown: number,
  total: number | undefined,
): { first: number; last: number; total: number | undefined; pages: number | undefined } {
  const first = shown === 0 ? 0 : state.page * state.pageSize + 1;
  const last = shown === 0 ? 0 : state.page * state.pageSize + shown;
  return { first, last, total, pages: total === undefined ? undefined : Math.max(1, Math.ceil(total / state.pageSize)) };
}

/**
 * The view of a playground query's results (Open as Table): its filter (as JSON text, so that numbers stay
 * exact), sort, inclusion projection, and the page holding its skip. Anything unusable is left at the default.
 */
export function viewStateOfQuery(query: {
  filter?: unknown;
  sort?: unknown;
  fields?: unknown;
  skip?: unknown;
  limit?: unknown;
}): ViewState {
  const filter = typeof query.filter === 'string' && !parseFilter(query.filter).error ? query.filter : '';
  const sort: SortKey[] = [];
  if (isJsonObject(query.sort as never)) {
    for (const [field, direction] of Object.entries(query.sort as Record<string, unknown>)) {
      if (field !== '' && (direction === 1 || direction === -1)) sort.push({ path: field.split('.'), direction });
    }
  }
  let fields: string[][] = [];
  if (Array.isArray(query.fields))
    fields = query.fields.filter((field): field is string => typeof field === 'string' && field !== '').map((field) => field.split('.'));
  else if (isJsonObject(query.fields as never)) {
    const entries = Object.entries(query.fields as Record<string, unknown>).filter(([field]) => field !== '_id');
    if (entries.every(([, include]) => include === 1 || include === true)) fields = entries.map(([field]) => field.split('.'));
  }
  const limit = typeof query.limit === 'number' && query.limit > 0 ? query.limit : 20;
  const pageSize = PAGE_SIZES.find((size) => size >= limit) ?? 100;
  const skip = typeof query.skip === 'number' && Number.isSafeInteger(query.skip) && query.skip > 0 ? query.skip : 0;
  return {
    ...DEFAULT_VIEW_STATE,
    filter,
    sort,
    fields: fields.filter((path) => path.every((key) => key !== '')),
    pageSize,
    page: Math.floor(skip / pageSize),
  };
}
