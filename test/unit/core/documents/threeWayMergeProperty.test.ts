import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { MergeField, MergePathSegment } from '../../../../src/core/documents/threeWayMerge';
import { mergeDocuments } from '../../../../src/core/documents/threeWayMerge';
import { jsonEqual } from '../../../../src/core/json/jsonEqual';
import type { JsonObject, JsonValue } from '../../../../src/core/json/lossless';
import { LosslessNumber, isJsonObject } from '../../../../src/core/json/lossless';

/*
 * Random base documents and two edits of each (the user's and the service's): the merge keeps every change only
 * one side made, keeps a change both made alike, and marks as a conflict every field both changed differently
 * (an object both changed is checked key by key, an array merged by element index by index).
 */

const keys = fc.constantFrom('a', 'b', 'c', '__proto__');
const leaf: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.integer({ min: 0, max: 2 }),
  fc.constantFrom('x', 'y', null, true),
  fc.constantFrom(new LosslessNumber('9007199254740993'), new LosslessNumber('1.50')),
);
const { value } = fc.letrec<{ value: JsonValue; object: JsonObject }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('object'), fc.array(tie('value'), { maxLength: 3 })),
  object: fc.dictionary(keys, tie('value'), { maxKeys: 3 }).map(ownCopy),
}));
const documentOf = fc.dictionary(keys, value, { maxKeys: 4 }).map(ownCopy);

/** A document edited from `base`: each key is kept, or takes the other document's value (absent: removed). */
const edits = fc.tuple(
  documentOf,
  documentOf,
  documentOf,
  fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
);

describe('threeWayMerge: property', () => {
  it('keeps every change only one side made and marks every field both changed differently', () => {
    fc.assert(
      fc.property(edits, ([base, mineSource, theirSource, mineMask, theirMask]) => {
        const mine = edited(base, mineSource, mineMask);
        const theirs = edited(base, theirSource, theirMask);
        const merge = mergeDocuments(base, mine, theirs);
        checkKept([], base, mine, theirs, merge.merged, merge.fields);
        assert.equal(merge.conflicts, merge.fields.filter((field) => field.status === 'conflict').length);
      }),
      { numRuns: 400 },
    );
  });
});

function checkKept(
  path: MergePathSegment[],
  base: JsonValue | undefined,
  mine: JsonValue | undefined,
  theirs: JsonValue | undefined,
  merged: JsonValue | undefined,
  fields: MergeField[],
): void {
  const where = JSON.stringify(path);
  if (same(mine, theirs)) return assert.ok(same(merged, mine), `${where}: the change both made is kept`);
  if (same(base, mine)) return assert.ok(same(merged, theirs), `${where}: the service's own change is kept`);
  if (same(base, theirs)) return assert.ok(same(merged, mine), `${where}: the user's own change is kept`);
  const field = fields.find((candidate) => candidate.key === JSON.stringify(path));
  if (field) {
    assert.equal(field.status, 'conflict', `${where}: both changed it differently`);
    return assert.ok(same(merged, mine), `${where}: the user's value stands until they choose`);
  }
  if (isJsonObject(mine) && isJsonObject(theirs) && (base === undefined || isJsonObject(base)) && isJsonObject(merged)) {
    for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base ?? {})]))
      checkKept([...path, key], own(base, key), own(mine, key), own(theirs, key), own(merged, key), fields);
    return;
  }
  if (Array.isArray(base) && Array.isArray(mine) && Array.isArray(theirs) && Array.isArray(merged)) {
    for (let index = 0; index < Math.max(mine.length, theirs.length); index++)
      checkKept([...path, index], base[index], mine[index], theirs[index], merged[index], fields);
    return;
  }
  assert.fail(`${where}: both changed it differently, yet no field of the merge shows it`);
}

function edited(base: JsonObject, source: JsonObject, mask: boolean[]): JsonObject {
  const result: JsonObject = {};
  ['a', 'b', 'c', '__proto__'].forEach((key, index) => {
    const from = mask[index] ? source : base;
    const taken = own(from, key);
    if (taken !== undefined) put(result, key, taken);
  });
  return result;
}

function ownCopy(record: Record<string, JsonValue>): JsonObject {
  const copy: JsonObject = {};
  for (const key of Object.keys(record)) put(copy, key, record[key]);
  return copy;
}

function own(object: JsonValue | undefined, key: string): JsonValue | undefined {
  return isJsonObject(object) && Object.hasOwn(object, key) ? object[key] : undefined;
}

function put(target: JsonObject, key: string, item: JsonValue): void {
  Object.defineProperty(target, key, { value: item, enumerable: true, writable: true, configurable: true });
}

function same(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return a === undefined || b === undefined ? a === b : jsonEqual(a, b);
}
