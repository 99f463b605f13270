import assert from 'node:assert/strict';
import { ObjectId } from '../../../src/service/bson/objectId';
import { documentSize } from '../../../src/service/query/collectionData';
import type { Mutation } from '../../../src/service/store/mutations';
import { stringifyMutations } from '../../../src/service/store/mutations';
import type { Doc } from '../../../src/service/bson/extendedJson';
import { describeJournalStore } from '../../support/testStore';

describeJournalStore('local service: a journal line measured on the way', () => {
  const mutations: Mutation[] = [
    { op: 'createCollection', db: 'd', name: 'c "quoted"' },
    {
      op: 'put',
      db: 'd',
      col: 'c "quoted"',
      doc: { _id: 1, at: new Date(0), big: 9007199254740993n, id: new ObjectId('65a000000000000000000010') },
    },
    { op: 'put', db: 'd', col: 'c', doc: { _id: 'é', text: 'ünïcode', nested: { list: [1, 'two', null] } } },
    { op: 'delete', db: 'd', col: 'c', id: 2 },
  ];

  it('is the same line as without measuring, and gives each document its stored size', () => {
    const sizes = new Map<Doc, number>();
    assert.equal(stringifyMutations(mutations, { at: 7 }, sizes), stringifyMutations(mutations, { at: 7 }));
    assert.equal(stringifyMutations(mutations, {}, new Map()), stringifyMutations(mutations, {}));
    for (const mutation of mutations) if (mutation.op === 'put') assert.equal(sizes.get(mutation.doc), documentSize(mutation.doc));
    assert.equal(sizes.size, 2);
  });

  it('refuses what JSON cannot hold exactly, as without measuring', () => {
    const bad: Mutation[] = [{ op: 'put', db: 'd', col: 'c', doc: { _id: 1, value: Number.NaN } }];
    assert.throws(() => stringifyMutations(bad, { at: 1 }));
    assert.throws(() => stringifyMutations(bad, { at: 1 }, new Map()));
  });
});
