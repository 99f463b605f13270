import * as assert from 'node:assert/strict';
import { isReplayableQuery, namespaceOf, operationLabel, slowQueryPlaygroundText } from '../../../../src/core/activity/slowQueryPlayground';

describe('slow queries in playgrounds', () => {
  const slow = {
    op: 'query',
    ns: 'shop.orders.archive',
    query: { status: 'shipped' },
    orderby: { total: -1 },
    millis: 240,
    ts: { $date: '2026-11-23T10:00:00.000Z' },
  };

  it('splits a namespace at its first dot and refuses commands', () => {
    assert.deepEqual(namespaceOf('shop.orders.archive'), { db: 'shop', col: 'orders.archive' });
    assert.equal(namespaceOf('shop.$cmd'), undefined);
    assert.equal(namespaceOf('shop'), undefined);
    assert.equal(namespaceOf(7), undefined);
  });

  it('runs only queries on a collection again', () => {
    assert.equal(isReplayableQuery(slow), true);
    assert.equal(isReplayableQuery({ ...slow, op: 'update' }), false);
    assert.equal(isReplayableQuery({ op: 'command', ns: 'shop.$cmd' }), false);
  });

  it('prefills the filter and order on the collection, bound to the account, saying how slow it was', () => {
    const text = slowQueryPlaygroundText(slow, 'Production');
    assert.match(text.split('\n')[0], /^\/\/ A slow query on shop\.orders\.archive at 2026-11-23T10:00:00\.000Z: it took 240 ms\./);
    assert.deepEqual(JSON.parse(text.slice(text.indexOf('['))), [
      { account: 'Production', database: 'shop', collection: 'orders.archive', q: { status: 'shipped' }, sort: { total: -1 }, limit: 20 },
    ]);
    assert.throws(() => slowQueryPlaygroundText({ op: 'insert', ns: 'shop.orders' }, 'Production'), /Only a slow query/);
  });

  it('labels operations by kind and namespace', () => {
    assert.equal(operationLabel(slow), 'query shop.orders.archive');
    assert.equal(operationLabel({}), 'operation');
  });
});
