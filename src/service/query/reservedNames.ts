import { isPlainObject } from '../bson/extendedJson';
import { badRequest } from '../errors';

/**
 * Field names that name JavaScript's object machinery rather than data. The query engine walks a path
 * with plain property access, so `arr.constructor.prototype.1` reaches the one `Array.prototype` that
 * every account shares, and it takes a value's type from its `constructor` member. The database would
 * store these names as data; the service refuses them in every path and every stored field name.
 */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const MAX_DEPTH = 200;

/** Refuses a dotted path with a reserved segment; `what` says where the path came from, e.g. `the update path`. */
export function checkPath(path: string, what: string): void {
  for (const segment of path.split('.')) {
    if (RESERVED_FIELD_NAMES.has(segment)) {
      throw badRequest(
        `${what} ${JSON.stringify(path)} names "${segment}": the local service refuses "__proto__", "constructor" and "prototype" in field names and paths, because they would reach JavaScript's shared object prototypes`,
      );
    }
  }
}

/** A `$`-string that an expression reads as a field path: `$a.b`, `$$ROOT.a`, `$$this.a`. */
function fieldReferencePath(text: string): string | undefined {
  if (!text.startsWith('$')) return undefined;
  return text.replace(/^\$\$?/, '');
}

/**
 * Checks every field name and path in a query, update, projection or sort, at any depth: member names
 * (dotted or not), and, where `references` is set, `$`-strings that expressions read as field paths.
 * Operator names (`$set`, `$elemMatch`) are not paths; their arguments are walked.
 */
export function checkPathsIn(value: unknown, what: string, references = false, depth = 0): void {
  if (depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    const path = references ? fieldReferencePath(value) : undefined;
    if (path !== undefined) checkPath(path, what);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) checkPathsIn(item, what, references, depth + 1);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const key of Object.keys(value)) {
    if (!key.startsWith('$')) checkPath(key, what);
    // In a query only `$expr` (and the script operators, refused anyway) reads `$`-strings as paths.
    const readsReferences = references || key === '$expr' || key === '$where' || key === '$function';
    checkPathsIn(value[key], what, readsReferences, depth + 1);
  }
}
