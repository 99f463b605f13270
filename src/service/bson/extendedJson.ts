import { stringifyLossless } from '../../core/json/lossless';
import { badRequest } from '../errors';
import { ObjectId } from './objectId';
import { assertStorable } from './storable';

/** A stored value: JSON plus object ids, dates and 64-bit integers beyond a double's exact range (bigint, see int64.ts). */
export type Value = null | boolean | number | bigint | string | ObjectId | Date | Value[] | Doc;
export interface Doc {
  [field: string]: Value;
}

/** The database refuses documents nested deeper than this; it also keeps every recursion here shallow. */
export const MAX_DEPTH = 100;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof ObjectId) && !(value instanceof Date);

function parseDate(raw: unknown, where: string): Date {
  let millis: number;
  if (typeof raw === 'number') millis = raw;
  else if (typeof raw === 'string') millis = Date.parse(raw);
  else if (isPlainObject(raw) && Object.keys(raw).length === 1 && typeof raw.$numberLong === 'string') millis = Number(raw.$numberLong);
  else throw badRequest(`${where}: $date must be a number of milliseconds or an ISO-8601 string`);
  if (!Number.isFinite(millis) || Math.abs(millis) > 8.64e15) throw badRequest(`${where}: $date is not a valid date`);
  return new Date(millis);
}

/**
 * Turns parsed JSON into stored values: `{"$oid": hex}` becomes an ObjectId, `{"$date": …}` a Date.
 * Rejects nesting deeper than {@link MAX_DEPTH} and `__proto__` fields with a 400.
 */
export function fromExtendedJson(value: unknown, where: string, depth = 0): Value {
  if (depth > MAX_DEPTH) throw badRequest(`${where} is nested deeper than ${MAX_DEPTH} levels`);
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return value;
  if (Array.isArray(value)) return value.map((item) => fromExtendedJson(item, where, depth + 1));
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === '$oid') {
      const hex = value.$oid;
      if (typeof hex !== 'string' || !ObjectId.isValid(hex))
        throw badRequest(`${where}: $oid must be a string of 24 hexadecimal characters`);
      return new ObjectId(hex);
    }
    if (keys.length === 1 && keys[0] === '$date') return parseDate(value.$date, where);
    const result: Doc = {};
    for (const key of keys) {
      if (key === '__proto__') throw badRequest(`${where}: the field name "__proto__" is not allowed`);
      result[key] = fromExtendedJson(value[key], where, depth + 1);
    }
    return result;
  }
  if (value instanceof ObjectId || value instanceof Date) return value;
  throw badRequest(`${where} holds a value that is not JSON`);
}

/** The JSON the service sends: ObjectId as `{"$oid"}`, Date as `{"$date": ISO-8601}`. */
export function toExtendedJson(value: unknown): unknown {
  if (value instanceof ObjectId) return { $oid: value.hex };
  if (value instanceof Date) return { $date: Number.isNaN(value.getTime()) ? null : value.toISOString() };
  if (Array.isArray(value)) return value.map(toExtendedJson);
  if (value !== null && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) result[key] = toExtendedJson(item);
    return result;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

/**
 * `JSON.stringify(toExtendedJson(value))` without building the intermediate copy: the replacer sees
 * each Date before its own `toJSON` ran (through the holder) and ObjectId serializes itself. A value
 * holding a bigint is written again losslessly, with the bigint as its plain digits.
 */
export function stringifyExtended(value: unknown): string {
  let holdsBigint = false;
  const text = JSON.stringify(value, function (this: Record<string, unknown>, key: string, converted: unknown) {
    const original = this[key];
    if (original instanceof Date) return { $date: Number.isNaN(original.getTime()) ? null : original.toISOString() };
    if (typeof converted === 'number' && !Number.isFinite(converted)) return null;
    if (typeof converted === 'bigint') {
      holdsBigint = true;
      return null;
    }
    return converted;
  });
  return holdsBigint ? stringifyLossless(toExtendedJson(value)) : text;
}

/**
 * {@link stringifyExtended} for what the service keeps on disk: a value JSON cannot hold exactly (a hole,
 * undefined, NaN, an infinity, a function) is refused with a TypeError instead of written as something
 * else, so every line written reads back as the value that was stored.
 */
export function stringifyStored(value: unknown, what: string): string {
  assertStorable(value, what);
  return stringifyExtended(value);
}

export function cloneValue<T extends Value>(value: T): T {
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Array.isArray(value)) return value.map((item) => cloneValue(item)) as T;
  if (isPlainObject(value)) {
    const result: Doc = {};
    for (const [key, item] of Object.entries(value)) result[key] = cloneValue(item as Value);
    return result as T;
  }
  return value;
}

export const cloneDoc = (doc: Doc): Doc => cloneValue(doc);

/** A string that is equal for two `_id` (or index) values exactly when the database finds them equal. */
export function valueKey(value: Value | undefined): string {
  if (value === undefined || value === null) return 'z';
  if (typeof value === 'string') return `s${value}`;
  if (typeof value === 'number') return `n${Object.is(value, -0) ? 0 : value}`;
  // Digits as a double beyond 2^53 writes them (below 1e21), so an int64 and an equal double share a key.
  if (typeof value === 'bigint') return `n${value}`;
  if (typeof value === 'boolean') return `b${value}`;
  if (value instanceof ObjectId) return `o${value.hex}`;
  if (value instanceof Date) return `d${value.getTime()}`;
  return `j${stringifyExtended(value)}`;
}

/** The value at a dotted path, walking into objects and, for numeric segments, arrays. */
export function valueAtPath(doc: Doc, path: string): Value | undefined {
  let current: Value | undefined = doc;
  for (const segment of path.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
    else if (isPlainObject(current) && Object.prototype.hasOwnProperty.call(current, segment)) current = (current as Doc)[segment];
    else return undefined;
  }
  return current;
}

export { isPlainObject };
