import { compare as mingoCompare } from 'mingo/util';
import type { Value } from '../../bson/extendedJson';
import { ObjectId } from '../../bson/objectId';

/**
 * The order of index keys: the order the query engine (mingo) sorts and compares by, so that a walk of an
 * index gives what a scan and a sort give. Types in brackets (undefined, which stands for an empty array as
 * the database indexes it, then null, numbers of every kind, strings, objects, arrays, booleans, dates, object
 * ids); within a bracket the engine's own comparison. Keys are the engine's views of values: a 64-bit
 * integer is the nearest double there, as it is for every query.
 */
export type Key = Value | undefined;

const TYPE_RANK: Record<string, number> = {
  undefined: 1,
  null: 2,
  number: 3,
  string: 4,
  symbol: 5,
  object: 6,
  array: 7,
  arraybuffer: 8,
  boolean: 9,
  date: 10,
  regexp: 11,
  function: 12,
};

/** The engine's name for a value's type. */
export function typeOfKey(value: Key): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  if (value instanceof ObjectId) return 'objectid';
  const type = typeof value;
  return type === 'object' ? 'object' : type;
}

export function compareTypes(a: string, b: string): number {
  const rankA = TYPE_RANK[a] ?? Number.MAX_VALUE;
  const rankB = TYPE_RANK[b] ?? Number.MAX_VALUE;
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One end of a type bracket: `{$gt: 5}` reaches up to the last number, never into strings. */
export class TypeEdge {
  constructor(
    readonly type: string,
    readonly side: -1 | 1,
  ) {}
}

/** Before or after every key in the order an index is walked (whatever the field's direction). */
export const WALK_START = Symbol('walk start');
export const WALK_END = Symbol('walk end');
export type BoundPart = Key | TypeEdge | typeof WALK_START | typeof WALK_END;

export function compareKeys(a: Key, b: Key): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  return mingoCompare(a, b);
}

/** A key against one part of a bound, in value order (the caller applies the field's direction). */
export function compareKeyToBound(key: Key, bound: TypeEdge | Key): number {
  if (bound instanceof TypeEdge) {
    const type = typeOfKey(key);
    return type === bound.type ? -bound.side : compareTypes(type, bound.type);
  }
  return compareKeys(key, bound);
}

/** Whether keys equal under {@link compareKeys} are always the same value to the engine's sort (no arrays inside). */
export function holdsArray(value: Key, depth = 0): boolean {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof ObjectId || depth > 100) return false;
  return Object.values(value).some((item) => holdsArray(item, depth + 1));
}
