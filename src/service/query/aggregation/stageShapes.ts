import type { Value } from '../../bson/extendedJson';
import { isPlainObject } from '../../bson/extendedJson';
import { checkCollectionName } from '../../names';
import { checkPath } from '../reservedNames';
import { SHAPE_LIMITS } from '../limits';
import type { PipelineStage } from './pipelineStage';
import { stageError } from './pipelineStage';

/*
 * What each stage's argument must look like, checked before anything runs; the expressions inside are
 * walked by validatePipeline.ts.
 */

const isInteger = (value: Value): value is number => typeof value === 'number' && Number.isInteger(value);

function requireObject(stage: PipelineStage, what = 'an object'): Record<string, Value> {
  if (!isPlainObject(stage.arg)) throw stageError(stage, `the argument must be ${what}`);
  return stage.arg as Record<string, Value>;
}

function checkNamePath(stage: PipelineStage, value: Value, what: string): void {
  if (typeof value !== 'string' || value.length === 0) throw stageError(stage, `${what} must be a non-empty string`);
  if (value.startsWith('$')) throw stageError(stage, `${what} names a field and cannot start with "$"`);
  try {
    checkPath(value, what);
  } catch (error) {
    throw stageError(stage, (error as Error).message);
  }
}

function checkFieldPath(stage: PipelineStage, value: Value, what: string): void {
  if (typeof value !== 'string' || !value.startsWith('$') || value.length < 2)
    throw stageError(stage, `${what} must be a field path starting with "$", such as "$items"`);
}

/** `$out` and `$merge` write only into the request's own database. */
export function writeTarget(stage: PipelineStage, db: string): string {
  const into = stage.name === '$merge' && isPlainObject(stage.arg) ? (stage.arg as Record<string, Value>).into : stage.arg;
  let collection: Value = into;
  if (isPlainObject(into)) {
    const target = into as Record<string, Value>;
    if (target.db !== undefined && target.db !== db)
      throw stageError(
        stage,
        `it may write only into a collection of database "${db}", the database of the request; another database is refused`,
      );
    collection = target.coll;
  }
  if (typeof collection !== 'string')
    throw stageError(stage, `it needs the name of the collection to write into, as a string or {"db": "${db}", "coll": "<name>"}`);
  try {
    checkCollectionName(db, collection);
  } catch (error) {
    throw stageError(stage, (error as Error).message);
  }
  return collection;
}

/** `on`: a field or a list of distinct fields that identify a target document (a unique index on them is checked when it writes). */
function checkMergeOn(stage: PipelineStage, on: Value): void {
  const fields = Array.isArray(on) ? on : [on];
  if (fields.length === 0 || fields.length > SHAPE_LIMITS.sortKeys)
    throw stageError(stage, `"on" must be a field or a list of 1 to ${SHAPE_LIMITS.sortKeys} fields, such as "sku" or ["region", "month"]`);
  for (const field of fields) checkNamePath(stage, field, 'each field of "on"');
  if (new Set(fields).size !== fields.length) throw stageError(stage, '"on" names a field more than once');
}

function checkMerge(stage: PipelineStage, db: string): void {
  if (isPlainObject(stage.arg)) {
    const { on, whenMatched, whenNotMatched, let: letVars } = stage.arg as Record<string, Value>;
    if (on !== undefined) checkMergeOn(stage, on);
    if (whenMatched !== undefined && !['replace', 'keepExisting', 'merge', 'fail'].includes(whenMatched as string))
      throw stageError(stage, '"whenMatched" must be "replace", "keepExisting", "merge" or "fail" (an update pipeline is not supported)');
    if (whenNotMatched !== undefined && !['insert', 'discard', 'fail'].includes(whenNotMatched as string))
      throw stageError(stage, '"whenNotMatched" must be "insert", "discard" or "fail"');
    if (letVars !== undefined) throw stageError(stage, '"let" is not supported (it serves update pipelines)');
  }
  writeTarget(stage, db);
}

function checkLookup(stage: PipelineStage): void {
  const arg = requireObject(stage, 'an object with "from", "as" and either "localField"/"foreignField" or "pipeline"');
  if (isPlainObject(arg.from)) throw stageError(stage, '"from" must name a collection of the same database; another database is refused');
  if (arg.from !== undefined) checkNamePath(stage, arg.from, '"from"');
  else if (arg.pipeline === undefined) throw stageError(stage, '"from" must name a collection of the same database');
  checkNamePath(stage, arg.as, '"as"');
  const joined = arg.localField !== undefined || arg.foreignField !== undefined;
  if (joined) {
    checkNamePath(stage, arg.localField, '"localField"');
    checkNamePath(stage, arg.foreignField, '"foreignField"');
  }
  if (arg.pipeline !== undefined && !Array.isArray(arg.pipeline)) throw stageError(stage, '"pipeline" must be an array of stages');
  if (!joined && arg.pipeline === undefined) throw stageError(stage, 'it needs "localField" and "foreignField", or a "pipeline"');
  if (arg.let !== undefined && !isPlainObject(arg.let)) throw stageError(stage, '"let" must be an object');
}

function checkSort(stage: PipelineStage): void {
  const arg = requireObject(stage, 'an object such as {"amount": -1}');
  const keys = Object.keys(arg);
  if (keys.length === 0) throw stageError(stage, 'a sort needs at least one field');
  if (keys.length > SHAPE_LIMITS.sortKeys) throw stageError(stage, `a sort can have at most ${SHAPE_LIMITS.sortKeys} keys`);
  for (const key of keys) if (arg[key] !== 1 && arg[key] !== -1) throw stageError(stage, `the direction of "${key}" must be 1 or -1`);
}

function checkUnwind(stage: PipelineStage): void {
  if (typeof stage.arg === 'string') return checkFieldPath(stage, stage.arg, 'the path');
  const arg = requireObject(stage, 'a field path such as "$items" or an object with "path"');
  checkFieldPath(stage, arg.path, '"path"');
  if (arg.includeArrayIndex !== undefined) checkNamePath(stage, arg.includeArrayIndex, '"includeArrayIndex"');
  if (arg.preserveNullAndEmptyArrays !== undefined && typeof arg.preserveNullAndEmptyArrays !== 'boolean')
    throw stageError(stage, '"preserveNullAndEmptyArrays" must be true or false');
}

function checkCount(stage: PipelineStage, value: Value, what: string): void {
  checkNamePath(stage, value, what);
  if ((value as string).includes('.')) throw stageError(stage, `${what} cannot contain "."`);
}

/** Checks the shape of one stage's argument (the stage name is known to be allowed). */
export function checkStageShape(stage: PipelineStage, db: string): void {
  const { name, arg } = stage;
  switch (name) {
    case '$match':
    case '$project':
    case '$addFields':
    case '$set':
    case '$facet':
      requireObject(stage);
      if (name !== '$match' && Object.keys(stage.arg as object).length === 0) throw stageError(stage, 'the argument cannot be empty');
      return;
    case '$unset':
      for (const field of Array.isArray(arg) ? arg : [arg]) checkNamePath(stage, field, 'each field to remove');
      return;
    case '$group':
      if (!('_id' in requireObject(stage))) throw stageError(stage, 'a $group needs an "_id" (null for one group of everything)');
      return;
    case '$bucket':
      if (!Array.isArray(requireObject(stage).boundaries))
        throw stageError(stage, 'a $bucket needs "groupBy" and an array of "boundaries"');
      return;
    case '$bucketAuto':
      if (!isInteger(requireObject(stage).buckets)) throw stageError(stage, 'a $bucketAuto needs "groupBy" and an integer "buckets"');
      return;
    case '$sort':
      return checkSort(stage);
    case '$limit':
    case '$skip':
      if (!isInteger(arg) || arg < (name === '$limit' ? 1 : 0))
        throw stageError(stage, `the argument must be ${name === '$limit' ? 'a positive' : 'a non-negative'} integer`);
      return;
    case '$sample': {
      const size = requireObject(stage, 'an object such as {"size": 10}').size;
      if (!isInteger(size) || size < 0) throw stageError(stage, '"size" must be a non-negative integer');
      return;
    }
    case '$count':
      return checkCount(stage, arg, 'the name of the count field');
    case '$unwind':
      return checkUnwind(stage);
    case '$lookup':
      return checkLookup(stage);
    case '$replaceRoot':
      if (requireObject(stage, 'an object with "newRoot"').newRoot === undefined) throw stageError(stage, 'it needs "newRoot"');
      return;
    case '$out':
      writeTarget(stage, db);
      return;
    case '$merge':
      return checkMerge(stage, db);
  }
}
