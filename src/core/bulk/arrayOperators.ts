import type { JsonObject, JsonValue } from '../json/lossless';
import { isJsonObject } from '../json/lossless';
import { setPath } from './updatePaths';
import { cloneJson, compareValues, fail, integerOf, isNumber, sameType, sameValue } from './updateValues';

const COMPARISONS: Record<string, (order: number) => boolean> = {
  $eq: (order) => order === 0,
  $ne: (order) => order !== 0,
  $gt: (order) => order > 0,
  $gte: (order) => order >= 0,
  $lt: (order) => order < 0,
  $lte: (order) => order <= 0,
};

/** Whether an array element is pulled by `condition`: a value, a comparison ({$gte: 5}, $in, $nin) or fields an element must have. */
function pulls(element: JsonValue, condition: JsonValue): boolean {
  if (!isJsonObject(condition) || Object.keys(condition).length === 0) return sameValue(element, condition);
  const keys = Object.keys(condition);
  if (keys.every((key) => key.startsWith('$'))) {
    return keys.every((key) => {
      const operand = condition[key];
      if (key === '$in' || key === '$nin') {
        if (!Array.isArray(operand)) fail(`${key} needs an array`);
        const found = (operand as JsonValue[]).some((item) => sameValue(element, item));
        return key === '$in' ? found : !found;
      }
      const test = COMPARISONS[key];
      if (!test) fail(`The condition ${key} of $pull is computed only by a service with an update preview; this service has none`);
      // Ranges compare values of one type only: {$gte: 5} pulls no string.
      return (key === '$eq' || key === '$ne' || sameType(element, operand)) && test(compareValues(element, operand));
    });
  }
  if (keys.some((key) => key.startsWith('$'))) fail('A $pull condition mixes operators with fields');
  return isJsonObject(element) && keys.every((key) => pulls(element[key] ?? null, condition[key]));
}

function pushed(current: JsonValue[], argument: JsonValue): JsonValue[] {
  if (!isJsonObject(argument) || !('$each' in argument)) return [...current, cloneJson(argument)];
  const { $each: each, $position: position, $slice: slice, $sort: sort } = argument;
  if (!Array.isArray(each)) fail('$each needs an array');
  const at = isNumber(position) ? Number(position) : current.length;
  const start = at < 0 ? Math.max(0, current.length + at) : Math.min(at, current.length);
  let result = [...current.slice(0, start), ...cloneJson(each as JsonValue[]), ...current.slice(start)];
  if (sort !== undefined) {
    const byField = isJsonObject(sort) ? Object.entries(sort) : undefined;
    result = [...result].sort((a, b) => {
      if (!byField) return compareValues(a, b) * Number(sort);
      for (const [field, direction] of byField) {
        const order = compareValues(isJsonObject(a) ? a[field] : undefined, isJsonObject(b) ? b[field] : undefined) * Number(direction);
        if (order !== 0) return order;
      }
      return 0;
    });
  }
  if (isNumber(slice)) {
    const count = Number(slice);
    result = count >= 0 ? result.slice(0, count) : result.slice(Math.max(0, result.length + count));
  }
  return result;
}

/** $push, $addToSet, $pull, $pullAll and $pop on the array at `path`. */
export function arrayOperator(
  result: JsonObject,
  operator: string,
  path: string,
  current: JsonValue | undefined,
  argument: JsonValue,
  where: (value: JsonValue) => string,
): void {
  if (current !== undefined && !Array.isArray(current)) fail(`Cannot apply ${operator} to a non-array value: ${where(current)}`);
  const array = (current ?? []) as JsonValue[];
  switch (operator) {
    case '$push':
      return setPath(result, path, pushed(array, argument));
    case '$addToSet': {
      const items = isJsonObject(argument) && '$each' in argument ? argument.$each : [argument];
      if (!Array.isArray(items)) fail('$each needs an array');
      const next = [...array];
      for (const item of items as JsonValue[]) if (!next.some((existing) => sameValue(existing, item))) next.push(cloneJson(item));
      return setPath(result, path, next);
    }
    case '$pull':
      if (current === undefined) return;
      return setPath(
        result,
        path,
        array.filter((element) => !pulls(element, argument)),
      );
    case '$pullAll':
      if (!Array.isArray(argument)) fail(`$pullAll needs an array for '${path}'`);
      if (current === undefined) return;
      return setPath(
        result,
        path,
        array.filter((element) => !(argument as JsonValue[]).some((item) => sameValue(element, item))),
      );
    case '$pop': {
      const end = isNumber(argument) ? integerOf(argument) : undefined;
      if (end !== 1n && end !== -1n) fail(`$pop needs 1 or -1 for '${path}'`);
      if (current === undefined) return;
      return setPath(result, path, end === 1n ? array.slice(0, -1) : array.slice(1));
    }
    default:
      return fail(`Unknown update operator ${operator}`);
  }
}
