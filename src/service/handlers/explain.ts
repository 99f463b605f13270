import { currentBudget } from '../query/budget';
import type { PageRequest } from '../query/engine';
import { boundsText } from '../query/indexes/planDescription';
import type { PlannedPage } from '../query/slicedScan';
import { findPageSliced } from '../query/slicedScan';
import type { Handler, Reply } from '../http/types';
import { parseListRequest } from './listRequest';
import { keyedIndex, pushedDownPage } from './pushedDownPage';
import type { CollectionData } from '../query/collectionData';
import type { StorePlan } from '../store/accountStore';
import { requireCollection } from './lookup';

/**
 * The plan the documents list would use for the same parameters, run by the same code: the stage (a scan,
 * an index walk or the `_id` lookup), the index and its bounds, and what the run examined and returned.
 * It does not count in the index's usage.
 */
export const explainQuery: Handler = async ({ account, params, query }) => {
  const budget = currentBudget();
  const startedAt = performance.now();
  const data = requireCollection(account, params.db, params.col);
  const request = parseListRequest(query);
  const source = account.store.documents;
  if (!source) return explainReply(`${params.db}.${params.col}`, request, await findPageSliced(data, request, budget, false), startedAt);
  // A sort the store cannot order exactly is explained as the service's planner runs it, on the collection loaded.
  const load = async () =>
    (await account.store.loadCollection?.(params.db, params.col)) ?? requireCollection(account, params.db, params.col);
  const page = await pushedDownPage(source, { db: params.db, col: params.col, collection: data, load }, request, budget, false);
  // A sort the store could not decide was answered by the service's planner: explained as it ran.
  if (page.inService) return explainReply(`${params.db}.${params.col}`, request, page, startedAt);
  const sorted = request.sort !== undefined && Object.keys(request.sort).length > 0;
  const window = { skip: request.skip, limit: request.limit };
  const indexes = data.indexes.map((index) => index.name);
  const plan = await source.explain(
    params.db,
    params.col,
    { q: request.q, sort: sorted ? request.sort : undefined, window, keyed: keyedIndex(page.plan) },
    indexes,
  );
  return storeExplainReply(explainReply(`${params.db}.${params.col}`, request, page, startedAt), plan, data);
};

/**
 * Explain where the store ran the query (PostgreSQL): the same shape, with the stage, index and counts from the
 * store's own plan; `decidedInService` when the service tested the store's candidates (and sorted them).
 */
function storeExplainReply(reply: Reply, plan: StorePlan, data: CollectionData): Reply {
  const body = reply.body as { plan: Record<string, unknown>; keysExamined: number; docsExamined: number };
  const spec = plan.index === undefined ? undefined : data.indexes.find((index) => index.name === plan.index);
  body.plan = {
    stage: plan.stage,
    index: plan.index ?? null,
    key: spec?.key ?? null,
    direction: 'forward',
    bounds: plan.condition ?? null,
    // A sort no index served: PostgreSQL's plan sorts every match (an Incremental Sort only orders ties of an index walk).
    sortInMemory: Object.keys((reply.body as { sort: object }).sort).length > 0 && plan.steps.includes('Sort'),
    countFromIndex: false,
    pageReadInNaturalOrder: plan.exact,
    decidedInService: !plan.exact,
    store: 'postgresql',
    storeSteps: plan.steps,
  };
  body.keysExamined = plan.keysExamined;
  body.docsExamined = plan.docsExamined;
  return reply;
}

/** What explain answers for a find that ran as `page` (also for the leading stages of a pipeline: aggregate.ts). */
export function explainReply(ns: string, request: PageRequest, page: PlannedPage, startedAt: number): Reply {
  const millis = Math.round((performance.now() - startedAt) * 1000) / 1000;
  const { plan } = page;
  const index = plan.stage === 'COLLSCAN' ? undefined : plan.index;
  const sorted = request.sort !== undefined && Object.keys(request.sort).length > 0;
  return {
    body: {
      ns,
      query: request.q,
      sort: request.sort ?? {},
      skip: request.skip,
      limit: request.limit,
      plan: {
        stage: plan.stage,
        index: index?.name ?? null,
        key: index?.spec.key ?? null,
        direction: plan.direction === 1 ? 'forward' : 'backward',
        bounds: boundsText(plan),
        sortInMemory: sorted && plan.stage !== 'IDHACK' && !plan.sortServed,
        countFromIndex: plan.stage !== 'COLLSCAN' && plan.countFromIndex,
        pageReadInNaturalOrder: page.pageReadInNaturalOrder === true,
        // A $or answered by the union of one index walk per branch.
        ...(plan.branches
          ? {
              branches: plan.branches.map((branch) => ({
                index: branch.index!.name,
                key: branch.index!.spec.key,
                bounds: boundsText(branch),
              })),
            }
          : {}),
      },
      keysExamined: page.stats.keysExamined,
      docsExamined: page.stats.docsExamined,
      returned: page.documents.length,
      count: page.total,
      millis,
      candidates: plan.candidates,
      ok: 1,
    },
  };
}
