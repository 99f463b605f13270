import type { Doc } from '../bson/extendedJson';
import type { CollectionData } from './collectionData';
import type { RequestBudget } from './budget';
import { spendWork, withBudget } from './budget';
import type { PageRequest } from './engine';
import { compileFilter, findPage, idLookup, matching, project } from './engine';
import type { IndexWalk, PlanStats } from './indexes/planRun';
import { indexWalk, scanForPage } from './indexes/planRun';
import type { QueryPlan } from './indexes/planner';
import { planQuery } from './indexes/planner';
import { checkProjectionShape, checkSortShape } from './limits';
import { runSliced, sortSliced } from './slicedSort';
import { checkPathsIn } from './reservedNames';

/** A scan lets other requests run after this long, so that one account's long query delays another's by about this much. */
export const SLICE_MS = 0.25;

const yieldToOtherRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface PlannedPage {
  documents: Doc[];
  total: number;
  /** Documents examined (kept for the operation log's nscanned). */
  scanned: number;
  plan: QueryPlan;
  stats: PlanStats;
  /** The page was read from the documents in natural order (the index gave the count): see QueryPlan.pageByScan. */
  pageReadInNaturalOrder?: boolean;
}

const nonEmpty = (doc: Doc | undefined): Doc | undefined => (doc && Object.keys(doc).length > 0 ? doc : undefined);

/**
 * A page request's sort and projection checked, its filter compiled and its plan chosen, within the request's
 * budget: what every way of answering the documents list does first, whichever store reads the documents.
 */
export function checkedQuery(
  collection: CollectionData,
  request: PageRequest,
  budget: RequestBudget,
): { sort: Doc | undefined; test: (doc: Doc) => boolean; plan: QueryPlan } {
  const sort = nonEmpty(request.sort);
  return withBudget(() => {
    if (sort) {
      checkSortShape(sort);
      checkPathsIn(sort, 'The sort names the field');
    }
    if (request.projection) checkProjectionShape(request.projection);
    const test = Object.keys(request.q).length === 0 ? () => true : compileFilter(request.q);
    return { sort, test, plan: planQuery(collection, request) };
  }, budget);
}

/**
 * A page of a query by the plan the planner chose (indexes/planner.ts): the `_id` lookup, a walk of an
 * index, or a scan of every document. A long walk, scan or sort runs in slices of {@link SLICE_MS}: between
 * slices the service answers other requests. All of it counts against the request's one budget. The
 * documents are those a scan and a sort give: an index only narrows the candidates, which the filter checks.
 * `countUse` counts the query in the index's usage (explain does not).
 */
export async function findPageSliced(
  collection: CollectionData,
  request: PageRequest,
  budget: RequestBudget,
  countUse = true,
  /** False when the caller uses the page only (a pipeline's leading stages): an unsorted scan stops once the page is found. */
  totalWanted = true,
): Promise<PlannedPage> {
  const { sort, test, plan } = checkedQuery(collection, request, budget);
  if (countUse) for (const used of plan.branches ?? [plan]) used.index?.countAccess();
  const stats: PlanStats = { keysExamined: 0, docsExamined: 0 };
  let found: Doc[];
  let total: number;
  let inOrder = sort === undefined;
  let pageReadInNaturalOrder = false;
  if (plan.stage === 'IDHACK') {
    const doc = collection.get(plan.id)?.doc;
    found = doc && test(doc) ? [doc] : [];
    stats.keysExamined = doc ? 1 : 0;
    stats.docsExamined = doc ? 1 : 0;
    total = found.length;
    inOrder = true;
  } else if (plan.stage === 'IXSCAN' || plan.stage === 'OR') {
    const walk: IndexWalk = { documents: [], total: 0, stats };
    const wanted = request.skip + request.limit;
    const scanned = plan.pageByScan && (await runStepsSliced(scanForPage(collection.entries, plan, test, wanted, walk), budget));
    pageReadInNaturalOrder = scanned === true;
    if (!scanned) await runSliced(indexWalk(plan, test, sort, wanted, walk), budget, SLICE_MS);
    ({ documents: found, total } = walk);
    if (plan.sortServed) {
      inOrder = true;
    }
  } else {
    if (Object.keys(request.q).length === 0 && !sort) {
      const page = withBudget(() => findPage(collection, request), budget);
      stats.docsExamined = page.documents.length;
      return { ...page, scanned: stats.docsExamined, plan, stats };
    }
    const wanted = !totalWanted && !sort ? request.skip + request.limit : Number.POSITIVE_INFINITY;
    const scan = await scanUntil(collection, request.q, budget, wanted);
    stats.docsExamined = scan.examined;
    found = scan.matched;
    total = found.length;
  }
  if (!inOrder) found = await sortSliced(found, sort!, budget, SLICE_MS);
  const documents = withBudget(() => project(found.slice(request.skip, request.skip + request.limit), request.projection), budget);
  return { documents, total, scanned: stats.docsExamined, plan, stats, pageReadInNaturalOrder };
}

/** Runs `work` as runSliced does and gives what it returned. */
async function runStepsSliced<T>(work: Generator<void, T, void>, budget: RequestBudget): Promise<T> {
  let result: T | undefined;
  await runSliced(
    (function* () {
      result = yield* work;
    })(),
    budget,
    SLICE_MS,
  );
  return result as T;
}

/**
 * The documents matching `q` as `matching` finds them (by an index walk where the planner picks one), with the scan done in slices of {@link SLICE_MS}.
 * No filter and an `_id` lookup need no scan and are answered at once. The result is the documents as
 * they were during the scan: a writer must check them against the collection as it is after the await.
 */
export async function matchingSliced(collection: CollectionData, q: Doc, budget: RequestBudget): Promise<Doc[]> {
  if (Object.keys(q).length === 0 || idLookup(q) !== undefined) return withBudget(() => matching(collection, q), budget);
  // A collection its store did not load holds only the documents it read for the write: its indexes hold no keys.
  if (!collection.loaded) return scanSliced(collection, q, budget);
  const { test, plan } = withBudget(() => ({ test: compileFilter(q), plan: planQuery(collection, { q, skip: 0, limit: 0 }) }), budget);
  if (plan.stage !== 'IXSCAN' && plan.stage !== 'OR') return scanSliced(collection, q, budget);
  // An index narrows the candidates; the walk gives the matching ones in natural order, as the scan does.
  for (const used of plan.branches ?? [plan]) used.index?.countAccess();
  const walk: IndexWalk = { documents: [], total: 0, stats: { keysExamined: 0, docsExamined: 0 } };
  await runSliced(indexWalk(plan, test, undefined, 0, walk), budget, SLICE_MS);
  return walk.documents;
}

async function scanSliced(collection: CollectionData, q: Doc, budget: RequestBudget): Promise<Doc[]> {
  return (await scanUntil(collection, q, budget, Number.POSITIVE_INFINITY)).matched;
}

/** The documents matching `q` in natural order, scanned in slices, until `wanted` of them are found. */
async function scanUntil(
  collection: CollectionData,
  q: Doc,
  budget: RequestBudget,
  wanted: number,
): Promise<{ matched: Doc[]; examined: number }> {
  const test = withBudget(() => (Object.keys(q).length === 0 ? () => true : compileFilter(q)), budget);
  const entries = collection.entries.slice();
  const matched: Doc[] = [];
  let next = 0;
  const more = () => next < entries.length && matched.length < wanted;
  while (more()) {
    withBudget(() => {
      const sliceEnd = performance.now() + SLICE_MS;
      do {
        for (const stop = Math.min(next + 4, entries.length); next < stop && matched.length < wanted; next++) {
          spendWork(1, 'scanning documents');
          if (test(entries[next].doc)) matched.push(entries[next].doc);
        }
      } while (more() && performance.now() < sliceEnd);
    }, budget);
    if (more()) await yieldToOtherRequests();
  }
  return { matched, examined: next };
}
