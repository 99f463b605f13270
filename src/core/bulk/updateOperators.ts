import type { JsonObject, JsonValue } from '../json/lossless';
import { isJsonObject } from '../json/lossless';
import { getPath, pathSegments, setPath, unsetPath } from './updatePaths';
import { arrayOperator } from './arrayOperators';
import { UpdateFailure, cloneJson, compareValues, fail, fromInteger, integerOf, isNumber, typeName } from './updateValues';

/*
 * The update operators the local service supports, computed by the extension for a service that has no dry
 * run (issue 25). The unit tests run the same updates through both and compare the results.
 */

export const SUPPORTED_OPERATORS = [
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$push',
  '$pull',
  '$pullAll',
  '$pop',
  '$addToSet',
  '$bit',
  '$currentDate',
  '$setOnInsert',
] as const;

function where(doc: JsonObject, path: string, current: JsonValue): string {
  return `{_id: ${JSON.stringify(doc._id)}} has the field '${path}' of type ${typeName(current)}`;
}

function arithmetic(operator: '$inc' | '$mul', current: JsonValue | undefined, amount: JsonValue, doc: JsonObject, path: string) {
  if (!isNumber(amount))
    fail(`Cannot ${operator === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${JSON.stringify(amount)}}`);
  if (current !== undefined && !isNumber(current))
    fail(`Cannot apply ${operator} to a value of non-numeric type: ${where(doc, path, current)}`);
  const start = current ?? 0;
  const [x, y] = [integerOf(start as number), integerOf(amount as number)];
  if (x !== undefined && y !== undefined) return fromInteger(operator === '$inc' ? x + y : x * y);
  return operator === '$inc' ? Number(start) + Number(amount) : Number(start) * Number(amount);
}

function bitwise(current: JsonValue | undefined, argument: JsonValue, doc: JsonObject, path: string): JsonValue {
  if (current !== undefined && (!isNumber(current) || integerOf(current) === undefined))
    fail(`Cannot apply $bit to a value of non-integral type: ${where(doc, path, current)}`);
  if (!isJsonObject(argument)) fail(`The argument of $bit for '${path}' must be an object such as {and: 5}`);
  let value = current === undefined ? 0n : integerOf(current as number)!;
  for (const [how, operand] of Object.entries(argument as JsonObject)) {
    const bits = isNumber(operand) ? integerOf(operand) : undefined;
    if (bits === undefined) fail(`$bit ${how} needs an integer argument`);
    if (how === 'and') value &= bits!;
    else if (how === 'or') value |= bits!;
    else if (how === 'xor') value ^= bits!;
    else fail(`$bit knows "and", "or" and "xor", not "${how}"`);
  }
  return fromInteger(value);
}

function applyField(result: JsonObject, operator: string, path: string, argument: JsonValue, now: string): void {
  const current = getPath(result, path);
  switch (operator) {
    case '$set':
      return setPath(result, path, cloneJson(argument));
    case '$unset':
      return unsetPath(result, path);
    case '$inc':
    case '$mul':
      return setPath(result, path, arithmetic(operator, current, argument, result, path));
    case '$min':
    case '$max':
      if (current === undefined || compareValues(argument, current) * (operator === '$min' ? -1 : 1) > 0)
        setPath(result, path, cloneJson(argument));
      return;
    case '$rename':
      if (typeof argument !== 'string') fail(`The target of $rename must be a string, not ${JSON.stringify(argument)}`);
      pathSegments(argument as string);
      if (current === undefined) return;
      unsetPath(result, path);
      return setPath(result, argument as string, current);
    case '$bit':
      return setPath(result, path, bitwise(current, argument, result, path));
    case '$currentDate':
      return setPath(result, path, { $date: now });
    default:
      return arrayOperator(result, operator, path, current, argument, (value) => where(result, path, value));
  }
}

/** Two paths of one update that overlap (`a` and `a.b`, or the same path twice) are refused, as the database refuses them. */
function checkConflicts(update: JsonObject): void {
  const seen: string[] = [];
  for (const [operator, fields] of Object.entries(update)) {
    for (const [path, argument] of Object.entries(fields as JsonObject)) {
      const paths = operator === '$rename' && typeof argument === 'string' ? [path, argument] : [path];
      for (const candidate of paths) {
        const clash = seen.find((other) => other === candidate || other.startsWith(`${candidate}.`) || candidate.startsWith(`${other}.`));
        if (clash !== undefined) fail(`Updating the path '${candidate}' would create a conflict at '${clash}'`);
        seen.push(candidate);
      }
    }
  }
}

/** Throws UpdateFailure when the update is wrong whatever the document: the whole preview fails, as the update would. */
export function checkUpdate(update: JsonObject): void {
  const keys = Object.keys(update);
  const operators = keys.filter((key) => key.startsWith('$')).length;
  if (operators > 0 && operators < keys.length)
    fail('An update mixes update operators ($set, $inc, …) with plain fields; use one or the other');
  for (const operator of operators > 0 ? keys : []) {
    if (!(SUPPORTED_OPERATORS as readonly string[]).includes(operator)) fail(`Unknown update operator ${operator}`);
    if (!isJsonObject(update[operator])) fail(`The argument of ${operator} must be an object`);
  }
}

/** The document `update` makes of `doc`: operators applied to a copy, or a replacement that keeps the `_id`. */
export function applyUpdate(doc: JsonObject, update: JsonObject, inserting: boolean, now = new Date().toISOString()): JsonObject {
  checkUpdate(update);
  const isReplacement = !Object.keys(update).some((key) => key.startsWith('$'));
  if (isReplacement) {
    if ('_id' in update && JSON.stringify(update._id) !== JSON.stringify(doc._id))
      fail('_id is immutable: a replacement document cannot change it');
    return { ...('_id' in doc ? { _id: doc._id } : {}), ...cloneJson(update) };
  }
  checkConflicts(update);
  const result = cloneJson(doc);
  for (const [operator, fields] of Object.entries(update)) {
    if (operator === '$setOnInsert' && !inserting) continue;
    for (const [path, argument] of Object.entries(fields as JsonObject)) {
      pathSegments(path);
      applyField(result, operator === '$setOnInsert' ? '$set' : operator, path, argument, now);
    }
  }
  if (JSON.stringify(result._id) !== JSON.stringify(doc._id)) fail('_id is immutable: an update cannot change or remove it');
  return result;
}

export { UpdateFailure };
