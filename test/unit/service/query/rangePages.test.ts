import * as assert from 'node:assert/strict';
import type { Doc } from '../../../../src/service/bson/extendedJson';
import { RequestBudget } from '../../../../src/service/query/budget';
import { findPage } from '../../../../src/service/query/engine';
import { findPageSliced } from '../../../../src/service/query/slicedScan';
import { CollectionData } from '../../../../src/service/query/collectionData';

/** Issue 21's documents: `n` spread over the natural order, `_id` rising with it. */
function collectionOf(size: number): CollectionData {
  const collection = new CollectionData();
  for (let i = 0; i < size; i++) collection.put({ _id: i, k: i % 1000, n: (i * 7919) % 100003 });
  collection.addIndex({ name: 'k_1', key: { k: 1 } });
  collection.addIndex({ name: 'n_-1', key: { n: -1 } });
  return collection;
}

const ids = (docs: Doc[]) => docs.map((doc) => doc._id);

describe('service: a page of a range or an equality costs the same at any size', () => {
  const small = collectionOf(2_000);
  const large = collectionOf(50_000);

  const cases: [string, Doc][] = [
    ['a range holding a large share of the documents', { n: { $gte: 50_000 } }],
    ['a range holding a tenth of them', { n: { $gte: 50_000, $lt: 60_000 } }],
    ['an equality', { k: 7 }],
  ];
  for (const [name, q] of cases) {
    it(`${name}: the same page and count as a scan, from about as many documents at 50,000 as at 2,000`, async () => {
      const examined: number[] = [];
      for (const collection of [small, large]) {
        const request = { q, skip: 0, limit: 20 };
        const page = await findPageSliced(collection, request, new RequestBudget());
        const scan = findPage(collection, request);
        assert.deepEqual(ids(page.documents), ids(scan.documents));
        assert.equal(page.total, scan.total);
        examined.push(page.stats.docsExamined + page.stats.keysExamined);
      }
      assert.ok(examined[1] <= 2 * examined[0] + 64, `examined ${examined.join(' then ')}`);
    });
  }

  it('walks the index when the matches lie late in the natural order, with the same page and count', async () => {
    const request = { q: { _id: { $gte: 40_000 } }, skip: 5, limit: 20 };
    const page = await findPageSliced(large, request, new RequestBudget());
    const scan = findPage(large, request);
    assert.equal(page.plan.index?.name, '_id_');
    assert.ok(page.plan.pageByScan, 'the plan tried the natural order first');
    assert.equal(page.pageReadInNaturalOrder, false);
    assert.deepEqual(ids(page.documents), ids(scan.documents));
    assert.equal(page.total, 10_000);
    assert.ok(page.stats.docsExamined < 20_000, `examined ${page.stats.docsExamined}, not the whole collection`);
  });
});

describe('service: a page read without its total (a pipeline’s leading $match and $limit)', () => {
  const collection = new CollectionData();
  for (let i = 0; i < 20_000; i++) collection.put({ _id: i, m: i % 10 });

  it('stops scanning once the page is found, with the same documents as the whole scan', async () => {
    const request = { q: { m: 3 }, skip: 2, limit: 5 };
    const page = await findPageSliced(collection, request, new RequestBudget(), false, false);
    assert.deepEqual(ids(page.documents), ids(findPage(collection, request).documents));
    assert.ok(page.stats.docsExamined < 100, `examined ${page.stats.docsExamined} of 20,000`);
  });

  it('still scans everything when the page is sorted, since the first matches found are not the first in order', async () => {
    const request = { q: { m: 3 }, sort: { _id: -1 }, skip: 0, limit: 5 };
    const page = await findPageSliced(collection, request, new RequestBudget(), false, false);
    assert.deepEqual(ids(page.documents), ids(findPage(collection, request).documents));
  });
});
