import type { Doc, Value } from '../../bson/extendedJson';
import { isPlainObject } from '../../bson/extendedJson';
import type { Key } from './keyOrder';
import { compareKeys, holdsArray } from './keyOrder';

/** More keys than this from one document (arrays in several fields of a compound index) and the index keeps it aside, unkeyed. */
export const MAX_KEYS_PER_DOCUMENT = 64;
/**
 * More keys than this from one array in a single-field index and the index keeps the document aside too: each
 * key is a tree insert on write and a tree removal on update or delete (a 300,000-element array took 6 s to
 * update, holding every other request), and a document kept aside is still found, as a candidate of every walk.
 */
export const MAX_KEYS_PER_ARRAY = 10_000;

export interface DocumentKeys {
  /** One value per document for a single-field index, a list of field values for a compound one; undefined when kept aside. */
  keys: Key[] | Key[][] | undefined;
  /** An array on the way to a field: the document has several keys, or the `undefined` of an empty array. */
  multikey: boolean;
  /** A key that holds an array inside an object: the engine's sort may order it differently from the index. */
  unsortable: boolean;
}

interface Walk {
  multikey: boolean;
}

function flattenInto(items: Value[], out: Key[], walk: Walk, depth: number): void {
  for (const item of items) {
    if (Array.isArray(item) && depth < 100) flattenInto(item, out, walk, depth + 1);
    else out.push(item);
  }
}

/**
 * Every value a query on `segments` can compare: arrays are walked at every level (the database indexes each
 * element; more keys than it has only widen the candidates, which the filter checks again), a missing field
 * is null, an empty array at the end is `undefined`.
 */
function collect(value: Value | undefined, segments: string[], at: number, out: Key[], walk: Walk, depth: number): void {
  if (Array.isArray(value)) {
    walk.multikey = true;
    if (at === segments.length) {
      const before = out.length;
      flattenInto(value, out, walk, depth);
      // An empty array, or arrays holding only empty ones ([[]]), is keyed as the empty array: never without a key.
      if (out.length === before) out.push(undefined);
      return;
    }
    if (value.length === 0) out.push(null);
    for (const item of value) collect(item, segments, at, out, walk, depth + 1);
    return;
  }
  if (at === segments.length) {
    out.push(value === undefined ? null : value);
    return;
  }
  if (isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, segments[at]))
    collect((value as Doc)[segments[at]], segments, at + 1, out, walk, depth + 1);
  else out.push(null);
}

function distinctKeys(keys: Key[]): Key[] {
  if (keys.length < 2) return keys;
  const sorted = [...keys].sort(compareKeys);
  return sorted.filter((key, i) => i === 0 || compareKeys(sorted[i - 1], key) !== 0);
}

export function fieldKeys(view: Doc, path: string, walk: Walk): Key[] {
  const out: Key[] = [];
  collect(view, path.split('.'), 0, out, walk, 0);
  return distinctKeys(out);
}

/** The keys of one document (its engine view) in an index on `fields`. */
export function keysOf(fields: string[], view: Doc): DocumentKeys {
  const walk: Walk = { multikey: false };
  const perField = fields.map((field) => fieldKeys(view, field, walk));
  const unsortable = perField.some((keys) => keys.some((key) => typeof key === 'object' && key !== null && holdsArray(key)));
  if (fields.length === 1) {
    if (perField[0].length > MAX_KEYS_PER_ARRAY) return { keys: undefined, multikey: true, unsortable };
    return { keys: perField[0], multikey: walk.multikey || perField[0].length !== 1, unsortable };
  }
  let combos = 1;
  for (const keys of perField) combos *= keys.length;
  if (combos > MAX_KEYS_PER_DOCUMENT) return { keys: undefined, multikey: true, unsortable };
  let product: Key[][] = [[]];
  for (const keys of perField) product = product.flatMap((prefix) => keys.map((key) => [...prefix, key]));
  return { keys: product, multikey: walk.multikey || combos !== 1, unsortable };
}
