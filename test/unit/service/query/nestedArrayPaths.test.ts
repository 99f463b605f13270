import * as assert from 'node:assert/strict';
import type { Doc } from '../../../../src/service/bson/extendedJson';
import { compileFilter } from '../../../../src/service/query/engine';

/** A filter, a document, and whether the database matches them: arrays nested in arrays on a dotted path. */
const CASES: [Doc, Doc, boolean][] = [
  [{ 'a.b': 1 }, { a: [[1]] }, false],
  [{ 'a.b': 1 }, { a: [1, [1]] }, false],
  [{ 'a.b': 1 }, { a: [[{ b: 1 }]] }, false],
  [{ 'a.b': { $gt: 0 } }, { a: [[1]] }, false],
  [{ 'a.b': { $in: [1] } }, { a: [[1]] }, false],
  [{ 'a.b': { $nin: [1] } }, { a: [[1]] }, true],
  [{ 'a.b': { $ne: 1 } }, { a: [[1]] }, true],
  [{ 'a.b': { $exists: true } }, { a: [[1]] }, false],
  [{ 'a.b': { $exists: false } }, { a: [[1]] }, true],
  [{ 'a.b': { $elemMatch: { $eq: 1 } } }, { a: [[{ b: [1] }]] }, false],
  [{ 'a.b.c': 1 }, { a: { b: [[1]] } }, false],
  [{ 'a.b.c': 1 }, { a: [{ b: [[{ c: 1 }]] }] }, false],
  // What still matches: documents in arrays, leaf arrays, positions.
  [{ 'a.b': 1 }, { a: [{ b: 1 }] }, true],
  [{ 'a.b': 1 }, { a: [[1], { b: 1 }] }, true],
  [{ 'a.b': 1 }, { a: [{ b: [1] }] }, true],
  [{ 'a.b.c': 1 }, { a: [{ b: [{ c: 1 }] }] }, true],
  [{ a: [1] }, { a: [[1]] }, true],
  [{ a: 1 }, { a: [[1]] }, false],
  [{ 'a.0': 1 }, { a: [[1]] }, true],
  [{ 'a.0.b': 1 }, { a: [[{ b: 1 }]] }, true],
  [{ 'a.1': 2 }, { a: [[1, 2]] }, false],
  [{ 'a.1': 3 }, { a: [[1, 2], 3] }, true],
];

describe('service: dotted paths through arrays nested in arrays', () => {
  for (const [filter, doc, matches] of CASES) {
    it(`${JSON.stringify(filter)} ${matches ? 'matches' : 'does not match'} ${JSON.stringify(doc)}`, () => {
      assert.equal(compileFilter(filter)(doc), matches);
    });
  }

  it('leaves the stored document as it was', () => {
    const doc: Doc = { a: [[1], { b: 1 }] };
    compileFilter({ 'a.b': 1 })(doc);
    assert.deepEqual(doc, { a: [[1], { b: 1 }] });
  });
});
