import type { Doc, Value } from '../bson/extendedJson';
import { isPlainObject } from '../bson/extendedJson';
import { ObjectId } from '../bson/objectId';
import type { CollectionData, Entry } from '../store/collectionData';

/**
 * What the database's `_id` index gives a query that pages by key (`{_id: {$gt: last}}` sorted by `_id`):
 * a page found by binary search instead of a scan and a sort of the whole collection, so every page of
 * an export costs what the first does. Used only where it gives exactly what the general path gives:
 * every `_id` of the collection of one kind (object ids, strings or plain numbers) and the bounds (one on each side
 * at most) of that kind.
 */
type IdKind = 'objectId' | 'string' | 'number';

const RANGE_OPERATORS = new Set(['$gt', '$gte', '$lt', '$lte']);

function kindOf(value: Value | undefined): IdKind | undefined {
  if (value instanceof ObjectId) return 'objectId';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number' && Number.isFinite(value)) return 'number';
  return undefined;
}

function comparable(value: Value): string | number {
  return value instanceof ObjectId ? value.hex : (value as string | number);
}

interface Ordered {
  count: number;
  kind: IdKind | undefined;
  sorted: Entry[];
  keys: (string | number)[];
}

const cache = new WeakMap<CollectionData, Ordered>();

/** The entries sorted by `_id`, kept until a document is inserted or deleted; undefined when the `_id`s are of mixed kinds. */
function ordered(collection: CollectionData): Ordered | undefined {
  let order = cache.get(collection);
  if (!order || order.count !== collection.insertsAndDeletes) {
    const entries = collection.entries;
    const kind = entries.length === 0 ? undefined : kindOf(entries[0].doc._id);
    const uniform = kind !== undefined && entries.every((entry) => kindOf(entry.doc._id) === kind);
    const sorted = uniform ? [...entries].sort((a, b) => compare(comparable(a.doc._id), comparable(b.doc._id))) : [];
    order = {
      count: collection.insertsAndDeletes,
      kind: uniform ? kind : undefined,
      sorted,
      keys: sorted.map((entry) => comparable(entry.doc._id)),
    };
    cache.set(collection, order);
  }
  return order.kind === undefined && collection.count > 0 ? undefined : order;
}

function compare(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first position whose key is past `bound` (`strict`) or at or past it. */
function lowerBound(keys: (string | number)[], bound: string | number, strict: boolean): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const order = compare(keys[middle], bound);
    if (order < 0 || (strict && order === 0)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A page of a query answered from the `_id` order, or undefined when the query is not one it answers exactly. */
export function idRangePage(
  collection: CollectionData,
  request: { q: Doc; sort?: Doc; skip: number; limit: number },
): { documents: Doc[]; total: number } | undefined {
  const sortKeys = request.sort ? Object.keys(request.sort) : [];
  if (sortKeys.length !== 1 || sortKeys[0] !== '_id') return undefined;
  const direction = request.sort!._id === -1 ? -1 : 1;
  const queryKeys = Object.keys(request.q);
  let ranges: { operator: string; bound: Value }[] = [];
  if (queryKeys.length === 1 && queryKeys[0] === '_id') {
    const condition = request.q._id;
    if (!isPlainObject(condition)) return undefined;
    ranges = Object.entries(condition as Doc).map(([operator, bound]) => ({ operator, bound }));
    // One bound on each side at most (a window of an export: `{$gte: from, $lt: to}`).
    const lower = ranges.filter((range) => range.operator === '$gt' || range.operator === '$gte').length;
    const upper = ranges.filter((range) => range.operator === '$lt' || range.operator === '$lte').length;
    if (ranges.length === 0 || !ranges.every((range) => RANGE_OPERATORS.has(range.operator)) || lower > 1 || upper > 1) return undefined;
  } else if (queryKeys.length > 0) return undefined;
  const order = ordered(collection);
  if (!order) return undefined;
  let from = 0;
  let to = order.sorted.length;
  for (const range of ranges) {
    if (order.kind !== undefined && kindOf(range.bound) !== order.kind) return undefined;
    const bound = comparable(range.bound);
    if (range.operator === '$gt') from = lowerBound(order.keys, bound, true);
    else if (range.operator === '$gte') from = lowerBound(order.keys, bound, false);
    else if (range.operator === '$lt') to = lowerBound(order.keys, bound, false);
    else to = lowerBound(order.keys, bound, true);
  }
  const total = Math.max(0, to - from);
  const start = direction === 1 ? from + request.skip : to - request.skip - request.limit;
  const end = direction === 1 ? Math.min(to, start + request.limit) : to - request.skip;
  const slice = order.sorted.slice(Math.max(from, start), Math.max(from, end)).map((entry) => entry.doc);
  return { documents: direction === 1 ? slice : slice.reverse(), total };
}
