import type { Doc } from '../bson/extendedJson';
import type { RequestBudget } from '../query/budget';
import { spendWork, withBudget } from '../query/budget';
import type { CollectionData } from '../query/collectionData';
import type { PageRequest } from '../query/engine';
import { project } from '../query/engine';
import type { PlanStats } from '../query/indexes/planRun';
import type { PlannedPage } from '../query/slicedScan';
import { SLICE_MS, checkedQuery } from '../query/slicedScan';
import { sortSliced } from '../query/slicedSort';
import type { DocumentSource } from '../store/accountStore';

const nonEmpty = (doc: Doc | undefined): Doc | undefined => (doc && Object.keys(doc).length > 0 ? doc : undefined);

/**
 * The store that answers a query where it keeps the documents, or undefined for the service's own planner. A sort
 * is not pushed down to SQL: reading every candidate to sort it here cost 87× the same at 1,000 documents in the
 * bench, where the service's planner walks its index for the page (each process still holds the documents).
 */
export function storeForQuery(source: DocumentSource | undefined, request: PageRequest): DocumentSource | undefined {
  return source && !nonEmpty(request.sort) ? source : undefined;
}

/**
 * A page of a query read where the store keeps the documents (PostgreSQL): the same checks and errors as
 * findPageSliced, then the page and count from the store when it decides the filter exactly and no sort is
 * asked; otherwise the store's candidates, tested, sorted and paged here with the same matcher and sort.
 */
export async function pushedDownPage(
  source: DocumentSource,
  where: { db: string; col: string; collection: CollectionData },
  request: PageRequest,
  budget: RequestBudget,
  countUse = true,
): Promise<PlannedPage> {
  const { sort, test, plan } = checkedQuery(where.collection, request, budget);
  if (countUse) for (const used of plan.branches ?? [plan]) used.index?.countAccess();
  const stats: PlanStats = { keysExamined: 0, docsExamined: 0 };
  const window = sort ? undefined : { skip: request.skip, limit: request.limit };
  const selection = await source.select(where.db, where.col, request.q, window);
  let found = selection.documents;
  stats.docsExamined = found.length;
  let total = selection.total;
  if (total === undefined) {
    found = withBudget(
      () =>
        found.filter((doc) => {
          spendWork(1, 'scanning documents');
          return test(doc);
        }),
      budget,
    );
    total = found.length;
    if (sort) found = await sortSliced(found, sort, budget, SLICE_MS);
    found = found.slice(request.skip, request.skip + request.limit);
  }
  const documents = withBudget(() => project(found, request.projection), budget);
  return { documents, total, scanned: stats.docsExamined, plan, stats };
}
