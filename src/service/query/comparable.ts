import type { Doc, Value } from '../bson/extendedJson';
import { MAX_DEPTH } from '../bson/extendedJson';
import { ObjectId } from '../bson/objectId';

const views = new WeakMap<Doc, Doc>();

/**
 * What mingo sees of a value: 64-bit integers (bigint) as the nearest double, because mingo compares
 * a bigint with nothing but bigints, and then only as text. Stored documents are never changed; a
 * document without bigints is its own view.
 */
export function comparable<T extends Value>(value: T, depth = 0): T {
  if (typeof value === 'bigint') return Number(value) as T;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object' || value instanceof ObjectId || value instanceof Date) return value;
  let copy: Value[] | Doc | undefined;
  const entries: [string | number, Value][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  for (const [key, item] of entries) {
    const converted = comparable(item, depth + 1);
    if (converted === item && !copy) continue;
    copy ??= Array.isArray(value) ? [...value] : { ...(value as Doc) };
    (copy as Record<string | number, Value>)[key] = converted;
  }
  return (copy ?? value) as T;
}

export function viewOf(doc: Doc): Doc {
  let view = views.get(doc);
  if (!view) views.set(doc, (view = comparable(doc)));
  return view;
}
