import type { JsonValue } from './lossless';
import { LosslessNumber, isJsonObject } from './lossless';

/**
 * Whether two parsed JSON values would be written the same way, ignoring the order of object keys.
 * Numbers compare by their JSON text: 1.50 and 1.5 differ, so a number the user did not retype
 * (same text) is equal and one they did (new text) is a change.
 */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (isNumeric(a) || isNumeric(b)) return isNumeric(a) && isNumeric(b) && numberText(a) === numberText(b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  if (!isJsonObject(a) || !isJsonObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
}

function isNumeric(value: JsonValue): value is number | LosslessNumber {
  return typeof value === 'number' || value instanceof LosslessNumber;
}

function numberText(value: number | LosslessNumber): string {
  return typeof value === 'number' ? String(value) : value.text;
}
