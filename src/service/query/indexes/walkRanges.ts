import type { Key } from './keyOrder';
import { TypeEdge, WALK_END, WALK_START } from './keyOrder';
import type { BoundPart } from './keyOrder';
import type { Bound } from './orderedIndex';
import type { FieldBounds, Interval } from './fieldIntervals';
import { ALL } from './fieldIntervals';
import type { QueryIndex } from './queryIndex';

/**
 * More ranges than this (a cross product of `$in` lists) and the walk keeps fewer fields in its bounds. Each
 * range costs one descent of the index, so the cap is high enough for a view's selected rows (up to 10,000
 * `_id`s in one `$in`): below it such a list fell back to a scan that compared every document with every id.
 */
const MAX_RANGES = 10_000;

/** One contiguous stretch of an index to walk, in the index's order. */
export interface WalkRange {
  from: Bound;
  to: Bound;
}

export interface IndexBounds {
  ranges: WalkRange[];
  /** Per field of the index, its intervals in the index's direction (for explain). */
  perField: Interval[][];
  /** Fields whose conditions the bounds carry (a prefix of the index's fields). */
  boundFields: number;
  /** How many leading fields are held to one value each. */
  pointFields: number;
  /** Every condition on the bound fields is carried whole by the bounds. */
  exact: boolean;
}

const isPoint = (interval: Interval): boolean =>
  interval.lowInclusive && interval.highInclusive && interval.low === interval.high && !(interval.low instanceof TypeEdge);

function rangeOf(prefix: Key[], interval: Interval, direction: number, trailing: number): WalkRange {
  const ascending = direction >= 0;
  const start = ascending ? interval.low : interval.high;
  const startInclusive = ascending ? interval.lowInclusive : interval.highInclusive;
  const end = ascending ? interval.high : interval.low;
  const endInclusive = ascending ? interval.highInclusive : interval.lowInclusive;
  const startPart: BoundPart = start === 'min' || start === 'max' ? WALK_START : start;
  const endPart: BoundPart = end === 'min' || end === 'max' ? WALK_END : end;
  const fill = (value: BoundPart) => Array.from({ length: trailing }, () => value);
  return {
    from: {
      parts: [...prefix, startPart, ...fill(startInclusive ? WALK_START : WALK_END)],
      seq: startInclusive ? -Infinity : Infinity,
    },
    to: { parts: [...prefix, endPart, ...fill(endInclusive ? WALK_END : WALK_START)], seq: endInclusive ? Infinity : -Infinity },
  };
}

/**
 * The ranges of `index` that hold every document matching the filter's conditions (`conditions` by
 * top-level field): equality and `$in` on leading fields, then one field's intervals, the rest unbounded.
 */
export function indexBounds(index: QueryIndex, conditions: Map<string, FieldBounds>): IndexBounds {
  const multikey = index.multikey;
  const directions = index.tree.directions;
  const perField: Interval[][] = index.fields.map((field) => {
    const bounds = conditions.get(field);
    if (!bounds) return [ALL];
    return multikey ? bounds.firstOperator : bounds.intervals;
  });
  let prefixes: Key[][] = [[]];
  let pointFields = 0;
  let exact = true;
  while (pointFields < index.fields.length && perField[pointFields].length > 0 && perField[pointFields].every(isPoint)) {
    const values = perField[pointFields].map((interval) => interval.low as Key);
    if (prefixes.length * values.length > MAX_RANGES) break;
    const ordered = directions[pointFields] < 0 ? [...values].reverse() : values;
    prefixes = prefixes.flatMap((prefix) => ordered.map((value) => [...prefix, value]));
    pointFields++;
  }
  let boundFields = pointFields;
  const ranges: WalkRange[] = [];
  if (pointFields === index.fields.length) {
    for (const prefix of prefixes) {
      ranges.push({ from: { parts: prefix, seq: -Infinity }, to: { parts: prefix, seq: Infinity } });
    }
  } else {
    const field = pointFields;
    const intervals = perField[field].length * prefixes.length > MAX_RANGES ? [ALL] : perField[field];
    if (intervals !== perField[field]) exact = false;
    if (intervals.length !== 1 || intervals[0] !== ALL) boundFields++;
    const ordered = directions[field] < 0 ? [...intervals].reverse() : intervals;
    const trailing = index.fields.length - field - 1;
    for (const prefix of prefixes) for (const interval of ordered) ranges.push(rangeOf(prefix, interval, directions[field], trailing));
  }
  for (let i = 0; i < index.fields.length; i++) {
    const bounds = conditions.get(index.fields[i]);
    if (bounds && (i >= boundFields || !bounds.exact || multikey)) exact = false;
  }
  return {
    ranges,
    perField: perField.map((intervals, i) => (directions[i] < 0 ? [...intervals].reverse() : intervals)),
    boundFields,
    pointFields,
    exact,
  };
}
