import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { update as applyUpdate } from 'mingo/updater';
import { diffToUpdate } from '../../../../src/core/documents/updateDiff';
import type { JsonObject, JsonValue } from '../../../../src/core/json/lossless';
import { LosslessNumber, isJsonObject, parseLossless, stringifyLossless } from '../../../../src/core/json/lossless';

const ID = { $oid: '4ffde1398c1a4b6d6c000001' };

function doc(text: string): JsonObject {
  const value = parseLossless(text);
  assert.ok(isJsonObject(value));
  return value;
}

/** JSON text with keys sorted: equal for documents that differ only in key order. */
function canonical(value: unknown): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v === null || typeof v !== 'object' || v instanceof LosslessNumber) return v;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort())
      Object.defineProperty(sorted, key, { value: sortKeys((v as Record<string, unknown>)[key]), enumerable: true });
    return sorted;
  };
  return stringifyLossless(sortKeys(value));
}

function deepCopy<T extends JsonValue>(value: T): T {
  return parseLossless(stringifyLossless(value)) as T;
}

/** Applies the update with mingo, an independent implementation of MongoDB's update operators. */
function applied(original: JsonObject, update: object): JsonObject {
  const copy = deepCopy(original);
  applyUpdate(copy, update, undefined, undefined, { cloneMode: 'deep' });
  return copy;
}

function assertNoConflicts(update: { $set?: JsonObject; $unset?: JsonObject }): void {
  const paths = [...Object.keys(update.$set ?? {}), ...Object.keys(update.$unset ?? {})];
  for (const a of paths) {
    for (const b of paths) {
      if (a !== b) assert.ok(!b.startsWith(`${a}.`), `${a} and ${b} conflict`);
    }
  }
  assert.equal(new Set(paths).size, paths.length, 'a path appears in both $set and $unset');
}

describe('core/documents/updateDiff', () => {
  it('sends nothing when nothing changed, even with keys reordered', () => {
    assert.deepEqual(
      diffToUpdate(doc('{"_id": 1, "a": {"x": 1, "y": 2}, "n": 1.50}'), doc('{"n": 1.50, "a": {"y": 2, "x": 1}, "_id": 1}')),
      { update: undefined },
    );
  });

  it('sets exactly the changed top-level fields and unsets removed ones', () => {
    const original = doc('{"_id": {"$oid": "4ffde1398c1a4b6d6c000001"}, "name": "Ada", "age": 36, "big": 9007199254740993, "gone": true}');
    const edited = doc('{"_id": {"$oid": "4ffde1398c1a4b6d6c000001"}, "name": "Ada L.", "age": 36, "big": 9007199254740993, "new": [1]}');
    assert.equal(stringifyLossless(diffToUpdate(original, edited).update), '{"$set":{"name":"Ada L.","new":[1]},"$unset":{"gone":""}}');
  });

  it('sets a nested change by its dotted path', () => {
    const result = diffToUpdate(
      doc('{"_id": 1, "address": {"city": "Paris", "geo": {"lat": 1, "lng": 2}}}'),
      doc('{"_id": 1, "address": {"city": "Paris", "geo": {"lat": 1.5, "lng": 2}}}'),
    );
    assert.deepEqual(result.update, { $set: { 'address.geo.lat': 1.5 } });
  });

  it('unsets a removed nested field by its dotted path', () => {
    assert.deepEqual(diffToUpdate(doc('{"a": {"b": 1, "c": 2}}'), doc('{"a": {"c": 2}}')).update, { $unset: { 'a.b': '' } });
  });

  it('sets the parent whole when a changed key cannot be a path step', () => {
    assert.deepEqual(diffToUpdate(doc('{"a": {"b": {"x.y": 1, "z": 1}}}'), doc('{"a": {"b": {"x.y": 2, "z": 1}}}')).update, {
      $set: { 'a.b': { 'x.y': 2, z: 1 } },
    });
    assert.deepEqual(diffToUpdate(doc('{"when": {"$date": "2012-01-01"}}'), doc('{"when": {"$date": "2013-01-01"}}')).update, {
      $set: { when: { $date: '2013-01-01' } },
    });
    assert.deepEqual(diffToUpdate(doc('{"a": {"": 1}}'), doc('{"a": {"": 2}}')).update, { $set: { a: { '': 2 } } });
  });

  it('uses dotted paths when only other keys of the object are awkward', () => {
    assert.deepEqual(diffToUpdate(doc('{"a": {"x.y": 1, "z": 1}}'), doc('{"a": {"x.y": 1, "z": 2}}')).update, { $set: { 'a.z': 2 } });
  });

  it('replaces a changed array whole', () => {
    assert.deepEqual(diffToUpdate(doc('{"tags": ["a", "b", {"k": 1}]}'), doc('{"tags": ["a", "b", {"k": 2}]}')).update, {
      $set: { tags: ['a', 'b', { k: 2 }] },
    });
  });

  it('sets a field whole when it changes between object and scalar', () => {
    assert.deepEqual(diffToUpdate(doc('{"a": {"b": 1}}'), doc('{"a": 5}')).update, { $set: { a: 5 } });
    assert.deepEqual(diffToUpdate(doc('{"a": 5}'), doc('{"a": {"b": 1}}')).update, { $set: { a: { b: 1 } } });
    assert.deepEqual(diffToUpdate(doc('{"a": [1]}'), doc('{"a": {"0": 1}}')).update, { $set: { a: { '0': 1 } } });
  });

  it('sets a new subtree at its first new key, not below it', () => {
    assert.deepEqual(diffToUpdate(doc('{"a": {}}'), doc('{"a": {"b": {"c": 1}}}')).update, { $set: { 'a.b': { c: 1 } } });
  });

  it('treats a number as changed only when its text changed', () => {
    assert.equal(diffToUpdate(doc('{"n": 1.50, "m": 1e400}'), doc('{"n": 1.50, "m": 1e400}')).update, undefined);
    assert.equal(stringifyLossless(diffToUpdate(doc('{"n": 1.50}'), doc('{"n": 1.5}')).update), '{"$set":{"n":1.5}}');
    assert.equal(
      stringifyLossless(diffToUpdate(doc('{"n": 9007199254740993}'), doc('{"n": 9007199254740994}')).update),
      '{"$set":{"n":9007199254740994}}',
    );
    assert.equal(stringifyLossless(diffToUpdate(doc('{"n": 1}'), doc('{"n": "1"}')).update), '{"$set":{"n":"1"}}');
  });

  it('refuses a changed, removed or added _id with a clear message', () => {
    const changed = diffToUpdate(
      doc('{"_id": {"$oid": "4ffde1398c1a4b6d6c000001"}, "a": 1}'),
      doc('{"_id": {"$oid": "4ffde1398c1a4b6d6c000002"}, "a": 2}'),
    );
    assert.equal(changed.update, undefined);
    assert.match(
      changed.error ?? '',
      /_id field cannot be changed \(it was \{"\$oid":"4ffde1398c1a4b6d6c000001"\}, now \{"\$oid":"4ffde1398c1a4b6d6c000002"\}\)/,
    );
    const removed = diffToUpdate(doc('{"_id": 7, "a": 1}'), doc('{"a": 1}'));
    assert.equal(removed.update, undefined);
    assert.match(removed.error ?? '', /_id field cannot be removed \(it was 7\)/);
    assert.match(diffToUpdate(doc('{"a": 1}'), doc('{"_id": 7, "a": 1}')).error ?? '', /cannot be added/);
    assert.match(diffToUpdate(doc('{"_id": 1}'), doc('{"_id": "1"}')).error ?? '', /cannot be changed/);
  });

  it('refuses a change to a top-level field that no update path can name, and names it', () => {
    for (const key of ['a.b', '$weird', '']) {
      const result = diffToUpdate({ _id: 1, [key]: 1, ok: 1 }, { _id: 1, [key]: 2, ok: 2 });
      assert.equal(result.update, undefined);
      assert.ok(result.error?.includes(`top-level field ${JSON.stringify(key)}`), result.error);
    }
    assert.deepEqual(
      diffToUpdate({ 'a.b': 1, ok: 1 }, { 'a.b': 1, ok: 2 }).update,
      { $set: { ok: 2 } },
      'an unchanged awkward field is fine',
    );
  });

  it('keeps "__proto__" fields as own data in the update', () => {
    const original = doc('{"__proto__": {"x": 1}, "a": {"__proto__": 1, "b": 1}}');
    const edited = doc('{"__proto__": {"x": 2}, "a": {"__proto__": 2, "b": 1}}');
    const { update } = diffToUpdate(original, edited);
    assert.equal(stringifyLossless(update), '{"$set":{"__proto__.x":2,"a":{"__proto__":2,"b":1}}}');
    assert.equal(Object.getPrototypeOf(update?.$set), Object.prototype);
  });

  describe('property: applying the update to the original gives the edited document', function () {
    // Thousands of generated cases: allow for a busy machine.
    this.timeout(60_000);
    const keys = fc.constantFrom('a', 'b', 'c', 'x', '0', 'a.b', '$k', '', 'toString');
    const scalar = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.integer({ min: -2, max: 2 }),
      fc.constantFrom<JsonValue>(1.5, new LosslessNumber('1.50'), new LosslessNumber('9007199254740993'), new LosslessNumber('-0')),
      fc.string({ maxLength: 2 }),
    );
    const { value } = fc.letrec<{ value: JsonValue; array: JsonValue[]; object: JsonObject }>((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, scalar, tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 3 }),
      object: fc.dictionary(keys, tie('value'), { maxKeys: 4 }),
    }));
    const topKeys = fc.constantFrom('a', 'b', 'c', 'name', 'tags');
    const documentArb = fc.dictionary(topKeys, value, { maxKeys: 5 }).map((fields): JsonObject => ({ _id: ID, ...fields }));

    const mutateObject = (original: JsonObject, gen: fc.GeneratorValue, depth: number): JsonObject => {
      const result: JsonObject = {};
      const entries = Object.entries(original);
      if (gen(fc.boolean)) entries.reverse();
      for (const [key, item] of entries) {
        if (gen(fc.integer, { min: 0, max: 5 }) === 0) continue;
        result[key] = mutate(item, gen, depth + 1);
      }
      const added = gen(() => fc.dictionary(depth === 0 ? topKeys : keys, value, { maxKeys: 2 }));
      for (const [key, item] of Object.entries(added)) result[key] = item;
      return result;
    };
    const mutate = (original: JsonValue, gen: fc.GeneratorValue, depth: number): JsonValue => {
      const choice = gen(fc.integer, { min: 0, max: 9 });
      if (choice < 4) return deepCopy(original);
      if (choice < 6 || depth > 4) return gen(() => value);
      if (Array.isArray(original)) return original.map((item) => mutate(item, gen, depth + 1));
      return isJsonObject(original) ? mutateObject(original, gen, depth) : gen(() => value);
    };
    const editOf = (original: JsonObject, gen: fc.GeneratorValue): JsonObject => ({ ...mutateObject(original, gen, 0), _id: ID });

    it('for thousands of random documents and edits (mingo applies the update)', () => {
      fc.assert(
        fc.property(documentArb, fc.gen(), (original, gen) => {
          const edited = editOf(original, gen);
          const { update, error } = diffToUpdate(original, edited);
          assert.equal(error, undefined);
          if (update === undefined) {
            assert.equal(canonical(edited), canonical(original));
            return;
          }
          assertNoConflicts(update);
          for (const path of Object.keys(update.$set ?? {})) assert.ok(!path.startsWith('_id'), 'the _id is never sent');
          assert.equal(canonical(applied(original, update)), canonical(edited));
        }),
        { numRuns: 3000, endOnFailure: true },
      );
    });

    it('never sends an unchanged top-level field', () => {
      fc.assert(
        fc.property(documentArb, fc.gen(), (original, gen) => {
          const edited = editOf(original, gen);
          const { update } = diffToUpdate(original, edited);
          const touched = [...Object.keys(update?.$set ?? {}), ...Object.keys(update?.$unset ?? {})].map((path) => path.split('.')[0]);
          for (const field of touched) {
            const before = Object.hasOwn(original, field) ? canonical(original[field]) : '<absent>';
            const after = Object.hasOwn(edited, field) ? canonical(edited[field]) : '<absent>';
            assert.notEqual(before, after, `${field} was sent unchanged`);
          }
        }),
        { numRuns: 1000 },
      );
    });
  });
});
