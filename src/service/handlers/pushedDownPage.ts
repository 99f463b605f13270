import type { RequestBudget } from '../query/budget';
import { spendWork, withBudget } from '../query/budget';
import type { CollectionData } from '../query/collectionData';
import type { PageRequest } from '../query/engine';
import { project } from '../query/engine';
import type { PlanStats } from '../query/indexes/planRun';
import type { PlannedPage } from '../query/slicedScan';
import { checkedQuery, findPageSliced } from '../query/slicedScan';
import type { QueryPlan } from '../query/indexes/planner';
import type { DocumentSource, KeyedIndex, Selection } from '../store/accountStore';

/** A page read where the store keeps the documents; `inService` when the store could not and the service's planner answered. */
export type StorePage = PlannedPage & { inService?: true };

/**
 * A page of a query read where the store keeps the documents (PostgreSQL): the same checks and errors as
 * findPageSliced, then the page and count from the store when it decides the filter (and the sort) exactly.
 * Otherwise, without a sort, the store's candidates, tested and paged here with the same matcher; with a sort,
 * the service's own planner, which walks its index for the page, on the collection's documents: `load` gives them
 * when the store had not loaded the collection (planned then on its indexes' shapes alone).
 */
export async function pushedDownPage(
  source: DocumentSource,
  where: { db: string; col: string; collection: CollectionData; load?: () => Promise<CollectionData> },
  request: PageRequest,
  budget: RequestBudget,
  countUse = true,
): Promise<StorePage> {
  const { sort, test, plan } = checkedQuery(where.collection, request, budget);
  const window = { skip: request.skip, limit: request.limit };
  let selection: Selection | undefined;
  if (sort) {
    // Where the service's planner walks an index for the sort, SQL must have that index's B-tree to do as well.
    const walked = plan.sortServed && plan.stage === 'IXSCAN' ? plan.index?.name : undefined;
    selection = await source.sortedPage(where.db, where.col, { q: request.q, sort, walked }, window);
    if (!selection) {
      const collection = where.collection.loaded || !where.load ? where.collection : await where.load();
      return { ...(await findPageSliced(collection, request, budget, countUse)), inService: true };
    }
  } else {
    // Each candidate costs a step of the budget below: no more are read than it can pay for (and one to exceed it).
    selection = await source.select(where.db, where.col, request.q, window, {
      keyed: keyedIndex(plan),
      atMost: budget.remainingSteps + 1,
    });
  }
  if (countUse) for (const used of plan.branches ?? [plan]) used.index?.countAccess();
  const stats: PlanStats = { keysExamined: 0, docsExamined: 0 };
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
    found = found.slice(request.skip, request.skip + request.limit);
  }
  const documents = withBudget(() => project(found, request.projection), budget);
  return { documents, total, scanned: stats.docsExamined, plan, stats };
}

/**
 * The index of one field the service's planner walks for a query, if it walks one. None when the index is
 * multikey: an array along its path has no sort key, so the store's equality on sort keys would be refused and
 * written as containment anyway, after a snapshot spent on finding that out.
 */
export function keyedIndex(plan: QueryPlan): KeyedIndex | undefined {
  const fields = plan.stage === 'IXSCAN' && !plan.index?.multikey ? plan.index?.fields : undefined;
  return fields?.length === 1 ? { index: plan.index!.name, path: fields[0] } : undefined;
}
