import type { JsonObject, JsonValue } from '../json/lossless';
import { JsonSyntaxError, isJsonObject, parseLossless, stringifyLossless } from '../json/lossless';
import { isRecord } from '../json/isRecord';
import type { ReviewItem } from './protocol';
import { MAX_SELECTED_ROWS } from './rowSelection';
import { parseFilter } from './viewState';

/*
 * A change to several rows of a collection view at once (issue 25): set, unset or rename a field, or an update
 * document, on the selected rows or on every document the view's filter matches. It is staged like a cell
 * edit and saved as one bulk update (`PUT …/documents` with multi), previewed and kept for an undo.
 */

/** Which documents: the selected rows (their keys: each the lossless JSON of an `_id`), or the filter's matches. */
export type RowScope = { kind: 'ids'; keys: string[] } | { kind: 'filter'; filter: string };

export type RowOperation =
  | { op: 'set'; field: string; value: JsonValue }
  | { op: 'unset'; field: string }
  | { op: 'rename'; field: string; to: string }
  | { op: 'update'; object: JsonObject };

/** A staged change to many rows. `count`: how many documents it was staged for (the selection, or the filter's total then). */
export interface RowChange {
  scope: RowScope;
  operation: RowOperation;
  count?: number;
}

/** The row key of a document without `_id` or with a null one (see documentKey). */
export const NO_ID_KEY = 'null';

/** Why `text` cannot name a field to change, or undefined when it can. */
export function fieldProblem(text: string): string | undefined {
  if (text.trim() === '') return 'Give the field, e.g. status or address.city.';
  const parts = text.split('.');
  if (parts.some((part) => part === '')) return 'A field path has no empty parts: a.b.c, not a..c or .a.';
  if (parts.some((part) => part.startsWith('$'))) return 'A field name cannot start with "$".';
  if (parts[0] === '_id') return 'The _id cannot be changed: a document keeps its _id.';
  return undefined;
}

/** The value a Set gives the field: JSON (extended JSON for dates, ObjectIds and 64-bit integers), or why not. */
export function parseFieldValue(text: string): { value?: JsonValue; error?: string } {
  try {
    return { value: parseLossless(text, { rejectDuplicateKeys: true }) };
  } catch (error) {
    const why = error instanceof JsonSyntaxError ? error.message : String(error);
    return { error: `Not JSON (${why}): put text in double quotes, e.g. "active"; numbers, true, false, null, {…} and […] as they are.` };
  }
}

/** An update document as a multi-row change takes it (operators only: a replacement can update only one document), or why not. */
export function parseUpdateDocument(text: string): { object?: JsonObject; error?: string } {
  let value: JsonValue;
  try {
    value = parseLossless(text, { rejectDuplicateKeys: true });
  } catch (error) {
    return { error: `Not valid JSON: ${error instanceof JsonSyntaxError ? error.message : String(error)}` };
  }
  if (!isJsonObject(value)) return { error: 'The update must be a JSON object, e.g. {"$set": {"status": "done"}}.' };
  const keys = Object.keys(value);
  if (keys.length === 0) return { error: 'The update is empty: give at least one operator, e.g. {"$set": {"status": "done"}}.' };
  const plain = keys.find((key) => !key.startsWith('$'));
  if (plain !== undefined)
    return { error: `"${plain}" is not an update operator: a change to many rows takes operators such as $set, $unset, $inc, $push.` };
  const notObject = keys.find((key) => !isJsonObject(value[key]) || Object.keys(value[key]).length === 0);
  if (notObject !== undefined) return { error: `${notObject} takes an object of fields, e.g. {"${notObject}": {"field": …}}.` };
  return { object: value };
}

/** The update document of an operation, as the service receives it. */
export function updateObjectOf(operation: RowOperation): JsonObject {
  switch (operation.op) {
    case 'set':
      return { $set: { [operation.field]: operation.value } };
    case 'unset':
      return { $unset: { [operation.field]: '' } };
    case 'rename':
      return { $rename: { [operation.field]: operation.to } };
    case 'update':
      return operation.object;
  }
}

/** The criteria of a scope: `{_id: {$in: [...]}}` with each `_id` exactly as loaded (int64, ObjectId and dates as extended JSON), or the filter. */
export function criteriaOf(scope: RowScope): JsonObject {
  if (scope.kind === 'filter') {
    const { q, error } = parseFilter(scope.filter);
    if (error) throw new Error(`${error}. Fix the filter to change what it matches.`);
    return q ?? {};
  }
  if (scope.keys.includes(NO_ID_KEY))
    throw new Error(
      'A selected row has no _id (or a null one), and a change to the selected rows finds documents by _id. Leave it out of the selection.',
    );
  return { _id: { $in: scope.keys.map((key) => parseLossless(key)) } };
}

/** The body of the bulk update that saves a change. */
export function bulkBodyOf(change: RowChange): { criteria: JsonObject; object: JsonObject; multi: true; upsert: false } {
  return { criteria: criteriaOf(change.scope), object: updateObjectOf(change.operation), multi: true, upsert: false };
}

const plural = (count: number, one: string, many = `${one}s`): string => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** "set status to "done"", as the review, the question and the undo name the change. */
export function operationText(operation: RowOperation): string {
  switch (operation.op) {
    case 'set':
      return `set ${operation.field} to ${stringifyLossless(operation.value)}`;
    case 'unset':
      return `unset ${operation.field}`;
    case 'rename':
      return `rename ${operation.field} to ${operation.to}`;
    case 'update':
      return `the update ${stringifyLossless(operation.object)}`;
  }
}

/** "the 3 selected rows", or "every document the filter {…} matches (120 when staged)". */
export function scopeText(change: RowChange): string {
  if (change.scope.kind === 'ids') return `the ${plural(change.scope.keys.length, 'selected row')}`;
  const filter =
    change.scope.filter.trim() === ''
      ? 'every document of the collection'
      : `every document the filter ${change.scope.filter.trim()} matches`;
  return change.count === undefined ? filter : `${filter} (${plural(change.count, 'document')} when staged)`;
}

const isString = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;
const isField = (value: unknown): value is string => isString(value, 10_000) && fieldProblem(value) === undefined;

/** A staged change as kept across a reload, or undefined for anything that is not exactly one. */
export function checkRowChange(raw: unknown): RowChange | undefined {
  if (!isRecord(raw) || !isRecord(raw.scope) || !isRecord(raw.operation)) return undefined;
  const { scope, operation } = raw;
  let checkedScope: RowScope;
  if (scope.kind === 'ids') {
    const keys = scope.keys;
    if (
      !Array.isArray(keys) ||
      keys.length === 0 ||
      keys.length > MAX_SELECTED_ROWS ||
      !keys.every((key) => isString(key, 10_000) && key.length > 0)
    )
      return undefined;
    checkedScope = { kind: 'ids', keys: [...(keys as string[])] };
  } else if (scope.kind === 'filter' && isString(scope.filter, 1_000_000) && parseFilter(scope.filter).error === undefined) {
    checkedScope = { kind: 'filter', filter: scope.filter };
  } else return undefined;
  let checkedOperation: RowOperation;
  if (operation.op === 'set' && isField(operation.field) && 'value' in operation) {
    checkedOperation = { op: 'set', field: operation.field, value: operation.value as JsonValue };
  } else if (operation.op === 'unset' && isField(operation.field)) {
    checkedOperation = { op: 'unset', field: operation.field };
  } else if (operation.op === 'rename' && isField(operation.field) && isField(operation.to) && operation.to !== operation.field) {
    checkedOperation = { op: 'rename', field: operation.field, to: operation.to };
  } else if (operation.op === 'update' && isJsonObject(operation.object as JsonValue)) {
    const { object } = parseUpdateDocument(stringifyLossless(operation.object as JsonObject));
    if (!object) return undefined;
    checkedOperation = { op: 'update', object };
  } else return undefined;
  const count = raw.count;
  if (count !== undefined && (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0)) return undefined;
  return { scope: checkedScope, operation: checkedOperation, ...(count === undefined ? {} : { count }) };
}

/** How the review shows a staged change to many rows: the exact body of its bulk update, and the count. */
export function reviewItemOf(change: RowChange, index: number): ReviewItem {
  const count = change.scope.kind === 'ids' ? change.scope.keys.length : change.count;
  const rows = { change: operationText(change.operation), scope: scopeText(change), ...(count === undefined ? {} : { count }) };
  const item = { key: `rows:${index}`, label: rows.scope, typeChanges: [], rows };
  try {
    return { ...item, body: stringifyLossless({ ...bulkBodyOf(change), safe: true }, 2) };
  } catch (error) {
    return { ...item, error: error instanceof Error ? error.message : String(error) };
  }
}
