import assert from 'node:assert/strict';
import type { Doc } from '../../../src/service/bson/extendedJson';
import { CollectionData } from '../../../src/service/query/collectionData';

describe('unique compound index keys', () => {
  const compound = () => {
    const data = new CollectionData();
    data.addIndex({ name: 'a_1_b_1', key: { a: 1, b: 1 }, unique: true });
    return data;
  };

  it('tells apart documents whose field values only join to the same text', () => {
    const data = compound();
    data.put({ _id: 1, a: 'p', b: 'q\u0000sr' });
    const other: Doc = { _id: 2, a: 'p\u0000sq', b: 'r' };
    assert.equal(data.conflict(other, undefined), undefined);
    data.put(other);
    assert.equal(data.conflict({ _id: 3, a: 'p', b: '"q' }, undefined), undefined);
  });

  it('still finds a real duplicate, and a missing field equal to null', () => {
    const data = compound();
    data.put({ _id: 1, a: 'p', b: 'q' });
    data.put({ _id: 2, a: 'p' });
    assert.equal(data.conflict({ _id: 3, a: 'p', b: 'q' }, undefined)?.name, 'a_1_b_1');
    assert.equal(data.conflict({ _id: 4, a: 'p', b: null }, undefined)?.name, 'a_1_b_1');
    assert.equal(data.conflict({ _id: 5, a: 'p', b: 'q2' }, undefined), undefined);
  });
});
