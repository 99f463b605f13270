import { jsonEqual } from '../json/jsonEqual';
import type { JsonObject, JsonValue } from '../json/lossless';
import { LosslessNumber, isJsonObject } from '../json/lossless';

/** One step of a field's path: an object key or an array index. */
export type MergePathSegment = string | number;

/** What one side did to a field, compared with the common base. */
export type SideChange = 'unchanged' | 'added' | 'removed' | 'changed';

/**
 * How the merge settled a field: only one side changed it (that side's value is taken), both made the same
 * change, or both changed it differently (a conflict: the user's value is taken until they choose).
 */
export type MergeStatus = 'mine' | 'theirs' | 'both' | 'conflict';

/** A field that differs between the base and either side. `undefined` stands for a field that is absent. */
export interface MergeField {
  path: MergePathSegment[];
  /** Names the field among the merge's fields: what a {@link MergeResolutions} entry is keyed by. */
  key: string;
  base: JsonValue | undefined;
  mine: JsonValue | undefined;
  theirs: JsonValue | undefined;
  mineChange: SideChange;
  theirsChange: SideChange;
  status: MergeStatus;
}

/** The user's choice for a field: either side's value, or a value they typed (`undefined`: the field is left out). */
export type MergeResolution = { take: 'mine' } | { take: 'theirs' } | { take: 'edited'; value: JsonValue | undefined };

/** Choices by {@link MergeField.key}. */
export type MergeResolutions = Readonly<Record<string, MergeResolution>>;

export interface ThreeWayMerge {
  /** Every field either side changed, in document order. */
  fields: MergeField[];
  /** The merged document: each side's own changes, the user's value where both changed a field, or the user's choices. */
  merged: JsonObject;
  /** How many fields both sides changed differently. */
  conflicts: number;
}

/**
 * Merges two edits of a document made from a common base: every change that only one side made is kept,
 * changes both made alike are kept once, and a field both changed differently is a conflict. Objects are merged
 * key by key, to any depth. Arrays are merged element by element when both sides kept the order (changed elements
 * in place, appended at the end); otherwise the array is one field. Extended JSON values (`{"$date": …}`) are
 * single values. Numbers are compared and kept by their text, so int64 and decimal values stay exact.
 */
export function mergeDocuments(base: JsonObject, mine: JsonObject, theirs: JsonObject, resolutions: MergeResolutions = {}): ThreeWayMerge {
  const fields: MergeField[] = [];
  const merged = mergeObjects([], base, mine, theirs, { fields, resolutions });
  return { fields, merged, conflicts: fields.filter((field) => field.status === 'conflict').length };
}

/** `address.city`, `tags[2]`, `["a.b"]`: a field's path as a user reads it. */
export function mergePathLabel(path: readonly MergePathSegment[]): string {
  let label = '';
  for (const segment of path) {
    if (typeof segment === 'number') label += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) label += label === '' ? segment : `.${segment}`;
    else label += `[${JSON.stringify(segment)}]`;
  }
  return label === '' ? '(document)' : label;
}

interface MergeContext {
  fields: MergeField[];
  resolutions: MergeResolutions;
}

function mergeValue(
  path: MergePathSegment[],
  base: JsonValue | undefined,
  mine: JsonValue | undefined,
  theirs: JsonValue | undefined,
  context: MergeContext,
): JsonValue | undefined {
  if (same(base, mine) && same(base, theirs)) return mine;
  if (isMergeableObject(mine) && isMergeableObject(theirs) && (base === undefined || isMergeableObject(base)))
    return mergeObjects(path, base ?? {}, mine, theirs, context);
  if (isDenseArray(base) && isDenseArray(mine) && isDenseArray(theirs) && keptInPlace(base, mine) && keptInPlace(base, theirs))
    return mergeArrays(path, base, mine, theirs, context);
  return settleField(path, base, mine, theirs, context);
}

function mergeObjects(path: MergePathSegment[], base: JsonObject, mine: JsonObject, theirs: JsonObject, context: MergeContext): JsonObject {
  const keys = new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base)]);
  const merged: JsonObject = {};
  for (const key of keys) {
    const value = mergeValue([...path, key], own(base, key), own(mine, key), own(theirs, key), context);
    if (value !== undefined) putOwn(merged, key, value);
  }
  return merged;
}

function mergeArrays(
  path: MergePathSegment[],
  base: JsonValue[],
  mine: JsonValue[],
  theirs: JsonValue[],
  context: MergeContext,
): JsonValue[] {
  const merged: JsonValue[] = [];
  const length = Math.max(mine.length, theirs.length);
  for (let index = 0; index < length; index++) {
    const value = mergeValue([...path, index], element(base, index), element(mine, index), element(theirs, index), context);
    if (value !== undefined) merged.push(value);
  }
  return merged;
}

function settleField(
  path: MergePathSegment[],
  base: JsonValue | undefined,
  mine: JsonValue | undefined,
  theirs: JsonValue | undefined,
  context: MergeContext,
): JsonValue | undefined {
  const status: MergeStatus = same(mine, theirs) ? 'both' : same(base, mine) ? 'theirs' : same(base, theirs) ? 'mine' : 'conflict';
  const key = JSON.stringify(path);
  context.fields.push({
    path,
    key,
    base,
    mine,
    theirs,
    mineChange: changeOf(base, mine),
    theirsChange: changeOf(base, theirs),
    status,
  });
  const resolution = Object.hasOwn(context.resolutions, key) ? context.resolutions[key] : undefined;
  if (resolution?.take === 'mine') return mine;
  if (resolution?.take === 'theirs') return theirs;
  if (resolution?.take === 'edited') return resolution.value;
  return status === 'theirs' ? theirs : mine;
}

/**
 * Whether a side changed an array only in place: no element removed (it is as long as the base or longer) and
 * no element of the base moved to another index. A changed element equal to another base element is a move.
 */
function keptInPlace(base: JsonValue[], side: JsonValue[]): boolean {
  if (side.length < base.length) return false;
  let baseElements: Set<string> | undefined;
  for (let index = 0; index < base.length; index++) {
    const now = element(side, index);
    const before = element(base, index);
    if (same(before, now)) continue;
    baseElements ??= new Set(base.map(canonicalText));
    if (now !== undefined && baseElements.has(canonicalText(now))) return false;
  }
  return true;
}

/** Arrays without holes: a sparse array (never parsed from text) is one value, however long it claims to be. */
function isDenseArray(value: JsonValue | undefined): value is JsonValue[] {
  return Array.isArray(value) && Object.keys(value).length === value.length;
}

function changeOf(base: JsonValue | undefined, side: JsonValue | undefined): SideChange {
  if (same(base, side)) return 'unchanged';
  if (base === undefined) return 'added';
  if (side === undefined) return 'removed';
  return 'changed';
}

function same(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return jsonEqual(a, b);
}

/** An object merged key by key: not an extended JSON value such as `{"$oid": …}`, which stands for one value. */
function isMergeableObject(value: JsonValue | undefined): value is JsonObject {
  if (!isJsonObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 0 || !keys.every((key) => key.startsWith('$'));
}

/** A text equal for values {@link jsonEqual} calls equal: keys sorted, numbers by their text. */
function canonicalText(value: JsonValue): string {
  if (value instanceof LosslessNumber) return value.text;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalText(item ?? null)).join(',')}]`;
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalText(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** An array's element; a hole of a sparse array counts as absent. */
function element(array: JsonValue[], index: number): JsonValue | undefined {
  return index in array ? array[index] : undefined;
}

function own(object: JsonObject, key: string): JsonValue | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function putOwn(target: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
