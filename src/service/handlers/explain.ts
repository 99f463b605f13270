import { currentBudget } from '../query/budget';
import type { PageRequest } from '../query/engine';
import { boundsText } from '../query/indexes/planDescription';
import type { PlannedPage } from '../query/slicedScan';
import { findPageSliced } from '../query/slicedScan';
import type { Handler, Reply } from '../http/types';
import { parseListRequest } from './listRequest';
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
  const page = await findPageSliced(data, request, budget, false);
  return explainReply(`${params.db}.${params.col}`, request, page, startedAt);
};

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
