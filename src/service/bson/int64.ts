import type { JsonValue } from '../../core/json/lossless';
import { LosslessNumber } from '../../core/json/lossless';

/**
 * Integers the database keeps as 64-bit integers (NumberLong) but a JS number cannot hold exactly:
 * those beyond ±(2^53 − 1) are stored as bigint, so 9007199254740993 is read back as written.
 * Integers beyond the 64-bit range are doubles, as in the database.
 */
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

const INTEGER_TEXT = /^-?\d+$/;

export const fitsInt64 = (value: bigint): boolean => value >= INT64_MIN && value <= INT64_MAX;

/** The stored form of an integer: a number while that is exact, a bigint beyond, a double beyond 64 bits. */
export function storedInteger(value: bigint): number | bigint {
  if (!fitsInt64(value)) return Number(value);
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** A number from JSON text: integers as {@link storedInteger}, everything else (1.50, 1e3) a double. */
export function storedNumber(value: number | LosslessNumber): number | bigint {
  if (value instanceof LosslessNumber) return INTEGER_TEXT.test(value.text) ? storedInteger(BigInt(value.text)) : Number(value.text);
  // A plain number beyond 2^53 kept its text, so that text was a plain integer: the database would store an int64.
  // Its digits are the text's, which String gives back (1914628720926353200), not the double's (…152).
  if (!Number.isInteger(value) || Number.isSafeInteger(value)) return value;
  return storedInteger(Math.abs(value) < 1e21 ? BigInt(String(value)) : BigInt(value));
}

/** Parsed lossless JSON with every number in its stored form. */
export function withStoredNumbers(value: JsonValue): unknown {
  if (typeof value === 'number' || value instanceof LosslessNumber) return storedNumber(value);
  if (Array.isArray(value)) return value.map(withStoredNumbers);
  if (value !== null && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // defineProperty: a "__proto__" key stays data, so that the caller can refuse it by name.
      Object.defineProperty(result, key, { value: withStoredNumbers(item), enumerable: true, writable: true, configurable: true });
    }
    return result;
  }
  return value;
}

/** -1, 0 or 1: exact order of two numbers of which either may be a bigint. */
export function compareNumbers(a: number | bigint, b: number | bigint): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number') return -compareNumbers(b, a);
  const double = b as number;
  if (Number.isNaN(double)) return 1;
  if (!Number.isFinite(double)) return double > 0 ? -1 : 1;
  const floor = BigInt(Math.floor(double));
  if (a !== floor) return a < floor ? -1 : 1;
  return Number.isInteger(double) ? 0 : -1;
}
