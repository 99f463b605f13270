import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_PAGE_SIZE, Pager, clampPageSize } from '../../../../src/core/paging/pager';

/** Loads every page of a collection of `size` documents whose service may or may not send the count. */
function loadAll(pager: Pager, size: number, sendsCount: boolean): number {
  let requests = 0;
  for (let request = pager.nextPage(); request; request = pager.nextPage()) {
    requests++;
    const received = Math.max(0, Math.min(request.limit, size - request.skip));
    assert.ok(pager.pageLoaded(request, received, sendsCount ? size : undefined));
    assert.ok(requests <= size + 2, 'paging never ends');
  }
  return requests;
}

describe('core/paging/pager', () => {
  it('clamps the page size to 1..100 and falls back to the default', () => {
    assert.equal(clampPageSize(50), 50);
    assert.equal(clampPageSize(500), 100);
    assert.equal(clampPageSize(0), 1);
    assert.equal(clampPageSize(-3), 1);
    assert.equal(clampPageSize(7.9), 7);
    assert.equal(clampPageSize(Number.NaN), DEFAULT_PAGE_SIZE);
    assert.equal(clampPageSize('30'), DEFAULT_PAGE_SIZE);
    assert.equal(clampPageSize(undefined), DEFAULT_PAGE_SIZE);
    assert.equal(new Pager(1000).pageSize, 100);
  });

  it('asks for the first page, then the next past what is loaded, with the remaining count', () => {
    const pager = new Pager(20);
    assert.equal(pager.hasMore, true);
    assert.equal(pager.remaining, undefined);
    const first = pager.nextPage();
    assert.deepEqual(first, { skip: 0, limit: 20 });
    pager.pageLoaded(first!, 20, 45);
    assert.deepEqual([pager.loaded, pager.total, pager.remaining, pager.hasMore], [20, 45, 25, true]);
    const second = pager.nextPage()!;
    assert.deepEqual(second, { skip: 20, limit: 20 });
    pager.pageLoaded(second, 20, 45);
    assert.equal(pager.remaining, 5);
    pager.pageLoaded(pager.nextPage()!, 5, 45);
    assert.deepEqual([pager.loaded, pager.remaining, pager.hasMore, pager.nextPage()], [45, 0, false, undefined]);
  });

  it('stops after a full last page when the total says everything is loaded', () => {
    const pager = new Pager(10);
    pager.pageLoaded(pager.nextPage()!, 10, 10);
    assert.equal(pager.hasMore, false);
    assert.equal(pager.remaining, 0);
  });

  it('without a count, has more while the last page was full', () => {
    const pager = new Pager(10);
    pager.pageLoaded(pager.nextPage()!, 10, undefined);
    assert.equal(pager.hasMore, true);
    assert.equal(pager.remaining, undefined);
    pager.pageLoaded(pager.nextPage()!, 10, undefined);
    assert.equal(pager.hasMore, true);
    pager.pageLoaded(pager.nextPage()!, 0, undefined);
    assert.deepEqual([pager.hasMore, pager.remaining, pager.loaded], [false, 0, 20]);
  });

  it('follows a total that grows or shrinks between pages', () => {
    const grows = new Pager(10);
    grows.pageLoaded(grows.nextPage()!, 10, 12);
    grows.pageLoaded(grows.nextPage()!, 10, 25);
    assert.deepEqual([grows.remaining, grows.hasMore], [5, true]);

    const shrinks = new Pager(10);
    shrinks.pageLoaded(shrinks.nextPage()!, 10, 30);
    shrinks.pageLoaded(shrinks.nextPage()!, 10, 15);
    assert.deepEqual([shrinks.remaining, shrinks.hasMore], [0, false]);
  });

  it('treats a short page as the end even when the total promised more', () => {
    const pager = new Pager(10);
    pager.pageLoaded(pager.nextPage()!, 10, 40);
    pager.pageLoaded(pager.nextPage()!, 3, 40);
    assert.deepEqual([pager.hasMore, pager.remaining, pager.nextPage()], [false, 0, undefined]);
  });

  it('ignores a page answered twice or out of order', () => {
    const pager = new Pager(10);
    const first = pager.nextPage()!;
    assert.equal(pager.pageLoaded(first, 10, 50), true);
    assert.equal(pager.pageLoaded(first, 10, 50), false);
    assert.equal(pager.loaded, 10);
  });

  it('ignores a nonsensical count', () => {
    const pager = new Pager(10);
    pager.pageLoaded(pager.nextPage()!, 10, Number.NaN);
    assert.deepEqual([pager.total, pager.hasMore], [undefined, true]);
    pager.pageLoaded(pager.nextPage()!, 10, -1);
    assert.equal(pager.total, undefined);
  });

  it('loads every document exactly once, with or without a count', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1000 }), fc.integer({ min: -5, max: 150 }), fc.boolean(), (size, pageSize, sendsCount) => {
        const pager = new Pager(pageSize);
        const requests = loadAll(pager, size, sendsCount);
        assert.equal(pager.loaded, size);
        assert.equal(pager.hasMore, false);
        const pages = Math.ceil(size / pager.pageSize);
        const extra = sendsCount || size % pager.pageSize !== 0 ? 0 : 1;
        assert.equal(
          requests,
          Math.max(1, pages + extra),
          'one request per page, plus one empty page only when nothing says the last full page was the end',
        );
      }),
    );
  });
});
