import type { Value } from '../../bson/extendedJson';
import { fromExtendedJson, isPlainObject } from '../../bson/extendedJson';
import { badRequest } from '../../errors';
import { comparable } from '../comparable';
import { checkExpressionShape } from '../limits';
import { checkRegexes } from '../regexSafety';
import { checkPath } from '../reservedNames';
import { ALLOWED_OPERATORS, ALLOWED_STAGES, REFUSED_OPERATORS, WRITE_STAGES } from './allowedOperators';
import type { PipelineStage } from './pipelineStage';
import { stageError } from './pipelineStage';
import { checkStageShape } from './stageShapes';

/** Stages in one pipeline (the database allows 1,000; one request of the local service, fewer). */
export const MAX_STAGES = 100;

/** Operators whose argument names a field as a plain string: `{"$getField": "a"}`, `{"$setField": {"field": "a", …}}`. */
const FIELD_NAME_OPERATORS = new Set(['$getField', '$setField', '$unsetField']);

const WALK_DEPTH = 200;

function checkFieldNameArgument(operator: string, argument: Value): void {
  const field = typeof argument === 'string' ? argument : isPlainObject(argument) ? (argument as Record<string, Value>).field : undefined;
  if (typeof field === 'string') checkPath(field, `${operator} names the field`);
}

/**
 * Walks a stage's argument: every operator allowed (none that runs JavaScript), every field name and every
 * `$`-path free of `__proto__`, `constructor` and `prototype`. `$literal` is data, not walked.
 */
function walkExpression(stage: PipelineStage, value: Value, depth: number): void {
  if (depth > WALK_DEPTH) throw stageError(stage, `it is nested deeper than ${WALK_DEPTH} levels`);
  if (typeof value === 'string') {
    if (value.startsWith('$')) checkPath(value.replace(/^\$\$?/, ''), 'The path');
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) walkExpression(stage, item, depth + 1);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [key, item] of Object.entries(value as Record<string, Value>)) {
    if (key.startsWith('$')) {
      const refused = REFUSED_OPERATORS.get(key);
      if (refused) throw stageError(stage, `${key} is refused: ${refused}`);
      if (!ALLOWED_OPERATORS.has(key)) throw stageError(stage, `unknown operator ${key}`);
      if (key === '$literal') continue;
      if (FIELD_NAME_OPERATORS.has(key)) checkFieldNameArgument(key, item);
    } else checkPath(key, 'The field');
    walkExpression(stage, item, depth + 1);
  }
}

function checkStage(stage: PipelineStage, db: string, last: boolean, nested: boolean): void {
  if (!ALLOWED_STAGES.has(stage.name)) throw stageError(stage, `unknown stage; the local service runs ${[...ALLOWED_STAGES].join(', ')}`);
  if (WRITE_STAGES.has(stage.name) && (nested || !last))
    throw stageError(stage, nested ? `${stage.name} cannot be used inside $facet or $lookup` : `${stage.name} must be the last stage`);
  checkStageShape(stage, db);
  try {
    checkSubPipelines(stage, db);
    if (stage.name === '$facet' || stage.name === '$lookup') return walkLookupOptions(stage);
    walkExpression(stage, stage.arg, 0);
    checkRegexes(stage.arg);
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status !== undefined && !(error as Error).message.startsWith('stage ')) throw stageError(stage, (error as Error).message);
    throw error;
  }
}

/** A `$lookup`'s own options other than its pipeline: `let` holds expressions. */
function walkLookupOptions(stage: PipelineStage): void {
  if (stage.name !== '$lookup') return;
  const letVars = (stage.arg as Record<string, Value>).let;
  if (letVars !== undefined) walkExpression(stage, letVars, 0);
}

function checkSubPipelines(stage: PipelineStage, db: string): void {
  if (stage.name === '$facet') {
    for (const [name, pipeline] of Object.entries(stage.arg as Record<string, Value>)) {
      checkPath(name, 'The facet');
      stagesOf(pipeline, `${stage.label} ($facet) facet ${JSON.stringify(name)} `, db, true);
    }
  }
  if (stage.name === '$lookup') {
    const pipeline = (stage.arg as Record<string, Value>).pipeline;
    if (pipeline !== undefined) stagesOf(pipeline, `${stage.label} ($lookup) `, db, true);
  }
}

/** The stages of a (sub-)pipeline, each checked. */
function stagesOf(value: Value, prefix: string, db: string, nested: boolean): PipelineStage[] {
  if (!Array.isArray(value)) throw badRequest(`${prefix ? `${prefix}pipeline` : '"pipeline"'} must be an array of stages`);
  if (value.length > MAX_STAGES) throw badRequest(`A pipeline can have at most ${MAX_STAGES} stages; this one has ${value.length}`);
  return value.map((raw, position) => {
    const label = `${prefix}stage ${position + 1}`;
    const keys = isPlainObject(raw) ? Object.keys(raw as object) : [];
    if (keys.length !== 1) throw badRequest(`${label}: a stage must be an object with exactly one stage name, such as {"$match": {…}}`);
    const stage: PipelineStage = { label, name: keys[0], arg: (raw as Record<string, Value>)[keys[0]] };
    checkStage(stage, db, position === value.length - 1, nested);
    return stage;
  });
}

/**
 * The pipeline of a request, read from extended JSON (`{"$oid"}`, `{"$date"}`) and checked whole before
 * anything runs: known stages and operators, no JavaScript, no prototype paths, linear-time regular
 * expressions, writes last and into `db` only. Stages are counted from 1 in messages.
 */
export function parsePipeline(raw: unknown, db: string): PipelineStage[] {
  if (raw === undefined) throw badRequest('The body needs "pipeline" (an array of stages)');
  const text = typeof raw === 'string' && raw.trimStart().startsWith('[') ? raw : undefined;
  let parsed = raw;
  if (text !== undefined) {
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw badRequest(`"pipeline" is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (!Array.isArray(parsed)) throw badRequest('"pipeline" must be an array of stages, such as [{"$match": {…}}, {"$group": {…}}]');
  const pipeline = comparable(fromExtendedJson(parsed, '"pipeline"'));
  const stages = stagesOf(pipeline, '', db, false);
  checkExpressionShape(pipeline, 'pipeline');
  return stages;
}
