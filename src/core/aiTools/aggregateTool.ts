import { checkPipeline } from '../aggregation/checkPipeline';
import { pipelineWrite } from '../aggregation/pipelineWrite';
import type { DbHostApi } from '../api/types';
import type { JsonObject } from '../json/lossless';
import { isJsonObject, stringifyLossless } from '../json/lossless';
import type { OutgoingRequest } from '../guardrails/requestText';
import { affectedTarget, affectedText } from '../guardrails/requestText';
import { documentsAnswer } from './boundedAnswer';
import { notOffered } from './notOffered';
import type { AggregateMemory } from './aggregateAbsence';
import { unlessAggregateAbsent } from './aggregateAbsence';
import type { PlannedWrite } from './plannedWrite';
import type { AiToolDefinition } from './toolDefinition';
import { COLLECTION, DATABASE, MAX_TOOL_DOCUMENTS } from './toolDefinition';
import { inputObject, optionalInteger, requiredName, requiredObject, ToolInputError } from './toolInput';

export const AGGREGATE_TOOL: AiToolDefinition = {
  name: 'dbhost_aggregate',
  displayName: 'DB Host: run an aggregation pipeline',
  modelDescription: `Runs an aggregation pipeline on a collection: "revenue per region" is [{"$match": {…}}, {"$group": {"_id": "$region", "revenue": {"$sum": "$total"}}}, {"$sort": {"revenue": -1}}]. Returns at most ${MAX_TOOL_DOCUMENTS} result documents (default 20) and 32,000 characters, with the total number of results; when cut it says which "skip" gives the next page. Stages: $match $project $addFields $set $unset $group $sort $limit $skip $unwind $count $facet $bucket $bucketAuto $sortByCount $replaceRoot $replaceWith $sample, $lookup (a collection of the same database). JavaScript ($where, $function, $accumulator) is refused. A last stage $out or $merge writes the results into a collection of the same database: the account's guardrails decide (Read-only refuses and sends nothing; Confirm writes shows the user the target first). Example: {"database": "shop", "collection": "orders", "pipeline": [{"$group": {"_id": "$status", "n": {"$sum": 1}}}]}.`,
  inputSchema: {
    type: 'object',
    properties: {
      database: DATABASE,
      collection: COLLECTION,
      pipeline: { type: 'array', items: { type: 'object' }, description: 'The stages, each an object with one key, the stage name.' },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_TOOL_DOCUMENTS,
        description: `Result documents to return, 1 to ${MAX_TOOL_DOCUMENTS}; default 20.`,
      },
      skip: { type: 'integer', minimum: 0, description: 'Result documents to skip first (paging); default 0.' },
    },
    required: ['database', 'collection', 'pipeline'],
  },
  write: false,
  mayWrite: true,
};

const KEYS = ['database', 'collection', 'pipeline', 'limit', 'skip'];

/** The checked input: names, pipeline (every problem refused before anything is sent, the first named), page. */
function aggregateInput(input: unknown) {
  const members = inputObject(input, KEYS);
  const db = requiredName(members, 'database');
  const col = requiredName(members, 'collection');
  const given = members.pipeline;
  if (!Array.isArray(given)) throw new ToolInputError('"pipeline" is required: an array of stages, e.g. [{"$match": {"status": "paid"}}].');
  // Each stage is checked as a tool's objects are (prototype names, Unicode), then as a pipeline.
  const pipeline = given.map((stage: unknown, index) => requiredObject({ [`pipeline[${index}]`]: stage }, `pipeline[${index}]`));
  const problems = checkPipeline(pipeline, { database: db });
  if (problems.length > 0)
    throw new ToolInputError(
      `${problems[0]!.message}.${problems.length > 1 ? ` (${problems.length - 1} more problem${problems.length > 2 ? 's' : ''} after it.)` : ''} Nothing was sent.`,
    );
  const skip = optionalInteger(members, 'skip', 0, Number.MAX_SAFE_INTEGER, 0);
  const limit = optionalInteger(members, 'limit', 1, MAX_TOOL_DOCUMENTS, 20);
  return { db, col, pipeline, skip, limit };
}

/** Whether this call of dbhost_aggregate writes ($out/$merge): it then goes through the guardrails as a write. */
export function aggregateWrites(input: unknown): boolean {
  return isJsonObject(input) && pipelineWrite(input.pipeline) !== undefined;
}

/** A pipeline that only reads: one page of its results (or, on a service without aggregation, a sentence saying so). */
export async function runAggregate(api: DbHostApi, input: unknown, memory: AggregateMemory): Promise<string> {
  const { db, col, pipeline, skip, limit } = aggregateInput(input);
  if (pipelineWrite(pipeline)) throw new Error('This pipeline writes ($out/$merge): it goes through the guardrails as a write.');
  const paged: JsonObject[] = skip > 0 ? [...pipeline, { $skip: skip }] : pipeline;
  const page = await unlessAggregateAbsent(memory, () => api.aggregate(db, col, paged, { limit }));
  if (typeof page === 'string') return page;
  const total = page.total === undefined ? undefined : page.total + skip;
  return documentsAnswer({
    database: db,
    collection: `${col} (pipeline results)`,
    documents: page.documents,
    total,
    skip,
    pipelineResults: true,
  });
}

/**
 * A pipeline whose last stage writes: the exact request, what it affects, and its sending. `memory`: the caller's
 * memory of the service's aggregation, when it keeps one (a service without it gets nothing sent).
 */
export function planAggregateWrite(input: unknown, memory?: AggregateMemory): PlannedWrite {
  const { db, col, pipeline } = aggregateInput(input);
  const write = pipelineWrite(pipeline)!;
  const target = `${write.db ?? db}.${write.collection}`;
  const request: OutgoingRequest = {
    method: 'POST',
    path: `/databases/${encodeURIComponent(db)}/collections/${encodeURIComponent(col)}/aggregate`,
    body: { pipeline },
  };
  // A collection that does not exist yet holds nothing: $out and $merge create it.
  const holds = async (api: DbHostApi) => {
    const counted = await notOffered(() => api.listDocuments(write.db ?? db, write.collection, { limit: 1 }), 'The target');
    return typeof counted === 'string' ? 0 : counted.total;
  };
  return {
    tool: AGGREGATE_TOOL.name,
    request,
    summary: `Run a pipeline on ${db}.${col} that writes its results into ${target} with ${write.stage}`,
    affected: async (api) => affectedText(affectedTarget(request), await holds(api)),
    send: async (api) => {
      const answer = memory
        ? await unlessAggregateAbsent(memory, () => api.aggregate(db, col, pipeline))
        : await api.aggregate(db, col, pipeline);
      if (typeof answer === 'string') return answer;
      const now = await holds(api).catch(() => undefined);
      return `Ran the pipeline on ${db}.${col}; ${write.stage} wrote its results into ${target}${now === undefined ? '' : `, which now holds ${now} document${now === 1 ? '' : 's'}`}. The service answered ${stringifyLossless(answer.documents).slice(0, 200)}.`;
    },
  };
}
