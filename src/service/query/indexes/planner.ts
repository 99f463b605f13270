import type { Doc, Value } from '../../bson/extendedJson';
import { isPlainObject } from '../../bson/extendedJson';
import type { CollectionData } from '../collectionData';
import { comparable } from '../comparable';
import { idLookup } from '../engine';
import type { FieldBounds } from './fieldIntervals';
import { fieldBounds } from './fieldIntervals';
import type { QueryIndex } from './queryIndex';
import type { IndexBounds } from './walkRanges';
import { indexBounds } from './walkRanges';

export interface QueryShape {
  q: Doc;
  sort?: Doc;
  skip: number;
  limit: number;
}

/** The plan a query runs by: a scan of every document, a walk of one index, walks of several for a `$or`, or the `_id` lookup. */
export interface QueryPlan {
  stage: 'COLLSCAN' | 'IXSCAN' | 'IDHACK' | 'OR';
  /** For OR: one index walk per branch of the `$or`; their documents together hold every match. */
  branches?: QueryPlan[];
  index?: QueryIndex;
  bounds?: IndexBounds;
  direction: 1 | -1;
  /** The index gives the documents in the sort's order (no sort in memory). */
  sortServed: boolean;
  /** Index fields (from this one on) that the sort names: runs of equal values there are put in natural order. */
  sortFieldsFrom: number;
  /** The count is the number of keys in the bounds: the filter says nothing the bounds do not. */
  countFromIndex: boolean;
  /** Indexes considered, by name. */
  candidates: string[];
  /** The `_id` an IDHACK looks up. */
  id?: Value;
  /** The planner's estimate of the work, in documents or keys. */
  cost: number;
  /** The keys in the bounds come in natural order (one point, one key per document): a walk may stop once the page is full. */
  keysInNaturalOrder: boolean;
  /**
   * The page is read from the documents in natural order, stopping once full, and the count taken from the
   * index (which holds many matches: few documents are read before the page is full). After `maxTests`
   * documents without a full page (the matches lie late in the natural order), the index is walked instead.
   */
  pageByScan?: { maxTests: number };
}

const NUMERIC_SEGMENT = /(^|\.)\d+(\.|$)/;

/** What the filter's top-level fields let an index walk; `allBounded` when every condition is an interval. */
function conditionsOf(q: Doc): { byField: Map<string, FieldBounds>; allBounded: boolean } {
  const byField = new Map<string, FieldBounds>();
  let allBounded = true;
  for (const [field, condition] of Object.entries(comparable(q))) {
    const bounds = field.startsWith('$') || NUMERIC_SEGMENT.test(field) ? undefined : fieldBounds(condition);
    if (!bounds) allBounded = false;
    else {
      byField.set(field, bounds);
      if (!bounds.exact) allBounded = false;
    }
  }
  return { byField, allBounded };
}

/** Where the sort's fields sit in the index after single-valued leading fields, and which way to walk; undefined when it cannot serve the sort. */
function sortService(index: QueryIndex, bounds: IndexBounds, sort: Doc): { from: number; direction: 1 | -1 } | undefined {
  if (index.multikey || index.unsortableDocs > 0) return undefined;
  const sortFields = Object.keys(sort);
  if (sortFields.some((field) => NUMERIC_SEGMENT.test(field))) return undefined;
  for (let from = 0; from <= bounds.pointFields && from + sortFields.length <= index.fields.length; from++) {
    if (bounds.perField.slice(0, from).some((intervals) => intervals.length !== 1)) break;
    if (!sortFields.every((field, i) => index.fields[from + i] === field)) continue;
    const same = sortFields.every((field, i) => sort[field] === index.tree.directions[from + i]);
    const opposite = sortFields.every((field, i) => sort[field] === -index.tree.directions[from + i]);
    if (same || opposite) return { from, direction: same ? 1 : -1 };
  }
  return undefined;
}

const sortCost = (count: number): number => count * Math.log2(count + 1);

/** Documents a read in natural order tries beyond the expected number before it gives up for the index walk. */
const SCAN_TRIAL_FACTOR = 4;
const SCAN_TRIAL_MIN = 64;

function indexPlan(
  index: QueryIndex,
  shape: QueryShape,
  conditions: ReturnType<typeof conditionsOf>,
  documents: number,
): QueryPlan | undefined {
  const bounds = indexBounds(index, conditions.byField);
  const sort = shape.sort && Object.keys(shape.sort).length > 0 ? shape.sort : undefined;
  const served = sort ? sortService(index, bounds, sort) : undefined;
  if (bounds.boundFields === 0 && !served) return undefined;
  const boundNames = new Set(index.fields.slice(0, bounds.boundFields));
  const filterEmpty = Object.keys(shape.q).length === 0;
  const countFromIndex =
    filterEmpty ||
    (conditions.allBounded && bounds.exact && !index.multikey && [...conditions.byField.keys()].every((field) => boundNames.has(field)));
  let keys = index.unkeyed.size;
  for (const range of bounds.ranges) keys += index.tree.countBetween(range.from, range.to);
  const wanted = shape.skip + shape.limit;
  const keysInNaturalOrder =
    bounds.ranges.length === 1 && bounds.pointFields === index.fields.length && !index.multikey && index.unkeyed.size === 0;
  let cost: number;
  let pageByScan: QueryPlan['pageByScan'];
  if (served) cost = countFromIndex ? Math.min(keys, wanted) : keys;
  else if (keysInNaturalOrder && countFromIndex && wanted > 0 && !sort) cost = Math.min(keys, wanted);
  else cost = keys + sortCost(keys) + (sort ? sortCost(keys) : 0);
  if (!served && !sort && countFromIndex && wanted > 0 && keys > 0) {
    // With the count from the index, a page of matches spread evenly over the natural order takes about
    // wanted × documents / keys documents to read: fewer than the keys when the range holds a large share.
    const expected = Math.min(documents, Math.ceil((wanted * documents) / keys));
    const maxTests = SCAN_TRIAL_FACTOR * expected + SCAN_TRIAL_MIN;
    if (maxTests < cost) {
      pageByScan = { maxTests };
      cost = maxTests;
    }
  }
  return {
    stage: 'IXSCAN',
    index,
    bounds,
    direction: served?.direction ?? 1,
    sortServed: served !== undefined,
    sortFieldsFrom: served?.from ?? 0,
    countFromIndex,
    candidates: [],
    cost,
    keysInNaturalOrder,
    pageByScan,
  };
}

/** The cheapest way to answer `shape` with the indexes `collection` has now (built ones only). */
export function planQuery(collection: CollectionData, shape: QueryShape): QueryPlan {
  const id = idLookup(shape.q);
  const base = {
    direction: 1 as const,
    sortServed: false,
    sortFieldsFrom: 0,
    countFromIndex: false,
    candidates: [] as string[],
    keysInNaturalOrder: false,
  };
  if (id !== undefined) return { ...base, stage: 'IDHACK', id, index: collection.queryIndex('_id_'), countFromIndex: true, cost: 1 };
  const n = collection.count;
  const filterEmpty = Object.keys(shape.q).length === 0;
  const sorted = shape.sort !== undefined && Object.keys(shape.sort).length > 0;
  const scan: QueryPlan = {
    ...base,
    stage: 'COLLSCAN',
    countFromIndex: false,
    cost: (filterEmpty && !sorted ? Math.min(n, shape.skip + shape.limit) : n) + (sorted ? sortCost(n) : 0),
  };
  if (filterEmpty && !sorted) return scan;
  const conditions = conditionsOf(shape.q);
  const plans: QueryPlan[] = [];
  for (const index of collection.queryIndexes) {
    if (!index.usable) continue;
    const plan = indexPlan(index, shape, conditions, n);
    if (plan) plans.push(plan);
  }
  const union = unionPlan(collection, shape, base);
  if (union) plans.push(union);
  const candidates = [...new Set(plans.flatMap((plan) => (plan.branches ?? [plan]).map((branch) => branch.index!.name)))];
  // At equal cost an index walk wins over the scan: it reads only the keys in its bounds, the scan tests every document.
  const better = (plan: QueryPlan, chosen: QueryPlan) => plan.cost < chosen.cost || (plan.cost === chosen.cost && chosen === scan);
  const best = plans.reduce<QueryPlan>((chosen, plan) => (better(plan, chosen) ? plan : chosen), scan);
  return { ...best, candidates };
}

/** The cheapest index walk for the conditions of one `$or` branch (with the filter's other top-level conditions). */
function branchPlan(collection: CollectionData, branch: Doc, shape: QueryShape): QueryPlan | undefined {
  const conditions = conditionsOf(branch);
  let best: QueryPlan | undefined;
  for (const index of collection.queryIndexes) {
    if (!index.usable) continue;
    const plan = indexPlan(index, { ...shape, q: branch, sort: undefined }, conditions, collection.count);
    if (plan && plan.bounds!.boundFields > 0 && (!best || plan.cost < best.cost)) best = plan;
  }
  return best && { ...best, countFromIndex: false, pageByScan: undefined, keysInNaturalOrder: false };
}

/**
 * A `$or` whose every branch an index bounds: the union of the branches' walks holds every match (a document
 * matching the filter matches a branch, so lies in that branch's bounds). The candidates are tested against the
 * whole filter and given in natural order; a sort is done in memory.
 */
function unionPlan(collection: CollectionData, shape: QueryShape, base: Omit<QueryPlan, 'stage' | 'cost'>): QueryPlan | undefined {
  const branches = shape.q.$or;
  if (!Array.isArray(branches) || branches.length === 0 || !branches.every((branch) => isPlainObject(branch))) return undefined;
  const others = Object.fromEntries(Object.entries(shape.q).filter(([field]) => field !== '$or'));
  const plans: QueryPlan[] = [];
  for (const branch of branches as Doc[]) {
    const plan = branchPlan(collection, { ...others, ...branch }, shape);
    if (!plan) return undefined;
    plans.push(plan);
  }
  let keys = 0;
  for (const plan of plans) keys += plan.index!.unkeyed.size + keysInRanges(plan);
  const sorted = shape.sort !== undefined && Object.keys(shape.sort).length > 0;
  return { ...base, stage: 'OR', branches: plans, cost: keys + sortCost(keys) + (sorted ? sortCost(keys) : 0) };
}

function keysInRanges(plan: QueryPlan): number {
  let keys = 0;
  for (const range of plan.bounds!.ranges) keys += plan.index!.tree.countBetween(range.from, range.to);
  return keys;
}
