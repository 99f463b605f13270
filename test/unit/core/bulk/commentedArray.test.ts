import * as assert from 'node:assert/strict';
import type { ParseError } from 'jsonc-parser';
import { parse } from 'jsonc-parser';
import { commentedArray } from '../../../../src/core/bulk/commentedArray';

function parsed(text: string): unknown {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: false, disallowComments: false });
  assert.deepEqual(errors, [], text);
  return value;
}

describe('the bulk-change preview text: one JSON-with-comments array', () => {
  it('holds every document, each under its heading, and reads without an error', () => {
    const text = commentedArray([
      { heading: '_id 1 (sampled document 1 of 2)', json: JSON.stringify({ _id: 1, a: { b: [1, 2] } }, null, 2) },
      { heading: '_id 2 (sampled document 2 of 2)', json: JSON.stringify({ _id: 2 }, null, 2) },
    ]);
    assert.deepEqual(parsed(text), [{ _id: 1, a: { b: [1, 2] } }, { _id: 2 }]);
    assert.match(text, /^\[\n {2}\/\/ _id 1 \(sampled document 1 of 2\)\n {2}\{\n {4}"_id": 1,/);
  });

  it('keeps a heading with line breaks (a service error message) inside its comment', () => {
    const text = commentedArray([{ heading: 'fails:\n} ] {"x": 1\r\n\u2028next', json: 'null' }]);
    assert.deepEqual(parsed(text), [null]);
    assert.equal(text.split('\n').filter((line) => line.includes('fails:')).length, 1);
  });

  it('is an empty array when nothing was sampled', () => {
    assert.deepEqual(parsed(commentedArray([])), []);
  });
});
