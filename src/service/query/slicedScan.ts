import type { Doc } from '../bson/extendedJson';
import type { CollectionData } from '../store/collectionData';
import type { RequestBudget } from './budget';
import { spendWork, withBudget } from './budget';
import type { PageRequest } from './engine';
import { compileFilter, findPage, idLookup, matching } from './engine';
import { checkSortShape } from './limits';
import { sortSliced } from './slicedSort';
import { idRangePage } from './idOrder';
import { checkPathsIn } from './reservedNames';

/** A scan lets other requests run after this long, so that one account's long query delays another's by about this much. */
export const SLICE_MS = 0.25;

const yieldToOtherRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * `findPage`, with the scan of a filtered query and the sort done in slices of {@link SLICE_MS}: between
 * slices the service answers other requests. It reads the documents as they were when it started; all
 * of it counts against the request's one budget.
 */
export async function findPageSliced(
  collection: CollectionData,
  request: PageRequest,
  budget: RequestBudget,
): Promise<ReturnType<typeof findPage>> {
  const keys = Object.keys(request.q);
  const sort = request.sort && Object.keys(request.sort).length > 0 ? request.sort : undefined;
  if (!sort && (keys.length === 0 || (keys.length === 1 && keys[0] === '_id')))
    return withBudget(() => findPage(collection, request), budget);
  if (sort) {
    withBudget(() => {
      checkSortShape(sort);
      checkPathsIn(sort, 'The sort names the field');
    }, budget);
    // A page of `_id` order (keyset paging) is answered from the cached order, without a scan and sort.
    const idPage = withBudget(() => idRangePage(collection, request), budget);
    if (idPage) return withBudget(() => findPage(collection, request, { idPage }), budget);
  }
  const matched = await scanSliced(collection, request.q, budget);
  if (!sort) return withBudget(() => findPage(collection, request, matched), budget);
  const sorted = await sortSliced(matched, sort, budget, SLICE_MS);
  return withBudget(() => findPage(collection, { ...request, sort: undefined }, sorted), budget);
}

/**
 * The documents matching `q` as `matching` finds them, with the scan done in slices of {@link SLICE_MS}.
 * No filter and an `_id` lookup need no scan and are answered at once. The result is the documents as
 * they were during the scan: a writer must check them against the collection as it is after the await.
 */
export async function matchingSliced(collection: CollectionData, q: Doc, budget: RequestBudget): Promise<Doc[]> {
  if (Object.keys(q).length === 0 || idLookup(q) !== undefined) return withBudget(() => matching(collection, q), budget);
  return scanSliced(collection, q, budget);
}

async function scanSliced(collection: CollectionData, q: Doc, budget: RequestBudget): Promise<Doc[]> {
  const test = withBudget(() => (Object.keys(q).length === 0 ? () => true : compileFilter(q)), budget);
  const entries = collection.entries.slice();
  const matched: Doc[] = [];
  let next = 0;
  while (next < entries.length) {
    withBudget(() => {
      const sliceEnd = performance.now() + SLICE_MS;
      do {
        for (const stop = Math.min(next + 4, entries.length); next < stop; next++) {
          spendWork(1, 'scanning documents');
          if (test(entries[next].doc)) matched.push(entries[next].doc);
        }
      } while (next < entries.length && performance.now() < sliceEnd);
    }, budget);
    if (next < entries.length) await yieldToOtherRequests();
  }
  return matched;
}
