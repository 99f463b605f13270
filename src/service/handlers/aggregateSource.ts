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
    if (!countOnly) return await pushedDownPage(source, where, find, budget);
    // The count of the matches (at most the $limit planned): no document needs reading.
    const page = await pushedDownPage(source, where, { ...find, sort: undefined, limit: 0 }, budget);
    const count = Math.min(page.total, find.limit);
    return { ...page, counted: count === 0 ? [] : [{ [rest[0].arg as string]: count }] };
  } catch (error) {
    throw error instanceof CollectionWanted || planned.length === 0 ? error : inStage(planned[0], error);
  }
}
