import * as assert from 'node:assert/strict';
import { stringifyLossless } from '../../../../src/core/json/lossless';
import {
  DEFAULT_VIEW_STATE,
  checkViewState,
  pageBounds,
  pageQuery,
  parseFilter,
  toggleSort,
  viewStateOfQuery,
} from '../../../../src/core/table/viewState';

describe('collection view state', () => {
  it('asks the service for only the shown page, with filter, sort and projection', () => {
    const query = pageQuery({
      ...DEFAULT_VIEW_STATE,
      filter: '{"n": {"$gt": 9007199254740993}}',
      sort: [{ path: ['a', 'b'], direction: -1 }],
      page: 2,
      pageSize: 50,
      fields: [['name']],
    });
    assert.equal(
      stringifyLossless(query),
      '{"q":{"n":{"$gt":9007199254740993}},"sort":{"a.b":-1},"fields":{"_id":1,"name":1},"skip":100,"limit":50}',
    );
  });

  it('says why a filter is not usable', () => {
    assert.match(parseFilter('{"a":').error ?? '', /not valid JSON/);
    assert.match(parseFilter('[1]').error ?? '', /must be a JSON object/);
    assert.match(parseFilter('{"a":1,"a":2}').error ?? '', /Duplicate property/);
    assert.deepEqual(parseFilter('  '), {});
  });

  it('sorts by one header, or by several with shift, cycling ascending, descending, off', () => {
    let sort = toggleSort([], ['a'], false);
    assert.deepEqual(sort, [{ path: ['a'], direction: 1 }]);
    sort = toggleSort(sort, ['b'], true);
    sort = toggleSort(sort, ['a'], true);
    assert.deepEqual(sort, [
      { path: ['a'], direction: -1 },
      { path: ['b'], direction: 1 },
    ]);
    sort = toggleSort(sort, ['a'], true);
    assert.deepEqual(sort, [{ path: ['b'], direction: 1 }]);
    assert.deepEqual(toggleSort(sort, ['c'], false), [{ path: ['c'], direction: 1 }]);
  });

  it('accepts a saved state only when every part is valid', () => {
    assert.deepEqual(checkViewState(JSON.parse(JSON.stringify(DEFAULT_VIEW_STATE))), DEFAULT_VIEW_STATE);
    for (const broken of [
      null,
      [],
      { ...DEFAULT_VIEW_STATE, pageSize: 30 },
      { ...DEFAULT_VIEW_STATE, page: -1 },
      { ...DEFAULT_VIEW_STATE, sort: [{ path: [], direction: 1 }] },
      { ...DEFAULT_VIEW_STATE, view: 'grid' },
      { ...DEFAULT_VIEW_STATE, fields: [[1]] },
    ]) {
      assert.equal(checkViewState(broken), undefined, JSON.stringify(broken));
    }
  });

  it('counts the page bounds for "21–40 of 95"', () => {
    assert.deepEqual(pageBounds({ ...DEFAULT_VIEW_STATE, page: 1 }, 20, 95), { first: 21, last: 40, total: 95, pages: 5 });
    assert.deepEqual(pageBounds(DEFAULT_VIEW_STATE, 0, 0), { first: 0, last: 0, total: 0, pages: 1 });
  });
});

describe('collection view of a playground query', () => {
  it('takes the filter text, sort, inclusion projection and the page holding the skip', () => {
    assert.deepEqual(
      viewStateOfQuery({
        filter: '{"n": 9007199254740993}',
        sort: { 'a.b': -1, name: 1 },
        fields: { name: 1, _id: 1 },
        skip: 40,
        limit: 20,
      }),
      {
        ...DEFAULT_VIEW_STATE,
        filter: '{"n": 9007199254740993}',
        sort: [
          { path: ['a', 'b'], direction: -1 },
          { path: ['name'], direction: 1 },
        ],
        fields: [['name']],
        page: 2,
      },
    );
  });

  it('leaves what it cannot use at the default', () => {
    assert.deepEqual(viewStateOfQuery({ filter: '{bad', sort: { a: 2 }, fields: { secret: 0 }, limit: 30 }), {
      ...DEFAULT_VIEW_STATE,
      pageSize: 50,
    });
  });
});
