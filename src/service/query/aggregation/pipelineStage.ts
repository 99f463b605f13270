import type { Value } from '../../bson/extendedJson';
import type { HttpError } from '../../errors';
import { badRequest } from '../../errors';

/** One stage of a pipeline: its place counted from 1 (as messages name it), its name and its argument. */
export interface PipelineStage {
  /** "stage 2" or, inside a `$facet` or `$lookup`, "stage 2 ($facet) facet \"byRegion\" stage 1". */
  label: string;
  name: string;
  arg: Value;
}

export const stageLabel = (stage: Pick<PipelineStage, 'label' | 'name'>): string => `${stage.label} (${stage.name})`;

/** A 400 naming the stage and what is wrong with it: `stage 2 ($group): <what is wrong>`. */
export function stageError(stage: Pick<PipelineStage, 'label' | 'name'>, message: string): HttpError {
  return badRequest(`${stageLabel(stage)}: ${message}`);
}

/** An error met while a stage ran, with the stage named in front (a 4xx keeps its status). */
export function inStage(stage: Pick<PipelineStage, 'label' | 'name'>, error: unknown): unknown {
  const status = (error as { status?: number }).status;
  const prefix = `${stageLabel(stage)}: `;
  if (status !== undefined && status >= 400 && status < 500) {
    const http = error as HttpError;
    if (!http.message.startsWith(`${stage.label} `) && !http.message.startsWith('stage ')) http.message = prefix + http.message;
    return http;
  }
  if (status !== undefined) return error;
  // The query engine throws for arguments it cannot use: the caller's mistake.
  const message = error instanceof RangeError ? 'it is too deeply nested' : (error as Error)?.message;
  return badRequest(`${prefix}${message ?? String(error)}`);
}

/** The stages of a sub-pipeline that parsePipeline has already checked (a `$facet`'s), labelled as its messages name them. */
export function checkedStages(pipeline: Value, prefix: string): PipelineStage[] {
  return (pipeline as Record<string, Value>[]).map((raw, position) => {
    const name = Object.keys(raw)[0];
    return { label: `${prefix}stage ${position + 1}`, name, arg: raw[name] };
  });
}
