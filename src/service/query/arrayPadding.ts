import type { Doc, Value } from '../bson/extendedJson';
import { isPlainObject } from '../bson/extendedJson';
import { badRequest } from '../errors';
import { pathsOf } from './updatePaths';

/**
 * Setting `arr.N` on a shorter array fills the gap with nulls. MongoDB 2.x refused to add more than
 * this many; without a bound one small request could build an array of hundreds of millions of nulls.
 */
export const MAX_ARRAY_PADDING = 1_500_000;

const POSITIONAL = /^\$(\[[^\]]*\])?$/;
const INDEX = /^\d+$/;

/** How many nulls `path` makes an update add to the arrays of `doc`; positional segments count every element. */
function paddingOf(doc: Doc, path: string): number {
  let values: Value[] = [doc];
  let padding = 0;
  for (const segment of path.split('.')) {
    const next: Value[] = [];
    for (const value of values) {
      if (POSITIONAL.test(segment)) {
        // A loop, not push(...value): spreading a 200,000-element array overflows the call stack.
        if (Array.isArray(value)) for (const item of value) next.push(item);
      } else if (Array.isArray(value)) {
        if (!INDEX.test(segment)) continue;
        const index = Number(segment);
        if (index > value.length) padding += index - value.length;
        else if (index < value.length) next.push(value[index]);
      } else if (isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, segment)) {
        next.push((value as Doc)[segment]);
      }
    }
    // A missing field is created as an object (numeric segments included), so nothing below it pads.
    values = next;
  }
  return padding;
}

/**
 * The nulls one request may add to arrays, over all its paths and all the documents it updates. The
 * check runs before the update is applied, so a refused update costs no time or memory.
 */
export class PaddingAllowance {
  private remaining = MAX_ARRAY_PADDING;

  spend(doc: Doc, modifier: Doc): void {
    for (const path of pathsOf(modifier)) {
      const padding = paddingOf(doc, path);
      if (padding === 0) continue;
      if (padding > this.remaining) {
        throw badRequest(
          `The update path "${path}" would pad an array with ${padding} nulls, past the database's limit of ${MAX_ARRAY_PADDING} added elements per update; nothing was changed`,
        );
      }
      this.remaining -= padding;
    }
  }
}
