import * as assert from 'node:assert/strict';
import type { IndexRecord } from '../../../../src/core/api/types';
import { LosslessNumber } from '../../../../src/core/json/lossless';
import { IN_AS_EQUALITY_LIMIT, suggestIndex } from '../../../../src/core/indexes/suggestIndex';

const idOnly: IndexRecord[] = [{ name: '_id_', key: { _id: 1 } }];

function created(result: ReturnType<typeof suggestIndex>): { spec: Record<string, number>; name: string } {
  assert.equal(result.kind, 'create', result.why);
  if (result.kind !== 'create') throw new Error('unreachable');
  return { spec: result.spec, name: result.name };
}

const keys = (spec: Record<string, number>) => Object.entries(spec);

describe('the index suggested for a query', () => {
  it('indexes an equality field, named by the database convention', () => {
    assert.deepEqual(created(suggestIndex({ q: { k: 7 } }, idOnly)), { spec: { k: 1 }, name: 'k_1' });
  });

  it('puts equality first, then the sort in its order and directions, then the range (ESR)', () => {
    const result = created(
      suggestIndex({ q: { price: { $gt: 10 }, status: 'paid', region: { $eq: 'eu' } }, sort: { total: -1, day: 1 } }, idOnly),
    );
    assert.deepEqual(keys(result.spec), [
      ['status', 1],
      ['region', 1],
      ['total', -1],
      ['day', 1],
      ['price', 1],
    ]);
    assert.equal(result.name, 'status_1_region_1_total_-1_day_1_price_1');
  });

  it('explains the order it chose', () => {
    const result = suggestIndex({ q: { a: 1, b: { $lt: 3 } }, sort: { c: 1 } }, idOnly);
    assert.equal(result.why, 'Equality, sort, range: the equality on a first, then the sort on c, then the range on b.');
  });

  it('counts $in with few values as an equality, and with many as a range', () => {
    const few = created(suggestIndex({ q: { tag: { $in: ['a', 'b'] }, n: { $gte: 1 } }, sort: { d: 1 } }, idOnly));
    assert.deepEqual(Object.keys(few.spec), ['tag', 'd', 'n']);
    const values = Array.from({ length: IN_AS_EQUALITY_LIMIT + 1 }, (_, i) => i);
    const many = created(suggestIndex({ q: { tag: { $in: values } }, sort: { d: 1 } }, idOnly));
    assert.deepEqual(Object.keys(many.spec), ['d', 'tag']);
  });

  it('suggests nothing for an _id equality: the _id_ index answers it', () => {
    const result = suggestIndex({ q: { _id: { $oid: '4ffde1398c1a4b6d6c000001' }, status: 'paid' } }, idOnly);
    assert.equal(result.kind, 'none');
    assert.match(result.why, /_id/);
  });

  it('leaves out fields under $or, $where and $expr, and walks $and', () => {
    const result = created(
      suggestIndex(
        { q: { $or: [{ a: 1 }, { b: 2 }], $where: 'this.c', $expr: { $eq: ['$d', 1] }, $and: [{ e: 5 }, { f: { $lt: 2 } }] } },
        idOnly,
      ),
    );
    assert.deepEqual(Object.keys(result.spec), ['e', 'f']);
    assert.equal(suggestIndex({ q: { $or: [{ a: 1 }, { b: 2 }] } }, idOnly).kind, 'none');
  });

  it('treats an extended JSON value and an embedded document as equalities', () => {
    const result = created(
      suggestIndex(
        { q: { at: { $date: '2026-01-01T00:00:00Z' }, address: { city: 'Paris' }, big: new LosslessNumber('9007199254740993') } },
        idOnly,
      ),
    );
    assert.deepEqual(Object.keys(result.spec), ['at', 'address', 'big']);
  });

  it('does not index the sort a second time when an equality already fixes its field', () => {
    const result = created(suggestIndex({ q: { k: 7 }, sort: { k: -1, n: 1 } }, idOnly));
    assert.deepEqual(keys(result.spec), [
      ['k', 1],
      ['n', 1],
    ]);
  });

  it('ignores prototype paths and geo conditions', () => {
    assert.deepEqual(
      Object.keys(created(suggestIndex({ q: { 'a.constructor': 1, 'prototype.x': 2, loc: { $near: [0, 0] }, k: 1 } }, idOnly)).spec),
      ['k'],
    );
  });

  it('suggests nothing for a query with neither filter nor sort', () => {
    assert.equal(suggestIndex({}, idOnly).kind, 'none');
    assert.equal(suggestIndex({ q: {} }, idOnly).kind, 'none');
  });

  describe('an existing index that already serves the query', () => {
    it('is one whose key starts with the suggested fields', () => {
      const existing = [...idOnly, { name: 'k_1_s_1', key: { k: 1, s: 1 } }];
      const result = suggestIndex({ q: { k: 7 } }, existing);
      assert.deepEqual(result, { kind: 'none', why: "The index k_1_s_1 already serves this query's shape." });
    });

    it('serves a sort walked backward, all directions reversed', () => {
      const existing = [...idOnly, { name: 'a_1_b_-1', key: { a: 1, b: -1 } }];
      assert.equal(suggestIndex({ sort: { a: -1, b: 1 } }, existing).kind, 'none');
      assert.equal(suggestIndex({ sort: { a: 1, b: -1 } }, existing).kind, 'none');
    });

    it('does not serve a sort in mixed directions, another field order, or a longer key', () => {
      const existing = [...idOnly, { name: 'a_1_b_-1', key: { a: 1, b: -1 } }];
      assert.equal(created(suggestIndex({ sort: { a: 1, b: 1 } }, existing)).name, 'a_1_b_1');
      assert.equal(created(suggestIndex({ q: { b: 1, a: 2 } }, existing)).name, 'b_1_a_1');
      assert.equal(created(suggestIndex({ q: { a: 1, b: 2, c: 3 } }, existing)).name, 'a_1_b_1_c_1');
    });

    it('takes directions sent as exact numbers and ignores geo indexes', () => {
      const exact = [...idOnly, { name: 'k_-1', key: { k: new LosslessNumber('-1') } }];
      assert.equal(suggestIndex({ sort: { k: 1 } }, exact).kind, 'none');
      const geo = [...idOnly, { name: 'loc_2d', key: { loc: '2d' } }];
      assert.equal(created(suggestIndex({ q: { loc: 1 } }, geo)).name, 'loc_1');
    });
  });
});
