import type { Doc, Value } from '../bson/extendedJson';
import { isPlainObject, valueAtPath } from '../bson/extendedJson';
import { compareNumbers, fitsInt64, storedInteger } from '../bson/int64';
import { badRequest } from '../errors';

const NUMERIC_OPERATORS = ['$inc', '$mul', '$min', '$max'] as const;

const isNumeric = (value: Value | undefined): value is number | bigint => typeof value === 'number' || typeof value === 'bigint';

function exactResult(
  operator: (typeof NUMERIC_OPERATORS)[number],
  current: number | bigint,
  amount: number | bigint,
  path: string,
): number | bigint {
  if (operator === '$min') return compareNumbers(amount, current) < 0 ? amount : current;
  if (operator === '$max') return compareNumbers(amount, current) > 0 ? amount : current;
  const integers = (typeof current === 'bigint' || Number.isInteger(current)) && (typeof amount === 'bigint' || Number.isInteger(amount));
  if (!integers) return operator === '$inc' ? Number(current) + Number(amount) : Number(current) * Number(amount);
  const result = operator === '$inc' ? BigInt(current) + BigInt(amount) : BigInt(current) * BigInt(amount);
  if (!fitsInt64(result)) throw badRequest(`Failed to apply ${operator} to "${path}": the result overflows a 64-bit integer`);
  return storedInteger(result);
}

/**
 * mingo's numeric update operators know only JS numbers (a bigint operand is refused, a bigint field is
 * silently left alone), so where a 64-bit integer is involved the result is computed here, exactly as
 * the database does, and applied as a `$set`. Returns the modifier for mingo. Positional paths ($, $[])
 * are left to mingo.
 */
export function resolveInt64Arithmetic(doc: Doc, modifier: Doc): Doc {
  let sets: Doc | undefined;
  const result: Doc = { ...modifier };
  for (const operator of NUMERIC_OPERATORS) {
    const fields = modifier[operator];
    if (!isPlainObject(fields)) continue;
    const remaining: Doc = {};
    for (const [path, amount] of Object.entries(fields as Doc)) {
      const current = path.includes('$') ? undefined : valueAtPath(doc, path);
      const involvesInt64 = typeof amount === 'bigint' || typeof current === 'bigint';
      if (!involvesInt64 || !isNumeric(amount) || !(isNumeric(current) || current === undefined)) {
        remaining[path] = amount;
        continue;
      }
      const start = current ?? (operator === '$inc' || operator === '$mul' ? 0 : amount);
      sets ??= { ...((modifier.$set as Doc | undefined) ?? {}) };
      sets[path] = operator === '$mul' && current === undefined ? 0 : exactResult(operator, start, amount, path);
    }
    if (Object.keys(remaining).length > 0) result[operator] = remaining;
    else delete result[operator];
  }
  if (sets) result.$set = sets;
  return result;
}
