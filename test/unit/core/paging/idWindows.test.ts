import * as assert from 'node:assert/strict';
import type { JsonValue } from '../../../../src/core/json/lossless';
import { LosslessNumber } from '../../../../src/core/json/lossless';
import { idKind, strictlyOrdered, windowFilter } from '../../../../src/core/paging/idWindows';
import { clampWindows } from '../../../../src/core/transfer/windowedExport';

describe('core/paging: windows of the _id order', () => {
  it('tells the kinds of _id a window may be cut by, and refuses the others', () => {
    const ids: JsonValue[] = [
      'a',
      3,
      new LosslessNumber('9223372036854775807'),
      { $oid: '65a1b2c3d4e5f60718293a4b' },
      { $date: '2024-01-01T00:00:00.000Z' },
    ];
    assert.deepEqual(
      ids.map((id) => idKind(id)),
      ['string', 'number', 'number', 'objectId', 'date'],
    );
    const others: (JsonValue | undefined)[] = [null, true, [1], { a: 1 }, { $oid: 1 }, { $date: 5, x: 1 }, undefined];
    for (const other of others) assert.equal(idKind(other), undefined, JSON.stringify(other));
  });

  it('bounds a window in the direction of the sort, beside the filter or under $and', () => {
    assert.deepEqual(windowFilter(undefined, { from: 1, to: 9 }, 1), { _id: { $gte: 1, $lt: 9 } });
    assert.deepEqual(windowFilter({}, { from: 9, after: 7, to: 1 }, -1), { _id: { $lt: 7, $gt: 1 } });
    assert.deepEqual(windowFilter({ kind: 'a' }, { to: 'm' }, 1), { kind: 'a', _id: { $lt: 'm' } });
    assert.deepEqual(windowFilter({ _id: { $ne: 3 } }, { from: 5 }, 1), { $and: [{ _id: { $ne: 3 } }, { _id: { $gte: 5 } }] });
    assert.deepEqual(windowFilter({ $and: [{ a: 1 }] }, { after: 5 }, 1), { $and: [{ $and: [{ a: 1 }] }, { _id: { $gt: 5 } }] });
    assert.deepEqual(windowFilter({ a: 1 }, {}, 1), { a: 1 });
  });

  it('accepts window starts only when each comes strictly after the one before, as the service compares them', () => {
    assert.ok(strictlyOrdered(['a', 'b', 'c'], 'string', 1));
    assert.ok(strictlyOrdered([new LosslessNumber('9007199254740993'), 3, -1.5], 'number', -1));
    assert.ok(
      !strictlyOrdered([new LosslessNumber('9007199254740993'), new LosslessNumber('9007199254740992')], 'number', -1),
      'the same double',
    );
    assert.ok(strictlyOrdered([{ $oid: '0a' }, { $oid: 'FF' }], 'objectId', 1));
    assert.ok(
      !strictlyOrdered([{ $date: '1999-12-31T23:00:00.000Z' }, { $date: '2000-01-01T00:00:00.000+02:00' }], 'date', 1),
      'by time, not by text',
    );
    assert.ok(!strictlyOrdered(['b', 'a'], 'string', 1));
    assert.ok(!strictlyOrdered(['a', 'a'], 'string', 1));
  });

  it('keeps the number of windows between 1 and 8', () => {
    assert.deepEqual([undefined, 'x', 0, 1, 3.7, 8, 99, Number.NaN].map(clampWindows), [1, 1, 1, 1, 3, 8, 8, 1]);
  });
});
