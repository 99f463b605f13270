import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../core/api/limits';
import { bsonSize, MAX_BSON_BYTES } from '../bson/bsonSize';
import type { Doc } from '../bson/extendedJson';
import { badRequest } from '../errors';
import type { Body } from '../http/params';
import type { Handler, RequestContext } from '../http/types';
import { notePlan } from '../activity/slowQueryLog';
import { MAX_REQUEST_MS, MAX_WORK_STEPS, RequestBudget, withBudget } from '../query/budget';
import type { PageRequest } from '../query/engine';
import { planSummary } from '../query/indexes/planDescription';
import { findPageSliced } from '../query/slicedScan';
import { WRITE_STAGES } from '../query/aggregation/allowedOperators';
import { MemoryMeter } from '../query/aggregation/memoryMeter';
import type { PipelineStage } from '../query/aggregation/pipelineStage';
import { inStage } from '../query/aggregation/pipelineStage';
import type { PipelineContext } from '../query/aggregation/runPipeline';
import { runStages } from '../query/aggregation/runPipeline';
import { parsePipeline } from '../query/aggregation/validatePipeline';
import { writePipelineResults } from './aggregateWrites';
import { leadingPage } from './aggregateSource';
import { COUNT_HEADER, LEGACY_COUNT_HEADER } from './documents';
import { explainReply } from './explain';
import { elapsed, logValue, requireCollection, requireDatabase } from './lookup';

/*
 * POST …/aggregate (issue 31): `{"pipeline": [...], "limit": N, "explain": false}`. The leading `$match`
 * (then `$sort`, then `$limit`) is planned and read as the documents list reads a find; the other stages
 * run in the query engine, in slices, under one budget of work and time and a memory limit per stage.
 * The answer is the first `limit` results (extended JSON) with the count of all of them in X-Service-Count.
 */

const PIPELINE_NARROWING = {
  what: 'the pipeline',
  how: 'a more selective leading $match on an indexed field, a $limit, fewer or smaller expressions',
};

interface AggregateRequest {
  stages: PipelineStage[];
  limit: number;
  explain: boolean;
}

function parseLimit(body: Body): number {
  const raw = body.limit;
  if (raw === undefined || raw === null) return DEFAULT_PAGE_SIZE;
  const limit = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) throw badRequest('"limit" must be a non-negative integer');
  if (limit > MAX_PAGE_SIZE)
    throw badRequest(
      `"limit" may be at most ${MAX_PAGE_SIZE}, the most result documents one answer holds (the result page limit); read further pages with $skip and $limit stages at the end of the pipeline`,
    );
  return limit === 0 ? MAX_PAGE_SIZE : limit;
}

function parseRequest(body: Body, db: string): AggregateRequest {
  const flag = body.explain ?? false;
  if (![true, false, 'true', 'false'].includes(flag as boolean)) throw badRequest('"explain" must be true or false');
  return { stages: parsePipeline(body.pipeline, db), limit: parseLimit(body), explain: flag === true || flag === 'true' };
}

/** The leading `$match`, `$sort` and `$limit` as the find the documents list would run, and the stages left. */
function leadingFind(stages: PipelineStage[]): { find: PageRequest; planned: PipelineStage[]; rest: PipelineStage[] } {
  const find: PageRequest = { q: {}, skip: 0, limit: Number.MAX_SAFE_INTEGER };
  let at = 0;
  if (stages[at]?.name === '$match') find.q = stages[at++].arg as Doc;
  if (stages[at]?.name === '$sort') find.sort = stages[at++].arg as Doc;
  if (at > 0 && stages[at]?.name === '$limit') find.limit = stages[at++].arg as number;
  return { find, planned: stages.slice(0, at), rest: stages.slice(at) };
}

/** Reads a collection of the request's database (of the request's account only) as a find reads it; none when it does not exist. */
function collectionReader(context: RequestContext, budget: RequestBudget): PipelineContext['readCollection'] {
  return async (name) => {
    const data = requireDatabase(context.account, context.params.db).collections.get(name);
    if (!data) return [];
    return (await findPageSliced(data, { q: {}, skip: 0, limit: Number.MAX_SAFE_INTEGER }, budget)).documents;
  };
}

function logAggregate(context: RequestContext, planned: string, results: number, startedAt: number): void {
  const { account, params, thread, body } = context;
  account.logOperation(
    params.db,
    thread,
    () =>
      `command ${params.db}.$cmd command: { aggregate: ${logValue(params.col)}, pipeline: ${logValue(body.pipeline)} } planSummary: ${planned} nreturned:${results} ${elapsed(startedAt)}`,
    false,
  );
}

export const aggregate: Handler = async (context) => {
  const { account, params } = context;
  const startedAt = performance.now();
  const budget = new RequestBudget(MAX_WORK_STEPS, MAX_REQUEST_MS, PIPELINE_NARROWING);
  const request = withBudget(() => parseRequest(context.body, params.db), budget);
  const data = requireCollection(account, params.db, params.col);
  const leading = leadingFind(request.stages);
  const { find, planned, rest } = leading;
  const page = await leadingPage(context, data, leading, budget, request.explain);
  if (request.explain) {
    // A limit of 0: no $limit was planned with the leading stages.
    const shown = { ...find, limit: find.limit === Number.MAX_SAFE_INTEGER ? 0 : find.limit };
    const reply = explainReply(`${params.db}.${params.col}`, shown, page, startedAt);
    const stages = { planned: planned.map((stage) => stage.name), after: rest.map((stage) => stage.name) };
    return { body: { ...(reply.body as Doc), stages } };
  }
  notePlan(context, {
    planSummary: planSummary(page.plan),
    keysExamined: page.stats.keysExamined,
    docsExamined: page.stats.docsExamined,
    nreturned: page.documents.length,
  });
  const pipeline: PipelineContext = { budget, meter: new MemoryMeter(), readCollection: collectionReader(context, budget) };
  const results = page.counted ?? (await runStages(page.documents, rest, pipeline));
  logAggregate(context, planSummary(page.plan), results.length, startedAt);
  const last = request.stages[request.stages.length - 1];
  if (last && WRITE_STAGES.has(last.name)) return writeResults(context, last, results, budget, startedAt);
  const shown = results.slice(0, request.limit).map(idFirst);
  withBudget(() => checkResultSizes(shown), budget);
  return { body: shown, headers: { [COUNT_HEADER]: String(results.length), [LEGACY_COUNT_HEADER]: String(results.length) } };
};

/** Each result document within the database's 16 MB, as the database refuses a larger one in a result. */
function checkResultSizes(shown: Doc[]): void {
  shown.forEach((doc, position) => {
    const size = bsonSize(doc);
    if (size > MAX_BSON_BYTES)
      throw badRequest(
        `result ${position + 1} would be ${(size / 1024 / 1024).toFixed(1)} MB of BSON, over the database's 16 MB limit for one document; narrow the pipeline: $project fewer fields, or $limit before a $group that pushes documents`,
      );
  });
}

/** `_id` first, as the documents list shows documents (some stages of the engine put it last). */
function idFirst(doc: Doc): Doc {
  const keys = Object.keys(doc);
  if (keys.length < 2 || keys[0] === '_id' || !keys.includes('_id')) return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

/** `$out`/`$merge`: a write like any other (durable, logged as one, counted in the statistics); the answer holds no documents. */
function writeResults(context: RequestContext, stage: PipelineStage, results: Doc[], budget: RequestBudget, startedAt: number) {
  const { account, params, thread } = context;
  const write = withBudget(() => {
    try {
      return writePipelineResults(account, params.db, stage, results);
    } catch (error) {
      throw inStage(stage, error);
    }
  }, budget);
  const verb = stage.name === '$out' ? 'insert' : 'update';
  account.logOperation(
    params.db,
    thread,
    `${verb} ${params.db}.${write.target} ${stage.name} from ${params.db}.${params.col} nwritten:${write.written} nremoved:${write.removed} ${elapsed(startedAt)}`,
    true,
  );
  return {
    body: [],
    headers: { [COUNT_HEADER]: '0', [LEGACY_COUNT_HEADER]: '0', 'X-Service-Written': String(write.written), ...write.rules.headers() },
  };
}
