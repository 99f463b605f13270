import type { JsonObject, JsonValue } from '../json/lossless';
import { LosslessNumber, isJsonObject } from '../json/lossless';

/** What a preview of a bulk update is asked for: the bulk update's own members and how many documents to show. */
export interface UpdatePreviewRequest {
  criteria: JsonObject;
  object: JsonObject;
  upsert?: boolean;
  multi?: boolean;
  /** At most 20. */
  sample?: number;
}

/** One sampled document: as it is, and what the update makes of it or why the update would fail on it. */
export type PreviewItem = { _id: JsonValue; before: JsonObject; after: JsonObject } | { _id: JsonValue; before: JsonObject; error: string };

export interface UpdatePreview {
  /** How many documents the criteria match. */
  matched: number;
  /** Spread across the match (the first match only for a single update). */
  sample: PreviewItem[];
  /** The document an upsert would insert, when nothing matches. */
  upsert?: { after: JsonObject } | { error: string };
  /** Who computed `after`: the service's own engine (its dry run) or the extension's (a service without one). */
  computedBy: 'service' | 'extension';
}

/** Why a dry run's answer is not in the shape of contract 4, or undefined when it is. */
function problemOf(value: JsonValue | undefined): string | undefined {
  if (!isJsonObject(value)) return 'not a JSON object';
  const matched = value.matched instanceof LosslessNumber ? Number(value.matched.text) : value.matched;
  if (typeof matched !== 'number' || !Number.isInteger(matched) || matched < 0) return '"matched" is not a count';
  if (!Array.isArray(value.sample)) return '"sample" is not a list';
  for (const item of value.sample) {
    if (!isJsonObject(item) || !isJsonObject(item.before)) return 'a sampled document has no "before"';
    if (!isJsonObject(item.after) && typeof item.error !== 'string') return 'a sampled document has neither "after" nor "error"';
  }
  const upsert = value.upsert;
  if (upsert !== undefined && !(isJsonObject(upsert) && (isJsonObject(upsert.after) || typeof upsert.error === 'string')))
    return '"upsert" has neither "after" nor "error"';
  return undefined;
}

/** The dry run's answer as an {@link UpdatePreview}; throws with the reason when it is not one. */
export function toUpdatePreview(value: JsonValue | undefined): UpdatePreview {
  const problem = problemOf(value);
  if (problem) throw new Error(`The service's update preview is not in the expected shape: ${problem}`);
  const answer = value as JsonObject;
  const sample = (answer.sample as JsonObject[]).map((item): PreviewItem => {
    const before = item.before as JsonObject;
    const _id = item._id ?? before._id ?? null;
    return isJsonObject(item.after) ? { _id, before, after: item.after } : { _id, before, error: item.error as string };
  });
  const matched = answer.matched instanceof LosslessNumber ? Number(answer.matched.text) : (answer.matched as number);
  const upsert = answer.upsert as UpdatePreview['upsert'];
  return { matched, sample, ...(upsert ? { upsert } : {}), computedBy: 'service' };
}
