import * as assert from 'node:assert/strict';
import { documentText, parseDocumentText } from '../../../../src/core/documents/documentText';
import type { MergeField } from '../../../../src/core/documents/threeWayMerge';
import { mergeDocuments, mergePathLabel } from '../../../../src/core/documents/threeWayMerge';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { stringifyLossless } from '../../../../src/core/json/lossless';

const base: JsonObject = { _id: 'ada', name: 'Ada', address: { city: 'London', zip: 'N1' }, tags: ['math', 'poetry'], age: 36 };

const summary = (fields: MergeField[]) => fields.map((field) => [mergePathLabel(field.path), field.status]);

describe('threeWayMerge: the user edit and the service version against their common base', () => {
  it('merges disjoint changes without a conflict and keeps both', () => {
    const mine = { ...base, name: 'Ada Lovelace' };
    const theirs = { ...base, age: 37 };
    const merge = mergeDocuments(base, mine, theirs);
    assert.equal(merge.conflicts, 0);
    assert.deepEqual(merge.merged, { ...base, name: 'Ada Lovelace', age: 37 });
    assert.deepEqual(summary(merge.fields), [
      ['name', 'mine'],
      ['age', 'theirs'],
    ]);
  });

  it('marks a field both changed differently as a conflict, taking the user value until they choose', () => {
    const merge = mergeDocuments(base, { ...base, name: 'Ada Lovelace' }, { ...base, name: 'Ada King' });
    assert.equal(merge.conflicts, 1);
    assert.deepEqual(merge.fields[0], {
      path: ['name'],
      key: '["name"]',
      base: 'Ada',
      mine: 'Ada Lovelace',
      theirs: 'Ada King',
      mineChange: 'changed',
      theirsChange: 'changed',
      status: 'conflict',
    });
    assert.equal(merge.merged.name, 'Ada Lovelace');
  });

  it('applies the choice per field: the service value, or a value the user typed', () => {
    const mine = { ...base, name: 'Ada Lovelace', age: 40 };
    const theirs = { ...base, name: 'Ada King', age: 37 };
    const first = mergeDocuments(base, mine, theirs);
    const [name, age] = first.fields;
    const chosen = mergeDocuments(base, mine, theirs, { [name.key]: { take: 'theirs' }, [age.key]: { take: 'edited', value: 38 } });
    assert.equal(chosen.merged.name, 'Ada King');
    assert.equal(chosen.merged.age, 38);
    const removed = mergeDocuments(base, mine, theirs, { [age.key]: { take: 'edited', value: undefined } });
    assert.equal(Object.hasOwn(removed.merged, 'age'), false);
  });

  it('lets the user take the other side of a field only one side changed', () => {
    const mine = { ...base, name: 'Ada Lovelace' };
    const merge = mergeDocuments(base, mine, base, { '["name"]': { take: 'theirs' } });
    assert.equal(merge.merged.name, 'Ada');
  });

  it('merges nested objects field by field and names the nested paths', () => {
    const mine = { ...base, address: { city: 'Paris', zip: 'N1' } };
    const theirs = { ...base, address: { city: 'London', zip: 'N2', country: 'UK' } };
    const merge = mergeDocuments(base, mine, theirs);
    assert.equal(merge.conflicts, 0);
    assert.deepEqual(merge.merged.address, { city: 'Paris', zip: 'N2', country: 'UK' });
    assert.deepEqual(summary(merge.fields), [
      ['address.city', 'mine'],
      ['address.zip', 'theirs'],
      ['address.country', 'theirs'],
    ]);
    assert.equal(merge.fields[2].theirsChange, 'added');
  });

  it('keeps a deletion on one side against no change on the other, and conflicts with an edit on the other', () => {
    const { age: _age, ...withoutAge } = base;
    const deleted = mergeDocuments(base, withoutAge, { ...base, name: 'Ada King' });
    assert.equal(Object.hasOwn(deleted.merged, 'age'), false);
    assert.equal(deleted.merged.name, 'Ada King');

    const againstEdit = mergeDocuments(base, withoutAge, { ...base, age: 37 });
    assert.equal(againstEdit.conflicts, 1);
    assert.deepEqual([againstEdit.fields[0].mineChange, againstEdit.fields[0].theirsChange], ['removed', 'changed']);
    assert.equal(Object.hasOwn(againstEdit.merged, 'age'), false, 'the user removed it: their side is taken until they choose');
    const keptTheirs = mergeDocuments(base, withoutAge, { ...base, age: 37 }, { [againstEdit.fields[0].key]: { take: 'theirs' } });
    assert.equal(keptTheirs.merged.age, 37);
  });

  it('conflicts when one side changed a nested field and the other removed its parent', () => {
    const { address: _address, ...withoutAddress } = base;
    const merge = mergeDocuments(base, { ...base, address: { city: 'Paris', zip: 'N1' } }, withoutAddress);
    assert.deepEqual(summary(merge.fields), [['address', 'conflict']]);
  });

  it('merges arrays element by element when both sides changed in place or appended', () => {
    const mine = { ...base, tags: ['mathematics', 'poetry', 'engines'] };
    const theirs = { ...base, tags: ['math', 'verse'] };
    const merge = mergeDocuments(base, mine, theirs);
    assert.equal(merge.conflicts, 0);
    assert.deepEqual(merge.merged.tags, ['mathematics', 'verse', 'engines']);
    assert.deepEqual(summary(merge.fields), [
      ['tags[0]', 'mine'],
      ['tags[1]', 'theirs'],
      ['tags[2]', 'mine'],
    ]);
  });

  it('marks different appends at the same index as a conflict and drops an element the user leaves out', () => {
    const merge = mergeDocuments(base, { ...base, tags: ['math', 'poetry', 'engines'] }, { ...base, tags: ['math', 'poetry', 'looms'] });
    assert.deepEqual(summary(merge.fields), [['tags[2]', 'conflict']]);
    const dropped = mergeDocuments(
      base,
      { ...base, tags: ['math', 'poetry', 'engines'] },
      { ...base, tags: ['math', 'poetry', 'looms'] },
      {
        '["tags",2]': { take: 'edited', value: undefined },
      },
    );
    assert.deepEqual(dropped.merged.tags, ['math', 'poetry']);
  });

  it('shows a reordered or shortened array whole', () => {
    const reordered = mergeDocuments(base, { ...base, tags: ['poetry', 'math'] }, { ...base, tags: ['math', 'verse'] });
    assert.deepEqual(summary(reordered.fields), [['tags', 'conflict']]);
    assert.deepEqual(reordered.fields[0].mine, ['poetry', 'math']);
    const shortened = mergeDocuments(base, { ...base, tags: ['math'] }, { ...base, tags: ['math', 'verse'] });
    assert.deepEqual(summary(shortened.fields), [['tags', 'conflict']]);
    const onlyMine = mergeDocuments(base, { ...base, tags: ['poetry', 'math'] }, base);
    assert.deepEqual(summary(onlyMine.fields), [['tags', 'mine']]);
    assert.deepEqual(onlyMine.merged.tags, ['poetry', 'math']);
  });

  it('merges objects inside arrays kept in order by their fields', () => {
    const withItems = {
      _id: 1,
      items: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 2 },
      ],
    };
    const merge = mergeDocuments(
      withItems,
      {
        _id: 1,
        items: [
          { sku: 'a', qty: 5 },
          { sku: 'b', qty: 2 },
        ],
      },
      {
        _id: 1,
        items: [
          { sku: 'a', qty: 1, note: 'gift' },
          { sku: 'b', qty: 2 },
        ],
      },
    );
    assert.deepEqual(merge.merged.items, [
      { sku: 'a', qty: 5, note: 'gift' },
      { sku: 'b', qty: 2 },
    ]);
    assert.deepEqual(summary(merge.fields), [
      ['items[0].qty', 'mine'],
      ['items[0].note', 'theirs'],
    ]);
  });

  it('records a change both sides made alike once, as theirs and mine', () => {
    const merge = mergeDocuments(base, { ...base, age: 37 }, { ...base, age: 37 });
    assert.deepEqual(summary(merge.fields), [['age', 'both']]);
    assert.equal(merge.merged.age, 37);
  });

  it('keeps int64 and decimal text exact through the merge', () => {
    const text = (price: string, count: string) => `{"_id": 1, "price": ${price}, "count": ${count}, "note": "x"}`;
    const baseDoc = parseDocumentText(text('1.50', '9007199254740993'));
    const mine = parseDocumentText(text('1.50', '9007199254740995'));
    const theirs = parseDocumentText(text('2.10', '9007199254740993'));
    const merge = mergeDocuments(baseDoc, mine, theirs);
    assert.equal(merge.conflicts, 0);
    assert.equal(stringifyLossless(merge.merged), '{"_id":1,"price":2.10,"count":9007199254740995,"note":"x"}');
    const retyped = mergeDocuments(baseDoc, parseDocumentText(text('1.5', '9007199254740993')), baseDoc);
    assert.deepEqual(summary(retyped.fields), [['price', 'mine']], '1.5 is not the 1.50 the base holds');
  });

  it('treats extended JSON values as single values', () => {
    const baseDoc = parseDocumentText('{"_id": 1, "at": {"$date": "2026-01-01T00:00:00Z"}, "n": {"$numberLong": "1"}}');
    const mine = parseDocumentText('{"_id": 1, "at": {"$date": "2026-02-01T00:00:00Z"}, "n": {"$numberLong": "1"}}');
    const theirs = parseDocumentText('{"_id": 1, "at": {"$date": "2026-03-01T00:00:00Z"}, "n": {"$numberLong": "2"}}');
    const merge = mergeDocuments(baseDoc, mine, theirs);
    assert.deepEqual(summary(merge.fields), [
      ['at', 'conflict'],
      ['n', 'theirs'],
    ]);
  });

  it('keeps keys named like prototype properties as plain fields', () => {
    const baseDoc = parseDocumentText('{"_id": 1, "__proto__": {"a": 1}, "constructor": 1}');
    const mine = parseDocumentText('{"_id": 1, "__proto__": {"a": 2}, "constructor": 1}');
    const theirs = parseDocumentText('{"_id": 1, "__proto__": {"a": 1}, "constructor": 2, "prototype": 3}');
    const merge = mergeDocuments(baseDoc, mine, theirs);
    assert.equal(
      documentText(merge.merged),
      documentText(parseDocumentText('{"_id": 1, "__proto__": {"a": 2}, "constructor": 2, "prototype": 3}')),
    );
    assert.equal(Object.getPrototypeOf(merge.merged), Object.prototype);
    assert.deepEqual(
      merge.fields.map((field) => mergePathLabel(field.path)),
      ['__proto__.a', 'constructor', 'prototype'],
    );
  });

  it('takes a sparse array whole instead of walking its length', () => {
    const sparse: unknown[] = [];
    sparse[1_000_000_000] = 1;
    const merge = mergeDocuments({ _id: 1, list: [1] }, { _id: 1, list: sparse as never }, { _id: 1, list: [2] });
    assert.deepEqual(summary(merge.fields), [['list', 'conflict']]);
  });

  it('names paths a user can read, quoting keys that are not identifiers', () => {
    assert.equal(mergePathLabel(['address', 'city']), 'address.city');
    assert.equal(mergePathLabel(['tags', 2, 'a.b']), 'tags[2]["a.b"]');
    assert.equal(mergePathLabel([]), '(document)');
  });
});
