import type { JsonObject, JsonValue } from '../json/lossless';
import { isJsonObject } from '../json/lossless';
import { isScalarWrapper } from './cellValue';

/** A field path as its keys, so that a key holding "." stays one step. */
export type FieldPath = readonly string[];

export interface Column {
  path: FieldPath;
  /** Stable identity of the path (keys may hold "."). */
  id: string;
  /** The dotted path as a user reads it. */
  label: string;
}

/** Embedded documents deeper than this stay one cell (an object), expandable in the tree. */
export const MAX_FLATTEN_DEPTH = 4;
/** A page of very irregular documents shows at most this many columns; the chooser names the rest. */
export const MAX_COLUMNS = 1000;

export const columnId = (path: FieldPath): string => JSON.stringify(path);
export const columnLabel = (path: FieldPath): string => path.join('.');

export function columnOf(path: FieldPath): Column {
  return { path, id: columnId(path), label: columnLabel(path) };
}

/**
 * The columns of a page of documents, in first-seen order with `_id` first: embedded documents as
 * dotted columns (up to {@link MAX_FLATTEN_DEPTH} levels), everything else, arrays and extended-JSON
 * scalars included, as one column.
 */
export function columnsOf(documents: readonly JsonObject[]): Column[] {
  const seen = new Map<string, Column>();
  const visit = (value: JsonObject, prefix: string[]): void => {
    for (const key of Object.keys(value)) {
      if (seen.size >= MAX_COLUMNS) return;
      const path = [...prefix, key];
      const item = value[key];
      if (isJsonObject(item) && !isScalarWrapper(item) && Object.keys(item).length > 0 && path.length < MAX_FLATTEN_DEPTH) {
        visit(item, path);
        continue;
      }
      const id = columnId(path);
      if (!seen.has(id)) seen.set(id, { path, id, label: columnLabel(path) });
    }
  };
  for (const document of documents) visit(document, []);
  const columns = [...seen.values()];
  const idColumn = columns.findIndex((column) => column.path.length === 1 && column.path[0] === '_id');
  if (idColumn > 0) columns.unshift(...columns.splice(idColumn, 1));
  return columns;
}

/** The value at a path, or undefined when the document has no such field (missing, not null). */
export function valueAt(document: JsonObject, path: FieldPath): JsonValue | undefined {
  let current: JsonValue = document;
  for (const key of path) {
    if (!isJsonObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}
