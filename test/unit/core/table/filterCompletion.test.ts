import * as assert from 'node:assert/strict';
import { FIELD_OPERATORS, filterCompletion } from '../../../../src/core/table/filterCompletion';

const FIELDS = ['_id', 'sku', 'name', 'status', 'address.city', 'stock'];

/** The completion at the `|` of `typed`, and the filter text each suggestion would make. */
function complete(typed: string, fields = FIELDS) {
  const caret = typed.indexOf('|');
  const text = typed.replace('|', '');
  const completion = filterCompletion(text, caret, fields);
  if (!completion) return undefined;
  return {
    labels: completion.suggestions.map((suggestion) => suggestion.label),
    results: completion.suggestions.map((suggestion) => text.slice(0, completion.from) + suggestion.insert + text.slice(completion.to)),
  };
}

describe('core/table: completion in the collection view’s filter box', () => {
  it('offers the view’s fields, then $and/$or/$nor, where a key of the filter goes', () => {
    assert.deepEqual(complete('{|')?.labels, [...FIELDS, '$and', '$or', '$nor']);
    assert.deepEqual(complete('{"status": "a", |')?.labels, [...FIELDS, '$and', '$or', '$nor']);
  });

  it('narrows to what starts with what is typed, then what holds it, case-insensitively, quoted or not', () => {
    assert.deepEqual(complete('{"st|')?.labels, ['status', 'stock']);
    assert.deepEqual(complete('{ST|')?.labels, ['status', 'stock']);
    assert.deepEqual(complete('{"city|')?.labels, ['address.city']);
  });

  it('puts the key in place as JSON with its colon, keeping what follows the caret', () => {
    assert.equal(complete('{"st|')?.results[0], '{"status": ');
    assert.equal(complete('{sta|')?.results[0], '{"status": ');
    assert.equal(complete('{"sta|tus": 1}')?.results[0], '{"status": 1}');
    assert.equal(complete('{"a": 1, "na|"}')?.results[0], '{"a": 1, "name": }');
  });

  it('offers the operators on a value inside a field’s condition, and only operators there', () => {
    assert.deepEqual(complete('{"stock": {|')?.labels, [...FIELD_OPERATORS]);
    assert.deepEqual(complete('{"stock": {"$g|')?.labels, ['$gt', '$gte']);
    assert.equal(complete('{"stock": {"$gt": 5, "$l|')?.results[0], '{"stock": {"$gt": 5, "$lt": ');
  });

  it('offers fields again inside $or’s conditions, which are filters', () => {
    assert.deepEqual(complete('{"$or": [{"na|')?.labels, ['name']);
    assert.deepEqual(complete('{"$|')?.labels, ['$and', '$or', '$nor']);
  });

  it('offers nothing in a value, outside the braces, between array items, or when nothing matches', () => {
    assert.equal(complete('{"status": "ac|'), undefined);
    assert.equal(complete('{"status": |'), undefined);
    assert.equal(complete('|'), undefined);
    assert.equal(complete('{"a": 1}|'), undefined);
    assert.equal(complete('{"sku": {"$in": ["a", |'), undefined);
    assert.equal(complete('{"zzz|'), undefined);
  });

  it('quotes a field whose name needs it, and lists each field once', () => {
    assert.deepEqual(complete('{"we|', ['weird "name"', 'weird "name"'])?.results, ['{"weird \\"name\\"": ']);
  });
});
