import type { Doc, Value } from '../../bson/extendedJson';
import { ObjectId } from '../../bson/objectId';
import { badRequest } from '../../errors';
import { spendWork } from '../budget';
import { RESERVED_FIELD_NAMES } from '../reservedNames';

/** Operators that build field names from data while the pipeline runs, where no check beforehand can see them. */
const NAME_BUILDERS = ['$arrayToObject', '$setField'];

export const buildsNames = (arg: Value): boolean => NAME_BUILDERS.some((name) => JSON.stringify(arg ?? null).includes(`"${name}"`));

function checkValue(value: unknown, depth: number): void {
  if (depth > 200 || value === null || typeof value !== 'object' || value instanceof ObjectId || value instanceof Date) return;
  spendWork(1, 'checking built field names');
  if (Array.isArray(value)) {
    for (const item of value) checkValue(item, depth + 1);
    return;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null)
    throw badRequest(
      'it built a field named "__proto__"; the local service refuses "__proto__", "constructor" and "prototype" as field names',
    );
  for (const [key, item] of Object.entries(value)) {
    if (RESERVED_FIELD_NAMES.has(key))
      throw badRequest(
        `it built a field named "${key}"; the local service refuses "__proto__", "constructor" and "prototype" as field names`,
      );
    checkValue(item, depth + 1);
  }
}

/** Refuses documents in which a stage built a reserved field name (from `$arrayToObject` or `$setField` on data). */
export function checkBuiltNames(docs: readonly Doc[]): void {
  for (const doc of docs) checkValue(doc, 0);
}
