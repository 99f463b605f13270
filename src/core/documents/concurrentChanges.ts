import type { JsonObject } from '../json/lossless';
import { diffToUpdate } from './updateDiff';

/**
 * Fields changed on the service since the editor loaded a document, compared with the fields the user
 * changed in the editor. A save sends only the user's fields, so the service's other changes survive it;
 * only a field changed on both sides is a real conflict.
 */
export interface ConcurrentChanges {
  /** Update paths the user changed, e.g. `name`, `address.city`. */
  mine: string[];
  /** Update paths changed on the service. */
  theirs: string[];
  /** Paths of `theirs` that a path of `mine` overwrites or lies within. */
  overlapping: string[];
}

/**
 * Compares the two sides' changes of `base`. Undefined when either side's change cannot be written as
 * field updates (e.g. an `_id` change): then the caller cannot tell the fields apart and must ask.
 */
export function compareChanges(base: JsonObject, mine: JsonObject, theirs: JsonObject): ConcurrentChanges | undefined {
  const minePaths = changedPaths(base, mine);
  const theirPaths = changedPaths(base, theirs);
  if (!minePaths || !theirPaths) return undefined;
  const overlapping = theirPaths.filter((their) => minePaths.some((path) => overlaps(path, their)));
  return { mine: minePaths, theirs: theirPaths, overlapping };
}

/** The update paths that turn `base` into `edited`; undefined when no update can express the change. */
export function changedPaths(base: JsonObject, edited: JsonObject): string[] | undefined {
  const { update, error } = diffToUpdate(base, edited);
  if (error) return undefined;
  return [...Object.keys(update?.$set ?? {}), ...Object.keys(update?.$unset ?? {})].sort();
}

/** Whether setting one path touches the other: the same path, or one inside the other. */
export function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

/** `` `a` ``, `` `a`, `b` ``. */
export function fieldList(paths: readonly string[]): string {
  return paths.map((path) => `\`${path}\``).join(', ');
}

/**
 * What a save that went through says about the service's changes it met, if any: merged with them
 * (disjoint fields), or saved over some of them and which others were kept.
 */
export function savedAlongsideMessage(docId: string, changes: ConcurrentChanges): string | undefined {
  if (changes.theirs.length === 0) return undefined;
  const kept = changes.theirs.filter((path) => !changes.overlapping.includes(path));
  if (changes.overlapping.length === 0) {
    return `Saved ${docId}: merged with a change made on the service to ${fieldList(changes.theirs)}.`;
  }
  const replaced = `Saved ${docId}: your value of ${fieldList(changes.overlapping)} replaced the one another client saved meanwhile.`;
  return kept.length === 0 ? replaced : `${replaced} Their change to ${fieldList(kept)} was kept.`;
}
