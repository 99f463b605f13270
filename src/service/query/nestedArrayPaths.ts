import { isPlainObject } from '../bson/extendedJson';

const DIGITS = /^\d+$/;

/**
 * `value` as a query on the dotted path `segments` (from `at` on) is to see it: an array met before the last
 * segment is walked element by element, and an element that is itself an array has no field to give (the
 * database never walks an array nested in an array on the way to a field, so `{a: [[1]]}` has no `a.b`). Such
 * elements are left out; mingo took the nested array itself as the field's value, so that `{"a.b": 1}` matched
 * `{a: [[1]]}`. A numeric segment still picks an array's element by position. Returns `value` itself when nothing
 * on the path changes, else a copy of what lies on the path.
 */
export function withoutNestedArraysOnPath(value: unknown, segments: readonly string[], at = 0): unknown {
  if (at >= segments.length || value === null || typeof value !== 'object') return value;
  const segment = segments[at];
  if (Array.isArray(value)) {
    if (DIGITS.test(segment)) {
      const position = Number(segment);
      if (position >= value.length) return value;
      const inner = withoutNestedArraysOnPath(value[position], segments, at + 1);
      if (inner === value[position]) return value;
      const copy = [...value];
      copy[position] = inner;
      return copy;
    }
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const seen = Array.isArray(item) ? undefined : withoutNestedArraysOnPath(item, segments, at);
      if (seen === item) continue;
      copy ??= [...value];
      copy[i] = seen;
    }
    return copy ?? value;
  }
  if (!isPlainObject(value) || !Object.prototype.hasOwnProperty.call(value, segment)) return value;
  const field = (value as Record<string, unknown>)[segment];
  const inner = withoutNestedArraysOnPath(field, segments, at + 1);
  return inner === field ? value : { ...(value as Record<string, unknown>), [segment]: inner };
}
