import type { JsonObject, JsonValue } from '../json/lossless';
import { LosslessNumber, isJsonObject, parseLossless, stringifyLossless } from '../json/lossless';

/**
 * The type of a cell as the database sees it, read from extended JSON. `missing` (the document has no
 * such field) and `null` (it has, holding null) are different things and are shown differently.
 */
export type CellKind =
  'missing' | 'null' | 'string' | 'integer' | 'int64' | 'double' | 'decimal' | 'boolean' | 'date' | 'objectId' | 'object' | 'array';

/** The kinds a user can give a value in a cell editor (a decimal cannot be written: the service stores no `$numberDecimal`). */
export const EDITABLE_KINDS = ['string', 'integer', 'int64', 'double', 'boolean', 'null', 'date', 'objectId', 'object', 'array'] as const;
export type EditableKind = (typeof EDITABLE_KINDS)[number];

export const KIND_LABELS: Record<CellKind, string> = {
  missing: 'missing',
  null: 'null',
  string: 'string',
  integer: 'integer',
  int64: 'int64',
  double: 'double',
  decimal: 'decimal',
  boolean: 'boolean',
  date: 'date',
  objectId: 'object id',
  object: 'object',
  array: 'array',
};

const INTEGER_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const OBJECT_ID = /^[0-9a-fA-F]{24}$/;
/** ISO 8601 date and time with an explicit zone, the form the service sends and accepts. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The single member of an extended-JSON wrapper such as `{"$date": …}`, if `value` is one. */
function wrapped(value: JsonObject, key: string): JsonValue | undefined {
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === key ? value[key] : undefined;
}

/** Whether an object is an extended-JSON scalar (`$oid`, `$date`, `$numberLong`, `$numberDecimal`) rather than an embedded document. */
export function isScalarWrapper(value: JsonValue): boolean {
  if (!isJsonObject(value)) return false;
  return kindOf(value) !== 'object';
}

export function kindOf(value: JsonValue | undefined): CellKind {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return numberKind(value);
  if (value instanceof LosslessNumber)
    return INTEGER_TEXT.test(value.text) && BigInt(value.text) < 2n ** 63n && BigInt(value.text) >= -(2n ** 63n) ? 'int64' : 'double';
  if (Array.isArray(value)) return 'array';
  if (typeof wrapped(value, '$oid') === 'string') return 'objectId';
  if (wrapped(value, '$date') !== undefined) return 'date';
  if (typeof wrapped(value, '$numberLong') === 'string') return 'int64';
  if (typeof wrapped(value, '$numberDecimal') === 'string') return 'decimal';
  return 'object';
}

/** The service keeps whole numbers beyond 2^53 (up to 64 bits) as 64-bit integers, other non-integers as doubles. */
function numberKind(value: number): CellKind {
  if (Number.isSafeInteger(value)) return 'integer';
  return Number.isInteger(value) && Math.abs(value) < 2 ** 63 ? 'int64' : 'double';
}

export function isNumericKind(kind: CellKind): boolean {
  return kind === 'integer' || kind === 'int64' || kind === 'double' || kind === 'decimal';
}

/** What a cell shows: exact number text, readable dates and ids, a length for arrays. */
export function displayText(value: JsonValue | undefined): string {
  const kind = kindOf(value);
  switch (kind) {
    case 'missing':
      return '';
    case 'string':
      return value as string;
    case 'array':
      return `[${(value as JsonValue[]).length}]`;
    case 'object': {
      const size = Object.keys(value as JsonObject).length;
      return size === 0 ? '{}' : `{${size}}`;
    }
    default:
      return editText(value as JsonValue);
  }
}

/** The text a cell editor starts from: what the user would type to get this value back. */
export function editText(value: JsonValue | undefined): string {
  if (value === undefined) return '';
  const kind = kindOf(value);
  if (kind === 'string') return value as string;
  if (kind === 'objectId') return (value as JsonObject).$oid as string;
  if (kind === 'date') {
    const raw = (value as JsonObject).$date;
    if (typeof raw === 'string') return raw;
    if (typeof raw === 'number') return new Date(raw).toISOString();
    return stringifyLossless(raw);
  }
  if (kind === 'int64' && isJsonObject(value)) return value.$numberLong as string;
  if (kind === 'decimal') return (value as JsonObject).$numberDecimal as string;
  if (kind === 'object' || kind === 'array') return stringifyLossless(value, 2);
  return stringifyLossless(value);
}

export type ParsedInput = { value: JsonValue; error?: undefined } | { value?: undefined; error: string };

/**
 * The value a user typed into a cell editor of the given kind, or why it is not one. Numbers keep
 * their text exactly (9007199254740993 stays that integer); dates must be ISO 8601 with a zone and are
 * sent as the service writes them back; object ids are 24 hex digits.
 */
export function parseCellInput(kind: EditableKind, text: string): ParsedInput {
  switch (kind) {
    case 'string':
      return { value: text };
    case 'null':
      return { value: null };
    case 'boolean':
      if (text === 'true' || text === 'false') return { value: text === 'true' };
      return { error: 'A boolean is true or false' };
    case 'integer':
    case 'int64': {
      const trimmed = text.trim();
      if (!INTEGER_TEXT.test(trimmed)) return { error: `${JSON.stringify(text)} is not an integer` };
      const digits = BigInt(trimmed);
      if (digits > 2n ** 63n - 1n || digits < -(2n ** 63n)) return { error: `${trimmed} is outside the 64-bit integer range` };
      return { value: exactNumber(digits.toString()) };
    }
    case 'double': {
      const trimmed = text.trim();
      if (!NUMBER_TEXT.test(trimmed)) return { error: `${JSON.stringify(text)} is not a number` };
      if (!Number.isFinite(Number(trimmed))) return { error: `${trimmed} is too large for a double` };
      // JSON has one kind of number: the service stores a whole number such as 2.0 as an integer, so it is shown as one.
      const value = Number(trimmed);
      return { value: Number.isSafeInteger(value) ? value : exactNumber(trimmed) };
    }
    case 'date': {
      const trimmed = text.trim();
      const millis = Date.parse(trimmed);
      if (!ISO_DATE.test(trimmed) || !Number.isFinite(millis)) {
        return { error: `${JSON.stringify(text)} is not an ISO 8601 date and time with a zone, such as 2024-05-01T12:00:00.000Z` };
      }
      return { value: { $date: new Date(millis).toISOString() } };
    }
    case 'objectId': {
      const trimmed = text.trim();
      if (!OBJECT_ID.test(trimmed)) return { error: `${JSON.stringify(text)} is not an object id (24 hexadecimal digits)` };
      return { value: { $oid: trimmed.toLowerCase() } };
    }
    case 'object':
    case 'array': {
      let value: JsonValue;
      try {
        value = parseLossless(text, { rejectDuplicateKeys: true });
      } catch (error) {
        return { error: `Not valid JSON: ${(error as Error).message}` };
      }
      const actual = Array.isArray(value) ? 'array' : isJsonObject(value) ? 'object' : undefined;
      if (actual !== kind) return { error: kind === 'array' ? 'An array is written [ … ]' : 'An object is written { … }' };
      return { value };
    }
  }
}

/** A number from its text, a plain JS number where that keeps the text, else a {@link LosslessNumber}. */
function exactNumber(text: string): number | LosslessNumber {
  const plain = Number(text);
  return String(plain) === text ? plain : new LosslessNumber(text);
}
