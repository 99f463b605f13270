import type { JsonObject } from '../json/lossless';
import { isJsonObject, parseLossless } from '../json/lossless';
import type { ViewState } from './viewState';
import { pageQuery } from './viewState';

/** The most stages a pipeline shown as a table may have (the service refuses far fewer long before). */
const MAX_STAGES = 1000;

/**
 * A pipeline given as lossless JSON text (command arguments are copied as plain JSON, which would round an int64):
 * its stages, or why it is not a pipeline.
 */
export function parsePipelineText(text: unknown): { pipeline: JsonObject[]; error?: undefined } | { pipeline?: undefined; error: string } {
  if (typeof text !== 'string') return { error: 'the pipeline must be JSON text' };
  let value;
  try {
    value = parseLossless(text, { rejectDuplicateKeys: true });
  } catch (error) {
    return { error: `the pipeline is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!Array.isArray(value) || value.length > MAX_STAGES || !value.every(isJsonObject))
    return { error: `the pipeline must be an array of at most ${MAX_STAGES} stage objects` };
  return { pipeline: value as JsonObject[] };
}

/**
 * The stages that give what a view of a pipeline's results shows: the pipeline, then the view's filter as a `$match`,
 * its sort as a `$sort` and its columns as a `$project` (what a view of a collection sends as a find's `q`, `sort` and
 * `fields`). With `page`, a `$skip` of the pages before it; the page size is the request's `limit`.
 */
export function pipelineViewStages(
  pipeline: readonly JsonObject[],
  state: ViewState,
  page: boolean,
): { stages: JsonObject[]; limit: number; error?: undefined } | { stages?: undefined; error: string } {
  const { q, sort, fields, skip, limit, error } = pageQuery(state);
  if (error) return { error };
  const stages: JsonObject[] = [...pipeline];
  if (q && Object.keys(q).length > 0) stages.push({ $match: q });
  if (sort) stages.push({ $sort: sort });
  if (fields) stages.push({ $project: fields });
  if (page && skip > 0) stages.push({ $skip: skip });
  return { stages, limit };
}
