import type { Doc, Value } from '../bson/extendedJson';
import { cloneValue, isPlainObject, valueAtPath, valueKey } from '../bson/extendedJson';

/**
 * `$addToSet` as the database applies it: each new value appended unless the array holds an equal one, the
 * array otherwise left as it is. mingo deduplicates the whole array instead, so a value already held twice
 * made it drop the copy (or, with nothing else removed, skip the new value). Non-positional paths are
 * resolved here into a `$set`; positional ones are left to mingo.
 */
export function resolveAddToSet(doc: Doc, modifier: Doc): Doc {
  const fields = modifier.$addToSet;
  if (!isPlainObject(fields)) return modifier;
  const sets: Doc = { ...((modifier.$set as Doc | undefined) ?? {}) };
  const remaining: Doc = {};
  for (const [path, spec] of Object.entries(fields)) {
    const current = path.includes('$') ? undefined : valueAtPath(doc, path);
    const items = isPlainObject(spec) && '$each' in spec ? spec.$each : [spec];
    if (path.includes('$') || path in sets || (current !== undefined && !Array.isArray(current)) || !Array.isArray(items)) {
      remaining[path] = spec;
      continue;
    }
    const next: Value[] = [...((current as Value[] | undefined) ?? [])];
    const held = new Set(next.map(valueKey));
    for (const item of items) {
      if (held.has(valueKey(item))) continue;
      held.add(valueKey(item));
      next.push(cloneValue(item));
    }
    sets[path] = next;
  }
  // Operators apply in the order the update names them, so the resolved values take the place of $addToSet.
  const resolved = Object.fromEntries(Object.entries(sets).filter(([path]) => !(path in ((modifier.$set as Doc | undefined) ?? {}))));
  const result: Doc = {};
  for (const [operator, argument] of Object.entries(modifier)) {
    if (operator === '$addToSet') {
      result.$set = { ...((result.$set as Doc | undefined) ?? {}), ...resolved };
      if (Object.keys(remaining).length > 0) result.$addToSet = remaining;
    } else if (operator === '$set') result.$set = { ...((result.$set as Doc | undefined) ?? {}), ...(argument as Doc) };
    else result[operator] = argument;
  }
  if (Object.keys(result.$set ?? {}).length === 0) delete result.$set;
  return result;
}
