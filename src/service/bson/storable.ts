import { ObjectId } from './objectId';

/** The service's data files are JSON lines; this is what JSON (with extended JSON) can hold exactly. */
const MAX_DEPTH = 200;

/**
 * Fills the holes the query engine leaves when it sets `arr.5` on a shorter array, with null, as the
 * database pads. A hole is not a value: JSON has no way to write one.
 */
export function fillArrayHoles(value: unknown, depth = 0): void {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null || value instanceof Date || value instanceof ObjectId) return;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      if (!(index in value)) value[index] = null;
      else fillArrayHoles(value[index], depth + 1);
    }
    return;
  }
  for (const key of Object.keys(value)) fillArrayHoles((value as Record<string, unknown>)[key], depth + 1);
}

const describePath = (path: string) => (path === '' ? 'the document' : `"${path}"`);

/**
 * Why `value` cannot be written to a data file and read back the same, or undefined when it can:
 * a hole or `undefined`, a function or symbol, NaN or an infinity (JSON has no such number), an
 * invalid date or an object of a class the files do not know.
 */
export function unstorableReason(value: unknown, path = '', depth = 0): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'bigint') return undefined;
  if (typeof value === 'number')
    return Number.isFinite(value) ? undefined : `${describePath(path)} would hold ${String(value)}, a number JSON cannot write`;
  if (value === undefined) return `${describePath(path)} would hold no value (undefined)`;
  if (typeof value !== 'object') return `${describePath(path)} would hold a ${typeof value}`;
  if (value instanceof ObjectId) return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? `${describePath(path)} would hold an invalid date` : undefined;
  const at = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      if (!(index in value)) return `${describePath(at(index))} would be a hole in an array`;
      const reason = unstorableReason(value[index], at(index), depth + 1);
      if (reason) return reason;
    }
    return undefined;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return `${describePath(path)} would hold an object the data files cannot write`;
  for (const key of Object.keys(value)) {
    const reason = unstorableReason((value as Record<string, unknown>)[key], at(key), depth + 1);
    if (reason) return reason;
  }
  return undefined;
}

/** Throws a TypeError for a value that cannot be written faithfully: the serialiser refuses it rather than writing something else. */
export function assertStorable(value: unknown, what: string): void {
  const reason = unstorableReason(value);
  if (reason) throw new TypeError(`${what} cannot be written faithfully: ${reason}`);
}
