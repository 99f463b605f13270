import type { JsonValue } from '../json/lossless';
import { LosslessNumber, isJsonObject } from '../json/lossless';

const INTEGER = /^-?\d+$/;

function numericText(value: JsonValue): string | undefined {
  if (typeof value === 'number') return String(value);
  if (value instanceof LosslessNumber) return value.text;
  return undefined;
}

function sameNumber(a: string, b: string): boolean {
  if (INTEGER.test(a) && INTEGER.test(b)) return BigInt(a) === BigInt(b);
  return Number(a) === Number(b);
}

function dateMillis(value: JsonValue): number | undefined {
  if (!isJsonObject(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== '$date') return undefined;
  const raw = value.$date;
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string') return Date.parse(raw);
  return undefined;
}

/**
 * Whether the document the service holds is the one that was sent, as the service stores values:
 * numbers by value (1.50 is stored as 1.5, integers exactly), dates by instant, object keys in any order.
 * An import that meets an `_id` it sent before counts the record as done only when this holds.
 */
export function storedEqual(stored: JsonValue, sent: JsonValue): boolean {
  const a = numericText(stored);
  const b = numericText(sent);
  if (a !== undefined || b !== undefined) return a !== undefined && b !== undefined && sameNumber(a, b);
  const dateA = dateMillis(stored);
  const dateB = dateMillis(sent);
  if (dateA !== undefined || dateB !== undefined) return dateA !== undefined && dateA === dateB;
  if (stored === null || sent === null || typeof stored !== 'object' || typeof sent !== 'object') return stored === sent;
  if (Array.isArray(stored) || Array.isArray(sent)) {
    return (
      Array.isArray(stored) && Array.isArray(sent) && stored.length === sent.length && stored.every((item, i) => storedEqual(item, sent[i]))
    );
  }
  if (!isJsonObject(stored) || !isJsonObject(sent)) return false;
  const keys = Object.keys(stored);
  return keys.length === Object.keys(sent).length && keys.every((key) => Object.hasOwn(sent, key) && storedEqual(stored[key], sent[key]));
}
