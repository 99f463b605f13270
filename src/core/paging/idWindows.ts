import type { JsonObject, JsonValue } from '../json/lossless';
import { LosslessNumber } from '../json/lossless';

/**
 * The kinds of `_id` that an export may cut into windows: the service compares a bound only with
 * `_id`s of its own kind (`{_id: {$gte: 5}}` matches no string), so windows are safe only where every
 * `_id` is of one of these kinds, and the same one.
 */
export type IdKind = 'string' | 'number' | 'objectId' | 'date';

export function idKind(id: JsonValue | undefined): IdKind | undefined {
  if (typeof id === 'string') return 'string';
  if ((typeof id === 'number' && Number.isFinite(id)) || id instanceof LosslessNumber) return 'number';
  if (id === null || typeof id !== 'object' || Array.isArray(id)) return undefined;
  const keys = Object.keys(id);
  if (keys.length !== 1) return undefined;
  if (keys[0] === '$oid' && typeof id.$oid === 'string') return 'objectId';
  if (keys[0] === '$date' && typeof id.$date === 'string') return 'date';
  return undefined;
}

/**
 * A slice of a query's `_id` order: from `from` (included) to `to` (excluded) in the direction of the
 * sort; an absent end is open. After a page, `after` (the last `_id` received) replaces `from`, excluded.
 */
export interface IdWindow {
  from?: JsonValue;
  after?: JsonValue;
  to?: JsonValue;
}

/** The `_id` condition of a window in the sort's direction: `{$gte: from, $lt: to}` ascending, `{$lte: from, $gt: to}` descending. */
export function windowCondition(window: IdWindow, direction: 1 | -1): JsonObject | undefined {
  const condition: JsonObject = {};
  if (window.after !== undefined) condition[direction === 1 ? '$gt' : '$lt'] = window.after;
  else if (window.from !== undefined) condition[direction === 1 ? '$gte' : '$lte'] = window.from;
  if (window.to !== undefined) condition[direction === 1 ? '$lt' : '$gt'] = window.to;
  return Object.keys(condition).length === 0 ? undefined : condition;
}

/** The query's own filter and the window's `_id` condition: side by side where the filter says nothing of `_id`, else under `$and`. */
export function windowFilter(q: JsonObject | undefined, window: IdWindow, direction: 1 | -1): JsonObject | undefined {
  const condition = windowCondition(window, direction);
  const own = q !== undefined && Object.keys(q).length > 0 ? q : undefined;
  if (condition === undefined) return own;
  if (own === undefined) return { _id: condition };
  if (!Object.hasOwn(own, '_id') && !Object.hasOwn(own, '$and')) return { ...own, _id: condition };
  return { $and: [own, { _id: condition }] };
}

function comparable(id: JsonValue, kind: IdKind): string | number {
  if (kind === 'number') return Number(id as number | LosslessNumber);
  if (kind === 'objectId') return (id as { $oid: string }).$oid.toLowerCase();
  if (kind === 'date') return Date.parse((id as { $date: string }).$date);
  return id as string;
}

/**
 * Whether `ids`, all of `kind`, come strictly one after the other in the sort's direction, compared as
 * the service compares them (64-bit integers as the nearest double, object ids by their hex, dates by time).
 */
export function strictlyOrdered(ids: readonly JsonValue[], kind: IdKind, direction: 1 | -1): boolean {
  for (let n = 1; n < ids.length; n++) {
    const previous = comparable(ids[n - 1], kind);
    const current = comparable(ids[n], kind);
    if (Number.isNaN(previous) || Number.isNaN(current) || !(direction === 1 ? previous < current : previous > current)) return false;
  }
  return true;
}
