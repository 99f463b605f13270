import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { DocumentQuery } from '../../../../src/core/api/types';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { QueryPaging, keysetFilter, pagingPlan } from '../../../../src/core/paging/keyset';

/** A service over ids of one kind (numbers), answering `_id` $gt/$lt filters, sorts by `_id` and skip. */
function answer(ids: number[], request: DocumentQuery): { documents: JsonObject[]; total: number } {
  let matched = [...ids];
  const filter = request.q?._id as { $gt?: number; $lt?: number } | undefined;
  if (filter?.$gt !== undefined) matched = matched.filter((id) => id > filter.$gt!);
  if (filter?.$lt !== undefined) matched = matched.filter((id) => id < filter.$lt!);
  const direction = request.sort?._id;
  if (direction !== undefined) matched.sort((a, b) => (a - b) * direction);
  const skip = request.skip ?? 0;
  return { documents: matched.slice(skip, skip + (request.limit ?? 20)).map((_id) => ({ _id })), total: matched.length };
}

describe('core/paging/keyset', () => {
  it('pages by key unless the sort is by something other than _id or the projection drops _id', () => {
    assert.deepEqual(pagingPlan(undefined), { kind: 'keyset', direction: 1 });
    assert.deepEqual(pagingPlan({}), { kind: 'keyset', direction: 1 });
    assert.deepEqual(pagingPlan({ _id: -1 }), { kind: 'keyset', direction: -1 });
    assert.deepEqual(pagingPlan({ name: 1 }), { kind: 'skip' });
    assert.deepEqual(pagingPlan({ _id: 1, name: 1 }), { kind: 'skip' });
    assert.deepEqual(pagingPlan(undefined, { _id: 0, name: 1 }), { kind: 'skip' });
    assert.deepEqual(pagingPlan(undefined, ['name']), { kind: 'keyset', direction: 1 });
  });

  it('adds the key condition to the query without changing what it selects', () => {
    assert.deepEqual(keysetFilter(undefined, 5, 1), { _id: { $gt: 5 } });
    assert.deepEqual(keysetFilter({ a: 1 }, 5, -1), { a: 1, _id: { $lt: 5 } });
    assert.deepEqual(keysetFilter({ _id: { $in: [1, 2] } }, 5, 1), { $and: [{ _id: { $in: [1, 2] } }, { _id: { $gt: 5 } }] });
  });

  it('fetches every document once, in ceil(N/size) requests when the count is sent', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -1000, max: 1000 }), { maxLength: 300 }),
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom<1 | -1>(1, -1),
        (ids, size, direction) => {
          const paging = new QueryPaging({ sort: { _id: direction } }, size);
          const seen: unknown[] = [];
          let requests = 0;
          for (let request = paging.next(); request; request = paging.next()) {
            requests++;
            assert.equal(request.skip, undefined, 'never skips');
            const page = answer(ids, request);
            seen.push(...page.documents.map((document) => document._id));
            paging.pageReceived(page.documents, page.total);
          }
          assert.deepEqual(
            seen,
            [...ids].sort((a, b) => (a - b) * direction),
          );
          assert.equal(requests, Math.max(1, Math.ceil(ids.length / size)));
        },
      ),
    );
  });

  it('skips by count when sorting by another field', () => {
    const paging = new QueryPaging({ q: { a: 1 }, sort: { name: 1 } }, 2);
    assert.deepEqual(paging.next(), { limit: 2, q: { a: 1 }, sort: { name: 1 } });
    paging.pageReceived([{ _id: 1 }, { _id: 2 }], 3);
    assert.deepEqual(paging.next(), { limit: 2, q: { a: 1 }, sort: { name: 1 }, skip: 2 });
    paging.pageReceived([{ _id: 3 }], 3);
    assert.equal(paging.next(), undefined);
  });

  it('goes on by skip, in the same order, when keys of another type were left out by the key condition', () => {
    const paging = new QueryPaging({}, 2);
    paging.pageReceived([{ _id: 1 }, { _id: 2 }], 5);
    assert.deepEqual(paging.next(), { limit: 2, q: { _id: { $gt: 2 } }, sort: { _id: 1 } });
    // The service compares numbers with numbers only: the string ids are not past 2.
    paging.pageReceived([{ _id: 3 }], 1);
    assert.deepEqual(paging.next(), { limit: 2, sort: { _id: 1 }, skip: 3 });
    paging.pageReceived([{ _id: 'a' }, { _id: 'b' }], 5);
    assert.equal(paging.next(), undefined);
    assert.equal(paging.total, 5);
  });

  it('asks until a short page when the service sends no count', () => {
    const paging = new QueryPaging({}, 2);
    paging.pageReceived([{ _id: 1 }, { _id: 2 }], undefined);
    assert.ok(paging.next());
    paging.pageReceived([], undefined);
    assert.equal(paging.next(), undefined);
  });
});
