import type { Doc, Value } from '../../bson/extendedJson';
import { isPlainObject } from '../../bson/extendedJson';
import { ObjectId } from '../../bson/objectId';
import type { Key } from './keyOrder';
import { compareKeys, compareKeyToBound, compareTypes, TypeEdge, typeOfKey } from './keyOrder';

/** One end of an interval of one field's values: a value, the edge of a type bracket, or no limit. */
export type End = Key | TypeEdge | 'min' | 'max';

/** Values from `low` to `high`, in value order (the index's direction is applied later). */
export interface Interval {
  low: End;
  lowInclusive: boolean;
  high: End;
  highInclusive: boolean;
}

/** What the filter says about one top-level field: its intervals (a union), and whether they say all of it. */
export interface FieldBounds {
  intervals: Interval[];
  /** Every condition on the field is in the intervals: a document whose key is in them matches that field's conditions. */
  exact: boolean;
  /** For a multikey index: one operator's intervals only, since a range cannot be intersected over several keys. */
  firstOperator: Interval[];
}

export const ALL: Interval = { low: 'min', lowInclusive: true, high: 'max', highInclusive: true };

/** Values the index compares exactly as the filter does: null, numbers, strings, booleans, dates, object ids. */
function boundable(value: Value): boolean {
  return (
    value === null ||
    typeof value === 'number' ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    value instanceof Date ||
    value instanceof ObjectId
  );
}

function point(value: Value): Interval[] {
  // null matches a missing field, a null and, for safety, the undefined of an empty array.
  if (value === null) return [{ low: undefined, lowInclusive: true, high: null, highInclusive: true }];
  return [{ low: value, lowInclusive: true, high: value, highInclusive: true }];
}

function range(operator: string, value: Value): Interval[] | undefined {
  if (value === null || !boundable(value)) return undefined;
  const type = typeOfKey(value);
  switch (operator) {
    case '$gt':
      return [{ low: value, lowInclusive: false, high: new TypeEdge(type, 1), highInclusive: true }];
    case '$gte':
      return [{ low: value, lowInclusive: true, high: new TypeEdge(type, 1), highInclusive: true }];
    case '$lt':
      return [{ low: new TypeEdge(type, -1), lowInclusive: true, high: value, highInclusive: false }];
    case '$lte':
      return [{ low: new TypeEdge(type, -1), lowInclusive: true, high: value, highInclusive: true }];
  }
  return undefined;
}

function points(values: Value[]): Interval[] | undefined {
  if (!values.every(boundable)) return undefined;
  const sorted = [...values].sort((a, b) => compareKeys(a, b));
  const distinct = sorted.filter((value, i) => i === 0 || compareKeys(sorted[i - 1], value) !== 0);
  return distinct.flatMap(point).sort((a, b) => compareEnds(a.low, b.low));
}

export function compareEnds(a: End, b: End): number {
  if (a === b) return 0;
  if (a === 'min' || b === 'max') return -1;
  if (a === 'max' || b === 'min') return 1;
  if (a instanceof TypeEdge && b instanceof TypeEdge) return compareTypes(a.type, b.type) || a.side - b.side;
  if (a instanceof TypeEdge) return -compareKeyToBound(b as Key, a);
  if (b instanceof TypeEdge) return compareKeyToBound(a, b);
  return compareKeys(a, b);
}

function intersectTwo(a: Interval, b: Interval): Interval | undefined {
  const lowOrder = compareEnds(a.low, b.low);
  const low = lowOrder > 0 || (lowOrder === 0 && !a.lowInclusive) ? a : b;
  const highOrder = compareEnds(a.high, b.high);
  const high = highOrder < 0 || (highOrder === 0 && !a.highInclusive) ? a : b;
  const result = { low: low.low, lowInclusive: low.lowInclusive, high: high.high, highInclusive: high.highInclusive };
  const order = compareEnds(result.low, result.high);
  if (order > 0 || (order === 0 && !(result.lowInclusive && result.highInclusive))) return undefined;
  return result;
}

export function intersect(a: Interval[], b: Interval[]): Interval[] {
  return a.flatMap((left) => b.map((right) => intersectTwo(left, right)).filter((found): found is Interval => found !== undefined));
}

/** The intervals of one operator of a field's condition; undefined when it gives none (`$ne`, `$regex`, `$exists`, …). */
function operatorIntervals(operator: string, argument: Value): Interval[] | undefined {
  if (operator === '$eq') return boundable(argument) ? point(argument) : undefined;
  if (operator === '$in') return Array.isArray(argument) ? points(argument) : undefined;
  return range(operator, argument);
}

/** What a filter's condition on one field (`5`, `{$gt: 5, $lt: 9}`, `{$in: […]}`) lets an index walk. */
export function fieldBounds(condition: Value): FieldBounds | undefined {
  const isOperators =
    isPlainObject(condition) && Object.keys(condition).length > 0 && Object.keys(condition).every((k) => k.startsWith('$'));
  if (!isOperators) return boundable(condition) ? { intervals: point(condition), exact: true, firstOperator: point(condition) } : undefined;
  let intervals: Interval[] | undefined;
  let firstOperator: Interval[] | undefined;
  let exact = true;
  for (const [operator, argument] of Object.entries(condition as Doc)) {
    const found = operatorIntervals(operator, argument);
    if (!found) {
      exact = false;
      continue;
    }
    firstOperator ??= found;
    intervals = intervals ? intersect(intervals, found) : found;
  }
  if (!intervals || !firstOperator) return undefined;
  return { intervals, exact, firstOperator };
}
