import assert from 'node:assert/strict';
import type { Doc } from '../../../../src/service/bson/extendedJson';
import { ObjectId } from '../../../../src/service/bson/objectId';
import { RequestBudget } from '../../../../src/service/query/budget';
import { findPage } from '../../../../src/service/query/engine';
import { sortSliced } from '../../../../src/service/query/slicedSort';
import { CollectionData } from '../../../../src/service/query/collectionData';
import { SeededRandom } from '../../../support/seededRandom';

/** Values of every kind a sort meets, duplicates included, so that ties and the order between kinds both count. */
function randomValue(random: SeededRandom): Doc[string] | undefined {
  switch (random.int(0, 11)) {
    case 0:
      return undefined;
    case 1:
      return null;
    case 2:
      return random.int(-5, 5);
    case 3:
      return random.int(-5, 5) / 4;
    case 4:
      return ['apple', 'Apple', 'banana', '', 'zebra', 'é'][random.int(0, 5)];
    case 5:
      return [random.int(0, 3), random.int(0, 3)];
    case 6:
      return { x: random.int(0, 2) };
    case 7:
      return new Date(Date.UTC(2024, 0, random.int(1, 3)));
    case 8:
      return random.int(0, 1) === 0;
    case 9:
      return 9007199254740993n + BigInt(random.int(0, 2));
    case 10:
      return new ObjectId(`65a0000000000000000000${random.int(10, 12)}`);
    default:
      return [];
  }
}

describe('adversarial budget: the sliced sort orders as the engine does', () => {
  it("gives mingo's order (ties kept in natural order) for one to four keys over values of every kind", async () => {
    const random = new SeededRandom(4_242);
    const collection = new CollectionData();
    for (let id = 0; id < 2_000; id++) {
      const doc: Doc = { _id: id };
      for (const field of ['a', 'b', 'c']) {
        const value = randomValue(random);
        if (value !== undefined) doc[field] = value;
      }
      doc.n = { deep: random.int(0, 4) };
      collection.put(doc);
    }
    const docs = collection.entries.map((entry) => entry.doc);
    const sorts: Record<string, 1 | -1>[] = [
      { a: 1 },
      { a: -1 },
      { b: 1, a: -1 },
      { 'n.deep': -1, c: 1, a: 1 },
      { c: -1, b: -1, a: 1, _id: -1 },
    ];
    for (const sort of sorts) {
      const expected = findPage(collection, { q: {}, sort, skip: 0, limit: docs.length }).documents.map((doc) => doc._id);
      const actual = (await sortSliced(docs, sort, new RequestBudget(1e9, 1e9), 1)).map((doc) => doc._id);
      assert.deepEqual(actual, expected, JSON.stringify(sort));
    }
  });

  it("gives mingo's order over thousands of distinct values (the sliced merge sort)", async () => {
    const random = new SeededRandom(77);
    const collection = new CollectionData();
    for (let id = 0; id < 6_000; id++) {
      const kind = random.int(0, 3);
      const u =
        kind === 0
          ? random.int(-100_000, 100_000) / 7
          : kind === 1
            ? `s${random.int(0, 100_000)}`
            : kind === 2
              ? new Date(random.int(0, 1e12))
              : random.int(0, 3000);
      collection.put({ _id: id, u, g: random.int(0, 3) });
    }
    const docs = collection.entries.map((entry) => entry.doc);
    for (const sort of [{ u: 1 }, { u: -1 }, { g: 1, u: -1 }] as Record<string, 1 | -1>[]) {
      const expected = findPage(collection, { q: {}, sort, skip: 0, limit: docs.length }).documents.map((doc) => doc._id);
      const actual = (await sortSliced(docs, sort, new RequestBudget(1e9, 1e9), 0.25)).map((doc) => doc._id);
      assert.deepEqual(actual, expected, JSON.stringify(sort));
    }
  });

  it('counts the sort against the request budget and refuses past it', async () => {
    const docs: Doc[] = Array.from({ length: 5_000 }, (_, i) => ({ _id: i, v: (i * 7919) % 5_000 }));
    await assert.rejects(
      sortSliced(docs, { v: 1 }, new RequestBudget(10_000, 1e9), 1),
      /more work than the local service allows one request .*sorting/,
    );
  });
});
