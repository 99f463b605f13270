import type { Doc, Value } from '../bson/extendedJson';
import { isPlainObject } from '../bson/extendedJson';

/**
 * The query engine inserts a `$push` `$each` list with `splice(position, 0, ...list)`: a list of some
 * 120,000 elements overflows the call stack, which a client saw as "too deeply nested". Lists longer
 * than this go in as consecutive chunks, each a spread the stack holds.
 */
const CHUNK = 10_000;

/**
 * The modifier as a sequence that gives the same result as applying it whole: first the modifier
 * with every long `$each` emptied (so that it still creates the array and conflicts are still
 * checked), then each long list in chunks at its position, then its `$sort` and `$slice`.
 */
export function inPushableSteps(modifier: Doc): Doc[] {
  const push = modifier.$push;
  if (!isPlainObject(push)) return [modifier];
  const long = Object.entries(push as Doc).filter(
    ([, spec]) => isPlainObject(spec) && Array.isArray(spec.$each) && spec.$each.length > CHUNK,
  );
  if (long.length === 0) return [modifier];
  const first: Doc = { ...modifier, $push: { ...(push as Doc) } };
  const steps: Doc[] = [first];
  for (const [path, spec] of long as [string, Doc][]) {
    const { $each, $sort, $slice, $position } = spec as { $each: Value[]; $sort?: Value; $slice?: Value; $position?: Value };
    (first.$push as Doc)[path] = { $each: [] };
    const start = typeof $position === 'number' ? $position : undefined;
    for (let offset = 0; offset < $each.length; offset += CHUNK) {
      const chunk: Doc = { $each: $each.slice(offset, offset + CHUNK) };
      // A position counted from the end keeps the chunks in order as it is; one from the start moves on with them.
      if (start !== undefined) chunk.$position = start < 0 ? start : start + offset;
      steps.push({ $push: { [path]: chunk } });
    }
    if ($sort !== undefined || $slice !== undefined) {
      const finish: Doc = { $each: [] };
      if ($sort !== undefined) finish.$sort = $sort;
      if ($slice !== undefined) finish.$slice = $slice;
      steps.push({ $push: { [path]: finish } });
    }
  }
  return steps;
}
