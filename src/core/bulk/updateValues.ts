import type { JsonObject, JsonValue } from '../json/lossless';
import { LosslessNumber, isJsonObject } from '../json/lossless';

/** An update that cannot apply to one document; the preview shows its message on that document. */
export class UpdateFailure extends Error {}

export const fail = (message: string): never => {
  throw new UpdateFailure(message);
};

export function isNumber(value: JsonValue | undefined): value is number | LosslessNumber {
  return typeof value === 'number' || value instanceof LosslessNumber;
}

/** An integer's exact value, or undefined for a double. */
export function integerOf(value: number | LosslessNumber): bigint | undefined {
  const text = typeof value === 'number' ? (Number.isInteger(value) ? value.toFixed(0) : '') : value.text;
  return /^-?\d+$/.test(text) ? BigInt(text) : undefined;
}

/** A bigint as JSON: a plain number where a double holds it exactly, otherwise its exact text. */
export function fromInteger(value: bigint): number | LosslessNumber {
  if (value < -(2n ** 63n) || value >= 2n ** 63n) fail('The result overflows a 64-bit integer');
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : new LosslessNumber(value.toString());
}

/** The type name the database uses in its messages. */
export function typeName(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (isNumber(value)) return integerOf(value) !== undefined ? 'int' : 'double';
  if (isJsonObject(value)) return '$oid' in value ? 'objectId' : '$date' in value ? 'date' : 'object';
  return typeof value === 'boolean' ? 'bool' : 'string';
}

/** The database's order of types, for $min, $max and sorting. */
function typeRank(value: JsonValue | undefined): number {
  if (value === undefined || value === null) return 1;
  if (isNumber(value)) return 2;
  if (typeof value === 'string') return 3;
  if (Array.isArray(value)) return 5;
  if (isJsonObject(value)) return '$oid' in value ? 6 : '$date' in value ? 8 : 4;
  return 7;
}

function compareNumbers(a: number | LosslessNumber, b: number | LosslessNumber): number {
  const [x, y] = [integerOf(a), integerOf(b)];
  if (x !== undefined && y !== undefined) return x < y ? -1 : x > y ? 1 : 0;
  return Math.sign(Number(a) - Number(b));
}

/** Compares two values as the database orders them (type first, then value). */
export function compareValues(a: JsonValue | undefined, b: JsonValue | undefined): number {
  const rank = typeRank(a) - typeRank(b);
  if (rank !== 0) return Math.sign(rank);
  if (isNumber(a) && isNumber(b)) return compareNumbers(a, b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (isJsonObject(a) && isJsonObject(b) && typeRank(a) !== 4) {
    const key = '$oid' in a ? '$oid' : '$date';
    return compareValues(a[key], b[key]);
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let index = 0; index < Math.min(a.length, b.length); index++) {
      const order = compareValues(a[index], b[index]);
      if (order !== 0) return order;
    }
    return Math.sign(a.length - b.length);
  }
  const [left, right] = [Object.entries(a as JsonObject), Object.entries(b as JsonObject)];
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const order =
      left[index][0] < right[index][0] ? -1 : left[index][0] > right[index][0] ? 1 : compareValues(left[index][1], right[index][1]);
    if (order !== 0) return order;
  }
  return Math.sign(left.length - right.length);
}

export const sameType = (a: JsonValue | undefined, b: JsonValue | undefined): boolean => typeRank(a) === typeRank(b);

export const sameValue = (a: JsonValue | undefined, b: JsonValue | undefined): boolean =>
  typeRank(a) === typeRank(b) && compareValues(a, b) === 0;

export function cloneJson<T extends JsonValue>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cloneJson(item)])) as T;
  return value;
}
