/**
 * Lossless JSON values as plain data for a message, so that documents cross to a webview as structure rather
 * than as JSON text inside JSON. A number a double holds exactly travels as a number; any other (a long int64,
 * 1.50) as `{n: text}`. Arrays and objects are wrapped (`{a: [...]}`, `{o: [[key, value], ...]}`), so no
 * document can be mistaken for a wrapper, key order and a `__proto__` key survive, and nothing is lost.
 */
import type { JsonObject, JsonValue } from './lossless';
import { LosslessNumber } from './lossless';
import { isRecord } from './isRecord';
import type { Schema } from './schema';
import { custom } from './schema';

export type WireValue = null | boolean | number | string | { n: string } | { a: WireValue[] } | { o: [string, WireValue][] };

const MAX_DEPTH = 1000;
const NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export function toWire(value: JsonValue): WireValue {
  if (value instanceof LosslessNumber) return { n: value.text };
  if (Array.isArray(value)) return { a: value.map(toWire) };
  if (typeof value === 'object' && value !== null) return { o: Object.entries(value).map(([key, item]) => [key, toWire(item)]) };
  return value;
}

/** The lossless value a wire value stands for, or undefined when it is not exactly one. */
export function fromWire(raw: unknown, depth = 0): JsonValue | undefined {
  if (raw === null || typeof raw === 'boolean' || typeof raw === 'string') return raw;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (!isRecord(raw) || depth > MAX_DEPTH) return undefined;
  const keys = Object.keys(raw);
  if (keys.length !== 1) return undefined;
  if (keys[0] === 'n') return typeof raw.n === 'string' && NUMBER_TEXT.test(raw.n) ? new LosslessNumber(raw.n) : undefined;
  if (keys[0] === 'a') {
    if (!Array.isArray(raw.a)) return undefined;
    const items: JsonValue[] = [];
    for (let index = 0; index < raw.a.length; index++) {
      const item = fromWire(raw.a[index], depth + 1);
      if (item === undefined) return undefined;
      items.push(item);
    }
    return items;
  }
  if (keys[0] !== 'o' || !Array.isArray(raw.o)) return undefined;
  const result: JsonObject = {};
  for (let index = 0; index < raw.o.length; index++) {
    const entry: unknown = raw.o[index];
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string') return undefined;
    const item = fromWire(entry[1], depth + 1);
    if (item === undefined) return undefined;
    // defineProperty, not assignment: a "__proto__" key must become data, not the object's prototype.
    Object.defineProperty(result, entry[0], { value: item, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/** A lossless value as a schema checks it: given as a wire value, read back as the value. */
export const wireValue: Schema<JsonValue> = custom((raw) => fromWire(raw));

/** A lossless JSON object, given as a wire value. */
export const wireObject: Schema<JsonObject> = custom((raw) => {
  const value = fromWire(raw);
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof LosslessNumber) ? value : undefined;
});
