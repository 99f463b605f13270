import * as assert from 'node:assert/strict';
import { DEFAULT_PAGE_SIZE, clampPageSize } from '../../../../src/core/paging/pager';

describe('core/paging/pager: the page size setting', () => {
  it('clamps the page size to 1..100 and falls back to the default', () => {
    assert.equal(clampPageSize(50), 50);
    assert.equal(clampPageSize(500), 100);
    assert.equal(clampPageSize(0), 1);
    assert.equal(clampPageSize(-3), 1);
    assert.equal(clampPageSize(7.9), 7);
    assert.equal(clampPageSize(Number.NaN), DEFAULT_PAGE_SIZE);
    assert.equal(clampPageSize('30'), DEFAULT_PAGE_SIZE);
    assert.equal(clampPageSize(undefined), DEFAULT_PAGE_SIZE);
  });
});
