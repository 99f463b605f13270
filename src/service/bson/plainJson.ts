import type { Value } from './extendedJson';
import { stringifyStored as stringifyStrictly } from './extendedJson';
import { ObjectId } from './objectId';

/**
 * Whether `JSON.stringify` writes `value` exactly as `stringifyExtended` does: nothing but plain
 * objects, arrays without holes, object ids, strings, booleans, null and finite numbers. The engine's
 * own stringify is many times faster than one with a replacer called on every value, which held the
 * service up for seconds on a 16 MB document.
 */
export function isPlainJson(value: unknown, depth = 0): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null || value instanceof ObjectId) return true;
  if (depth > 200) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!(i in value) || !isPlainJson(value[i], depth + 1)) return false;
    return true;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) if (!isPlainJson((value as Record<string, unknown>)[key], depth + 1)) return false;
  return true;
}

/**
 * The text of a value in the data files: through the engine's plain stringify when that writes what
 * `stringifyExtended` would, otherwise through the strict writer, which refuses what would not read back.
 */
export function stringifyStored(value: Value | Record<string, unknown>, what = 'A value'): string {
  return isPlainJson(value) ? JSON.stringify(value) : stringifyStrictly(value, what);
}
