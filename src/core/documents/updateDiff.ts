import { jsonEqual } from '../json/jsonEqual';
import type { JsonObject, JsonValue } from '../json/lossless';
import { isJsonObject, stringifyLossless } from '../json/lossless';

export interface DocumentUpdate {
  $set?: JsonObject;
  $unset?: JsonObject;
}

export interface UpdateDiff {
  /** Undefined when nothing changed or when the edit cannot be saved (then `error` says why). */
  update: DocumentUpdate | undefined;
  error?: string;
}

/**
 * The `$set`/`$unset` update that turns `original` into `edited`, touching only what changed.
 *
 * A changed field inside an embedded document is set by its dotted path when every changed key on
 * the way can be one (not empty, no `.`, no leading `$`); otherwise the nearest such ancestor is
 * set whole. Arrays and values whose type changed are set whole. Every path is emitted either
 * alone or not at all among its ancestors and descendants, so `$set` and `$unset` never conflict.
 * Key order is not a change: an update cannot express it.
 */
export function diffToUpdate(original: JsonObject, edited: JsonObject): UpdateDiff {
  const idError = checkId(original, edited);
  if (idError) return { update: undefined, error: idError };

  const set: JsonObject = {};
  const unset: JsonObject = {};
  const unsavable: string[] = [];
  for (const key of changedKeys(original, edited)) {
    if (!isPathComponent(key)) unsavable.push(key);
  }
  if (unsavable.length > 0) {
    const names = unsavable.map((key) => JSON.stringify(key)).join(', ');
    return {
      update: undefined,
      error: `Cannot save a change to the top-level field ${names}: a field whose name is empty, contains "." or starts with "$" cannot be updated with $set/$unset. Undo that change to save the rest.`,
    };
  }
  collectChanges(original, edited, '', set, unset);

  const update: DocumentUpdate = {};
  if (Object.keys(set).length > 0) update.$set = set;
  if (Object.keys(unset).length > 0) update.$unset = unset;
  return { update: update.$set || update.$unset ? update : undefined };
}

function checkId(original: JsonObject, edited: JsonObject): string | undefined {
  const hadId = Object.hasOwn(original, '_id');
  const hasId = Object.hasOwn(edited, '_id');
  if (hadId && !hasId)
    return `The _id field cannot be removed (it was ${stringifyLossless(original._id)}). Put it back to save the document.`;
  if (!hadId && hasId) return 'The _id field cannot be added to an existing document. Remove it to save the document.';
  if (hadId && !jsonEqual(original._id, edited._id)) {
    return `The _id field cannot be changed (it was ${stringifyLossless(original._id)}, now ${stringifyLossless(edited._id)}). Put it back to save; to store the document under another _id, create a new document.`;
  }
  return undefined;
}

function collectChanges(original: JsonObject, edited: JsonObject, prefix: string, set: JsonObject, unset: JsonObject): void {
  for (const key of Object.keys(original)) {
    if (!Object.hasOwn(edited, key)) putOwn(unset, prefix + key, '');
  }
  for (const key of Object.keys(edited)) {
    const after = edited[key];
    if (!Object.hasOwn(original, key)) {
      putOwn(set, prefix + key, after);
      continue;
    }
    const before = original[key];
    if (jsonEqual(before, after)) continue;
    if (isJsonObject(before) && isJsonObject(after) && changedKeys(before, after).every(isNestedPathComponent)) {
      collectChanges(before, after, `${prefix}${key}.`, set, unset);
    } else {
      putOwn(set, prefix + key, after);
    }
  }
}

function changedKeys(original: JsonObject, edited: JsonObject): string[] {
  const removed = Object.keys(original).filter((key) => !Object.hasOwn(edited, key));
  const addedOrChanged = Object.keys(edited).filter((key) => !Object.hasOwn(original, key) || !jsonEqual(original[key], edited[key]));
  return [...removed, ...addedOrChanged];
}

/** Whether a key can be one step of an update path. */
function isPathComponent(key: string): boolean {
  return key !== '' && !key.includes('.') && !key.startsWith('$');
}

/** Below the top level `__proto__` is set through its parent, so no applier can mistake it for a prototype. */
function isNestedPathComponent(key: string): boolean {
  return isPathComponent(key) && key !== '__proto__';
}

function putOwn(target: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
