import type { Doc, Value } from '../bson/extendedJson';
import { isPlainObject, stringifyExtended, valueAtPath } from '../bson/extendedJson';
import { ObjectId } from '../bson/objectId';
import { badRequest } from '../errors';

const isNumeric = (value: Value | undefined): boolean => typeof value === 'number' || typeof value === 'bigint';
const isInteger = (value: Value | undefined): boolean =>
  typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value));

/** The type name the database uses in its messages. */
function typeName(value: Value): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof ObjectId) return 'objectId';
  if (value instanceof Date) return 'date';
  if (typeof value === 'bigint') return 'long';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  if (typeof value === 'object') return 'object';
  return typeof value === 'boolean' ? 'bool' : 'string';
}

const ARRAY_OPERATORS = new Set(['$push', '$addToSet', '$pull', '$pullAll', '$pop']);

/**
 * Refuses, as the database does, an update whose operator cannot apply to the value the document holds:
 * `$inc` or `$mul` on a string, `$push` on something that is not an array, `$bit` on a double. mingo would
 * leave such a field alone without a word, so a bulk update looked done while it changed nothing. A field the
 * document lacks is not checked (the operator creates it); nor are positional paths, which mingo resolves.
 */
export function checkOperandTypes(doc: Doc, modifier: Doc): void {
  for (const [operator, fields] of Object.entries(modifier)) {
    if (!isPlainObject(fields)) continue;
    for (const path of Object.keys(fields)) {
      if (path.includes('$')) continue;
      const current = valueAtPath(doc, path);
      if (current === undefined) continue;
      const where = `{_id: ${stringifyExtended(doc._id)}} has the field '${path}' of type ${typeName(current)}`;
      if ((operator === '$inc' || operator === '$mul') && !isNumeric(current))
        throw badRequest(`Cannot apply ${operator} to a value of non-numeric type: ${where}`);
      if (operator === '$bit' && !isInteger(current)) throw badRequest(`Cannot apply $bit to a value of non-integral type: ${where}`);
      if (ARRAY_OPERATORS.has(operator) && !Array.isArray(current))
        throw badRequest(`Cannot apply ${operator} to a non-array value: ${where}`);
    }
  }
}
