import * as assert from 'node:assert/strict';
import { changedPaths, compareChanges, fieldList, overlaps, savedAlongsideMessage } from '../../../../src/core/documents/concurrentChanges';

const base = { _id: 'ada', name: 'Ada', address: { city: 'London', zip: 'N1' }, tags: ['math'] };

describe('concurrentChanges: which fields each side changed and whether they meet', () => {
  it('finds no overlap when the service changed other fields than the user', () => {
    const mine = { ...base, name: 'Ada Lovelace' };
    const theirs = { ...base, address: { city: 'Paris', zip: 'N1' } };
    assert.deepEqual(compareChanges(base, mine, theirs), { mine: ['name'], theirs: ['address.city'], overlapping: [] });
  });

  it('finds the overlap when both sides changed the same field, and keeps the others apart', () => {
    const mine = { ...base, name: 'Ada Lovelace' };
    const theirs = { ...base, name: 'Ada B.', address: { city: 'London', zip: 'N2' } };
    assert.deepEqual(compareChanges(base, mine, theirs), { mine: ['name'], theirs: ['address.zip', 'name'], overlapping: ['name'] });
  });

  it('counts a field inside one the other side set whole as an overlap, both ways', () => {
    assert.equal(overlaps('address', 'address.city'), true);
    assert.equal(overlaps('address.city', 'address'), true);
    assert.equal(overlaps('address.city', 'address.cityName'), false);
    const mine = { ...base, address: 'gone' };
    const theirs = { ...base, address: { city: 'Paris', zip: 'N1' } };
    assert.deepEqual(compareChanges(base, mine, theirs)?.overlapping, ['address.city']);
  });

  it('treats a removed field as a change of that field', () => {
    const { tags: _tags, ...withoutTags } = base;
    assert.deepEqual(changedPaths(base, withoutTags), ['tags']);
    assert.deepEqual(compareChanges(base, withoutTags, { ...base, tags: ['math', 'engines'] })?.overlapping, ['tags']);
  });

  it('cannot compare when a side changed the _id', () => {
    assert.equal(compareChanges(base, { ...base, _id: 'other' }, base), undefined);
  });

  it('says "merged" for disjoint changes and which of theirs were kept after an overwrite', () => {
    assert.equal(
      savedAlongsideMessage('ada', { mine: ['name'], theirs: ['address.city'], overlapping: [] }),
      'Saved ada: merged with a change made on the service to `address.city`.',
    );
    assert.equal(
      savedAlongsideMessage('ada', { mine: ['name'], theirs: ['address.zip', 'name'], overlapping: ['name'] }),
      'Saved ada: your value of `name` replaced the one another client saved meanwhile. Their change to `address.zip` was kept.',
    );
    assert.equal(
      savedAlongsideMessage('ada', { mine: ['name'], theirs: ['name'], overlapping: ['name'] }),
      'Saved ada: your value of `name` replaced the one another client saved meanwhile.',
    );
    assert.equal(savedAlongsideMessage('ada', { mine: ['name'], theirs: [], overlapping: [] }), undefined);
    assert.equal(fieldList(['a', 'b', 'c']), '`a`, `b`, `c`');
  });
});
