import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Doc, Value } from '../../../src/service/bson/extendedJson';
import { ObjectId } from '../../../src/service/bson/objectId';
import { findPage } from '../../../src/service/query/engine';
import { idRangePage } from '../../../src/service/query/idOrder';
import { CollectionData } from '../../../src/service/store/collectionData';

const idsOfOneKind: fc.Arbitrary<Value[]> = fc.oneof(
  fc.uniqueArray(fc.stringMatching(/^[0-9a-f]{24}$/), { maxLength: 60 }).map((hexes) => hexes.map((hex) => new ObjectId(hex))),
  fc.uniqueArray(fc.string({ maxLength: 4 }), { maxLength: 60 }),
  fc.uniqueArray(
    fc.oneof(
      fc.integer({ min: -50, max: 50 }),
      fc.double({ min: -50, max: 50, noNaN: true }).filter((n) => !Object.is(n, -0)),
    ),
    { maxLength: 60 },
  ),
);

describe('service: pages by _id answered from the _id order', () => {
  it('gives exactly what the scan-and-sort path gives for $gt/$gte/$lt/$lte on _id sorted by _id', () => {
    fc.assert(
      fc.property(
        idsOfOneKind,
        fc.nat(),
        fc.constantFrom('$gt', '$gte', '$lt', '$lte'),
        fc.constantFrom<1 | -1>(1, -1),
        fc.nat({ max: 70 }),
        fc.integer({ min: 1, max: 100 }),
        (ids, pick, operator, direction, skip, limit) => {
          const collection = new CollectionData();
          ids.forEach((_id, n) => collection.put({ _id, n }));
          const bound = ids.length === 0 ? undefined : ids[pick % ids.length];
          const q: Doc = bound === undefined ? {} : { _id: { [operator]: bound } };
          const fast = idRangePage(collection, { q, sort: { _id: direction }, skip, limit });
          assert.ok(fast, 'answered from the _id order');
          // The same query in a form the fast path leaves to the general one.
          const general = findPage(collection, { q: { $and: [q] }, sort: { _id: direction }, skip, limit });
          assert.deepEqual(
            fast.documents.map((doc) => doc.n),
            general.documents.map((doc) => doc.n),
          );
          assert.equal(fast.total, general.total);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives exactly what the scan-and-sort path gives for a window bounded on both sides (an export window: $gte/$gt with $lt/$lte)', () => {
    fc.assert(
      fc.property(
        idsOfOneKind,
        fc.nat(),
        fc.nat(),
        fc.constantFrom('$gt', '$gte'),
        fc.constantFrom('$lt', '$lte'),
        fc.constantFrom<1 | -1>(1, -1),
        fc.nat({ max: 70 }),
        fc.integer({ min: 1, max: 100 }),
        (ids, pickLow, pickHigh, lower, upper, direction, skip, limit) => {
          fc.pre(ids.length > 0);
          const collection = new CollectionData();
          ids.forEach((_id, n) => collection.put({ _id, n }));
          const q: Doc = { _id: { [lower]: ids[pickLow % ids.length], [upper]: ids[pickHigh % ids.length] } };
          const fast = idRangePage(collection, { q, sort: { _id: direction }, skip, limit });
          assert.ok(fast, 'answered from the _id order');
          const general = findPage(collection, { q: { $and: [q] }, sort: { _id: direction }, skip, limit });
          assert.deepEqual(
            fast.documents.map((doc) => doc.n),
            general.documents.map((doc) => doc.n),
          );
          assert.equal(fast.total, general.total);
        },
      ),
      { numRuns: 300 },
    );
    const collection = new CollectionData();
    collection.put({ _id: 1 });
    assert.equal(
      idRangePage(collection, { q: { _id: { $gt: 0, $gte: 0 } }, sort: { _id: 1 }, skip: 0, limit: 10 }),
      undefined,
      'two bounds on one side',
    );
    assert.equal(
      idRangePage(collection, { q: { _id: { $gt: 0, $ne: 3 } }, sort: { _id: 1 }, skip: 0, limit: 10 }),
      undefined,
      'another operator',
    );
  });

  it('leaves mixed kinds of _id, other sorts and other filters to the general path, and follows inserts and deletes', () => {
    const collection = new CollectionData();
    collection.put({ _id: 1 });
    collection.put({ _id: 3 });
    assert.deepEqual(idRangePage(collection, { q: { _id: { $gt: 1 } }, sort: { _id: 1 }, skip: 0, limit: 10 })?.documents, [{ _id: 3 }]);
    collection.put({ _id: 2 });
    assert.deepEqual(idRangePage(collection, { q: { _id: { $gt: 1 } }, sort: { _id: 1 }, skip: 0, limit: 10 })?.documents, [
      { _id: 2 },
      { _id: 3 },
    ]);
    collection.delete(3);
    assert.deepEqual(idRangePage(collection, { q: { _id: { $gt: 1 } }, sort: { _id: 1 }, skip: 0, limit: 10 })?.documents, [{ _id: 2 }]);
    assert.equal(
      idRangePage(collection, { q: { _id: { $gt: 'a' } }, sort: { _id: 1 }, skip: 0, limit: 10 }),
      undefined,
      'a bound of another kind',
    );
    assert.equal(idRangePage(collection, { q: { n: 1 }, sort: { _id: 1 }, skip: 0, limit: 10 }), undefined);
    assert.equal(idRangePage(collection, { q: {}, sort: { n: 1 }, skip: 0, limit: 10 }), undefined);
    collection.put({ _id: 'text' });
    assert.equal(idRangePage(collection, { q: {}, sort: { _id: 1 }, skip: 0, limit: 10 }), undefined, 'mixed kinds');
  });
});
