import * as assert from 'node:assert/strict';
import { LosslessNumber, stringifyLossless } from '../../../../src/core/json/lossless';
import { MAX_EXPORT_IDS, asksForScope, checkExportDocumentsArgs } from '../../../../src/core/transfer/exportArgs';

const target = { accountId: 'a1', db: 'sales', col: 'orders' };

describe('Export Documents arguments', () => {
  it('tells a scope apart from a plain collection target', () => {
    assert.equal(asksForScope({ ...target, scope: { kind: 'ids', ids: ['1'], fields: {} } }), true);
    assert.equal(asksForScope(target), false);
    assert.equal(asksForScope({ target }), false);
    assert.equal(asksForScope(undefined), false);
  });

  it('parses a view query with its filter exact, its sort and projection', () => {
    const { request, error } = checkExportDocumentsArgs({
      ...target,
      scope: { kind: 'query', filter: '{"big": 9007199254740993}', sort: { name: -1 }, fields: { _id: 1, name: 1 } },
    });
    assert.equal(error, undefined);
    assert.ok(request?.kind === 'query');
    assert.equal(stringifyLossless(request.query.q), '{"big":9007199254740993}');
    assert.deepEqual(request.query.sort, { name: -1 });
    assert.deepEqual(request.query.fields, { _id: 1, name: 1 });
  });

  it('leaves out an empty filter, sort and projection', () => {
    const { request } = checkExportDocumentsArgs({ ...target, scope: { kind: 'query', filter: '  ', sort: {}, fields: {} } });
    assert.deepEqual(request, { ...target, kind: 'query', query: {} });
  });

  it('parses _ids exactly, in order, each once', () => {
    const ids = [
      '{"$oid":"65a1b2c3d4e5f60718293a4b"}',
      '9007199254740993',
      '"own-1"',
      '{"$oid":"65a1b2c3d4e5f60718293a4b"}',
      '{"$date":"2024-02-29T12:00:00.000Z"}',
    ];
    const { request } = checkExportDocumentsArgs({ ...target, scope: { kind: 'ids', ids, fields: {} } });
    assert.ok(request?.kind === 'ids');
    assert.deepEqual(
      request.ids.map((id) => stringifyLossless(id)),
      [ids[0], ids[1], ids[2], ids[4]],
    );
    assert.ok(request.ids[1] instanceof LosslessNumber);
    assert.equal(request.fields, undefined);
  });

  it('refuses malformed arguments with the reason', () => {
    const ids = (list: unknown) => ({ ...target, scope: { kind: 'ids', ids: list, fields: {} } });
    const cases: [unknown, RegExp][] = [
      [null, /not an object/],
      [{ ...target, db: '' }, /non-empty strings/],
      [{ ...target, accountId: 7, scope: { kind: 'ids', ids: ['1'] } }, /non-empty strings/],
      [{ ...target, scope: 'everything' }, /scope must be an object/],
      [{ ...target, scope: { kind: 'all' } }, /scope.kind/],
      [ids('1'), /non-empty array/],
      [ids([]), /non-empty array/],
      [ids([1, 2]), /JSON text/],
      [ids(['{oops']), /is not JSON/],
      [ids(Array.from({ length: MAX_EXPORT_IDS + 1 }, (_, n) => String(n))), /at most 10,000 documents/],
      [{ ...target, scope: { kind: 'ids', ids: ['1'], fields: { name: 0 } } }, /scope.fields/],
      [{ ...target, scope: { kind: 'ids', ids: ['1'], extra: true } }, /unknown keys/],
      [{ ...target, scope: { kind: 'query', filter: '[1]', sort: {}, fields: {} } }, /JSON object/],
      [{ ...target, scope: { kind: 'query', filter: '{"a":1,"a":2}', sort: {}, fields: {} } }, /JSON object/],
      [{ ...target, scope: { kind: 'query', filter: {}, sort: {}, fields: {} } }, /JSON text/],
      [{ ...target, scope: { kind: 'query', filter: '', sort: { name: 2 }, fields: {} } }, /scope.sort/],
      [{ ...target, scope: { kind: 'query', filter: '', sort: { $where: 1 }, fields: {} } }, /scope.sort/],
    ];
    for (const [raw, reason] of cases) {
      const { request, error } = checkExportDocumentsArgs(raw);
      assert.equal(request, undefined, JSON.stringify(raw)?.slice(0, 100));
      assert.match(error ?? '', /^\S.*: Export Documents cannot use the arguments it was given\.$/);
      assert.match(error ?? '', reason);
    }
  });

  it('accepts exactly the cap of _ids', () => {
    const { request } = checkExportDocumentsArgs({
      ...target,
      scope: { kind: 'ids', ids: Array.from({ length: MAX_EXPORT_IDS }, (_, n) => String(n)), fields: {} },
    });
    assert.equal(request?.kind === 'ids' && request.ids.length, MAX_EXPORT_IDS);
  });
});
