import * as assert from 'node:assert/strict';
import { countLaterDuplicates, indexKeyOf } from '../../../../src/core/indexes/duplicateCount';
import { parseLossless } from '../../../../src/core/json/lossless';
import type { JsonObject } from '../../../../src/core/json/lossless';

const documents = (text: string) => parseLossless(text) as JsonObject[];

describe('Counting what drop_dups would delete', () => {
  it('counts every document after the first with the same key, 1 and 1.0 alike, a missing field as null', () => {
    const found = countLaterDuplicates(documents('[{"a":1},{"a":1.0},{"a":2},{},{"a":null},{"a":{"b":1}},{"a":{"b":1}}]'), ['a']);
    assert.equal(found, 3);
  });

  it('keys a document by every indexed path, nested ones included', () => {
    assert.notEqual(indexKeyOf({ a: 1, b: { c: 2 } }, ['a', 'b.c']), indexKeyOf({ a: 1, b: { c: 3 } }, ['a', 'b.c']));
    assert.equal(countLaterDuplicates(documents('[{"a":1,"b":{"c":2}},{"a":1,"b":{"c":2}}]'), ['a', 'b.c']), 1);
  });

  it('cannot count where an array lies on an indexed path', () => {
    assert.equal(countLaterDuplicates(documents('[{"a":[1,2]},{"a":1}]'), ['a']), undefined);
    assert.equal(countLaterDuplicates(documents('[{"a":{"b":[1]}}]'), ['a.b']), undefined);
  });
});
