import type { Doc } from '../bson/extendedJson';
import type { RequestContext } from '../http/types';
import type { RequestBudget } from '../query/budget';
import type { CollectionData } from '../query/collectionData';
import type { PageRequest } from '../query/engine';
import type { PipelineStage } from '../query/aggregation/pipelineStage';
import { inStage } from '../query/aggregation/pipelineStage';
import type { PlannedPage } from '../query/slicedScan';
import { findPageSliced } from '../query/slicedScan';
import { CollectionWanted } from '../store/storeIndexBuilds';
import { pushedDownPage } from './pushedDownPage';

/** The pipeline's leading stages as a find (aggregate.ts leadingFind), and those left after them. */
export interface LeadingFind {
  find: PageRequest;
  planned: PipelineStage[];
  rest: PipelineStage[];
}

/** Stages that examine every document they are given, each costing at least a step of the request's budget. */
const EXAMINE_EACH = new Set([
  '$group',
  '$sortByCount',
  '$sort',
  '$sample',
  '$bucket',
  '$bucketAuto',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$unwind',
  '$replaceRoot',
  '$replaceWith',
  '$lookup',
]);

/**
 * How many of the leading stages' documents the stages after them can use: those a `$limit` (after any `$skip`)
 * keeps, or, before a stage that examines each document, one more than the budget lets it examine (it is refused
 * then, with the error it gives where the store holds the collection in memory). A read from PostgreSQL reads no
 * more, so a pipeline over a whole large collection never brings every row into the request's memory.
 */
function documentsUsed(rest: PipelineStage[], budget: RequestBudget): number {
  let skipped = 0;
  for (const stage of rest) {
    if (stage.name === '$skip') skipped += stage.arg as number;
    else if (stage.name === '$limit') return skipped + (stage.arg as number);
    else if (EXAMINE_EACH.has(stage.name)) return skipped + budget.remainingSteps + 1;
    else break;
  }
  return Number.MAX_SAFE_INTEGER;
}

/**
 * The documents the leading `$match`, `$sort` and `$limit` select, read as the documents list reads a find: where the
 * store keeps them (PostgreSQL) when it has not loaded the collection, else by the service's planner. A pipeline that
 * is only a `$count` after them reads just the count from the store (`counted`). What the store cannot answer (a sort
 * it has no exact order for; an explain, which plans on the documents) has the request run again with the collection
 * loaded. Errors of the leading stages name the first of them.
 */
export async function leadingPage(
  context: RequestContext,
  data: CollectionData,
  { find, planned, rest }: LeadingFind,
  budget: RequestBudget,
  explain: boolean,
): Promise<PlannedPage & { counted?: Doc[] }> {
  const { account, params } = context;
  const source = account.store.documents;
  try {
    if (!source || data.loaded) return await findPageSliced(data, find, budget, !explain, explain);
    if (explain) throw new CollectionWanted(params.db, params.col);
    const load = () => Promise.reject(new CollectionWanted(params.db, params.col));
    const where = { db: params.db, col: params.col, collection: data, load };
    const countOnly = rest.length === 1 && rest[0].name === '$count' && find.skip === 0;
    if (!countOnly)
      return await pushedDownPage(source, where, { ...find, limit: Math.min(find.limit, documentsUsed(rest, budget)) }, budget);
    // The count of the matches (at most the $limit planned): no document needs reading.
    const page = await pushedDownPage(source, where, { ...find, sort: undefined, limit: 0 }, budget);
    const count = Math.min(page.total, find.limit);
    return { ...page, counted: count === 0 ? [] : [{ [rest[0].arg as string]: count }] };
  } catch (error) {
    throw error instanceof CollectionWanted || planned.length === 0 ? error : inStage(planned[0], error);
  }
}
