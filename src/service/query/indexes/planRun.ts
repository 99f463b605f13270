import type { Doc } from '../../bson/extendedJson';
import { spendWork } from '../budget';
import type { Key } from './keyOrder';
import { compareKeys } from './keyOrder';
import type { QueryPlan } from './planner';
import type { Entry } from '../collectionData';
import type { IndexedEntry, QueryIndex } from './queryIndex';
import type { WalkRange } from './walkRanges';

/** What a run of a plan examined, as the database's explain counts it. */
export interface PlanStats {
  keysExamined: number;
  docsExamined: number;
}

/** What walking an index found: the documents (in natural order, or in the sort's order when the index serves it) and their count. */
export interface IndexWalk {
  /** Matching documents in natural order (not served), or the first `wanted` in the sort's order (served). */
  documents: Doc[];
  total: number;
  stats: PlanStats;
}

/** Keys examined between two looks at the clock (the caller lets other requests run then). */
const STEP_BATCH = 32;

const bySeq = (a: IndexedEntry, b: IndexedEntry): number => a.seq - b.seq;

function keyPart(key: Key | Key[], compound: boolean, field: number): Key {
  return compound ? (key as Key[])[field] : (key as Key);
}

/** How many keys the plan's bounds hold: the count when the plan counts from the index. */
export function keysInBounds(plan: QueryPlan): number {
  let keys = 0;
  for (const range of plan.bounds!.ranges) keys += plan.index!.tree.countBetween(range.from, range.to);
  return keys;
}

/**
 * Walks the index in the sort's order. Entries whose sort fields are equal form a run, given in natural
 * order (as the engine's stable sort leaves them); the walk stops once `wanted` documents matched, unless
 * the count needs the rest.
 */
function* walkInSortOrder(
  plan: QueryPlan,
  test: (doc: Doc) => boolean,
  sortWidth: number,
  wanted: number,
  walk: IndexWalk,
): Generator<void, void, void> {
  const index = plan.index!;
  const compound = index.fields.length > 1;
  const ranges = plan.direction === 1 ? plan.bounds!.ranges : [...plan.bounds!.ranges].reverse();
  const seen = new Set<IndexedEntry>();
  let run: IndexedEntry[] = [];
  let runKey: Key | Key[] = null;
  let matched = 0;
  // Walking forward an index whose last fields are the sort's, equal keys come in natural order already: no run to hold.
  const direct = plan.direction === 1 && plan.sortFieldsFrom + sortWidth === index.fields.length;
  const sameRun = (key: Key | Key[]) => {
    for (let field = plan.sortFieldsFrom; field < plan.sortFieldsFrom + sortWidth; field++)
      if (compareKeys(keyPart(key, compound, field), keyPart(runKey, compound, field)) !== 0) return false;
    return true;
  };
  const flush = () => {
    run.sort(bySeq);
    for (const entry of run) {
      if (plan.countFromIndex && matched >= wanted) break;
      walk.stats.docsExamined++;
      if (!test(entry.doc)) continue;
      matched++;
      if (walk.documents.length < wanted) walk.documents.push(entry.doc);
    }
    run = [];
  };
  for (const range of ranges) {
    const cursor = index.tree.cursor(range.from, range.to, plan.direction);
    for (let next = cursor.next(); next; next = cursor.next()) {
      walk.stats.keysExamined++;
      spendWork(1, 'examining index keys');
      if (run.length > 0 && !sameRun(next.key)) {
        flush();
        if (plan.countFromIndex && matched >= wanted) return;
      }
      if (!seen.has(next.item)) {
        seen.add(next.item);
        run.push(next.item);
      }
      runKey = next.key;
      if (direct) {
        flush();
        if (plan.countFromIndex && matched >= wanted) return;
      }
      if ((walk.stats.keysExamined & (STEP_BATCH - 1)) === 0) yield;
    }
  }
  flush();
  walk.total = matched;
}

/** Walks every branch of an OR plan and gives the documents matching the whole filter in natural order. */
function* walkUnion(plan: QueryPlan, test: (doc: Doc) => boolean, walk: IndexWalk): Generator<void, void, void> {
  const candidates = new Set<IndexedEntry>();
  for (const branch of plan.branches!) yield* gatherCandidates(branch.index!, branch.bounds!.ranges, candidates, walk);
  yield* testInNaturalOrder(candidates, test, walk);
}

/** Adds the entries of `index` within `ranges` (and those it keeps unkeyed) to `candidates`, counting the keys examined. */
function* gatherCandidates(
  index: QueryIndex,
  ranges: readonly WalkRange[],
  candidates: Set<IndexedEntry>,
  walk: IndexWalk,
): Generator<void, void, void> {
  for (const entry of index.unkeyed) candidates.add(entry);
  for (const range of ranges) {
    const cursor = index.tree.cursor(range.from, range.to, 1);
    for (let next = cursor.next(); next; next = cursor.next()) {
      walk.stats.keysExamined++;
      spendWork(1, 'examining index keys');
      candidates.add(next.item);
      if ((walk.stats.keysExamined & (STEP_BATCH - 1)) === 0) yield;
    }
  }
}

/** Tests the candidates (each once) and leaves the matching ones in natural order in `walk`. */
function* testInNaturalOrder(candidates: Set<IndexedEntry>, test: (doc: Doc) => boolean, walk: IndexWalk): Generator<void, void, void> {
  const matched: IndexedEntry[] = [];
  let tested = 0;
  for (const entry of candidates) {
    walk.stats.docsExamined++;
    spendWork(1, 'scanning documents');
    if (test(entry.doc)) matched.push(entry);
    if ((++tested & (STEP_BATCH - 1)) === 0) yield;
  }
  spendWork(Math.ceil(matched.length * Math.log2(matched.length + 1)), 'sorting');
  matched.sort(bySeq);
  walk.documents = matched.map((entry) => entry.doc);
  walk.total = matched.length;
}

/**
 * Walks the keys in the bounds and gives the matching documents in natural order (the order a scan finds
 * them). Keys that come in natural order already, with the count from the index, stop once `wanted` matched.
 */
function* walkAll(plan: QueryPlan, test: (doc: Doc) => boolean, wanted: number, walk: IndexWalk): Generator<void, void, void> {
  const index = plan.index!;
  if (plan.keysInNaturalOrder && plan.countFromIndex && wanted > 0) {
    yield* walkInNaturalOrder(plan, test, wanted, walk);
    return;
  }
  const candidates = new Set<IndexedEntry>();
  yield* gatherCandidates(index, plan.bounds!.ranges, candidates, walk);
  yield* testInNaturalOrder(candidates, test, walk);
}

/** The keys of one point, in natural order: the first `wanted` matching documents, and the count from the index. */
function* walkInNaturalOrder(plan: QueryPlan, test: (doc: Doc) => boolean, wanted: number, walk: IndexWalk): Generator<void, void, void> {
  const range = plan.bounds!.ranges[0];
  const cursor = plan.index!.tree.cursor(range.from, range.to, 1);
  for (let next = cursor.next(); next && walk.documents.length < wanted; next = cursor.next()) {
    walk.stats.keysExamined++;
    walk.stats.docsExamined++;
    spendWork(1, 'examining index keys');
    if (test(next.item.doc)) walk.documents.push(next.item.doc);
    if ((walk.stats.keysExamined & (STEP_BATCH - 1)) === 0) yield;
  }
  walk.total = keysInBounds(plan);
}

/**
 * Reads the documents in natural order until `wanted` match, trying at most `maxTests`; the count comes
 * from the index. Answers false (the walk left empty) when the page is not full by then.
 */
export function* scanForPage(
  entries: readonly Entry[],
  plan: QueryPlan,
  test: (doc: Doc) => boolean,
  wanted: number,
  walk: IndexWalk,
): Generator<void, boolean, void> {
  const maxTests = plan.pageByScan!.maxTests;
  let tested = 0;
  for (let at = 0; at < entries.length && walk.documents.length < wanted; at++) {
    const entry = entries[at];
    if (entry.removed) continue;
    if (tested === maxTests) {
      walk.documents = [];
      return false;
    }
    tested++;
    walk.stats.docsExamined++;
    spendWork(1, 'scanning documents');
    if (test(entry.doc)) walk.documents.push(entry.doc);
    if ((tested & (STEP_BATCH - 1)) === 0) yield;
  }
  walk.total = keysInBounds(plan);
  return true;
}

/** The walk of an IXSCAN or OR plan as steps (see runSliced), filling `walk`. */
export function indexWalk(
  plan: QueryPlan,
  test: (doc: Doc) => boolean,
  sort: Doc | undefined,
  wanted: number,
  walk: IndexWalk,
): Generator<void, void, void> {
  if (plan.stage === 'OR') return walkUnion(plan, test, walk);
  if (!plan.sortServed) return walkAll(plan, test, sort ? 0 : wanted, walk);
  return (function* () {
    yield* walkInSortOrder(plan, test, Object.keys(sort ?? {}).length, wanted, walk);
    if (plan.countFromIndex) walk.total = keysInBounds(plan);
  })();
}
