import * as assert from 'node:assert/strict';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { LosslessNumber, parseLossless, stringifyLossless } from '../../../../src/core/json/lossless';
import type { ExtensionMessage } from '../../../../src/core/table/protocol';
import { checkExtensionMessage, checkSelectedKeys, checkWebviewMessage, postedForm } from '../../../../src/core/table/protocol';
import { DEFAULT_VIEW_STATE } from '../../../../src/core/table/viewState';

describe('collection view messages', () => {
  it('accepts each message the webview sends, exactly', () => {
    const valid = [
      { type: 'ready' },
      { type: 'setView', state: DEFAULT_VIEW_STATE },
      { type: 'edit', key: '{"$oid":"4ffde1398c1a4b6d6c000001"}', path: ['a', 'b'], kind: 'int64', text: '9007199254740993' },
      { type: 'removeField', key: '1', path: ['a'] },
      { type: 'revert', key: '1' },
      { type: 'revert', key: '1', path: ['a'] },
      { type: 'rows', action: 'delete', keys: ['1', '2'] },
      { type: 'exportView' },
      { type: 'exportSelected', keys: ['{"$oid":"4ffde1398c1a4b6d6c000001"}', '9007199254740993'] },
      { type: 'exportSelected', keys: Array.from({ length: 10_000 }, (_, n) => String(n)) },
      { type: 'changeRows', keys: [] },
      { type: 'changeRows', keys: ['{"$oid":"4ffde1398c1a4b6d6c000001"}', '9007199254740993'] },
    ];
    for (const message of valid) assert.deepEqual(checkWebviewMessage(message), message);
  });

  it('drops anything else from the webview', () => {
    const invalid: unknown[] = [
      null,
      'save',
      { type: 'save', extra: 1 },
      { type: 'unknown' },
      { type: 'edit', key: '1', path: [], kind: 'string', text: '' },
      { type: 'edit', key: '1', path: ['a'], kind: 'decimal', text: '1' },
      { type: 'edit', key: '1', path: ['a'], kind: 'string', text: 5 },
      { type: 'edit', key: 1, path: ['a'], kind: 'string', text: '' },
      { type: 'setView', state: { ...DEFAULT_VIEW_STATE, pageSize: 1000 } },
      { type: 'rows', action: 'drop', keys: ['1'] },
      { type: 'rows', action: 'delete', keys: [] },
      { type: 'removeField', key: '1', path: [''] },
      { type: 'exportView', keys: ['1'] },
      { type: 'exportSelected' },
      { type: 'exportSelected', keys: '1' },
      { type: 'exportSelected', keys: [] },
      { type: 'exportSelected', keys: [1] },
      { type: 'exportSelected', keys: [''] },
      { type: 'exportSelected', keys: ['x'.repeat(10_001)] },
      { type: 'exportSelected', keys: Array.from({ length: 10_001 }, (_, n) => String(n)) },
      { type: 'exportSelected', keys: ['1'], scope: 'all' },
      { type: 'changeRows' },
      { type: 'changeRows', keys: [''] },
      { type: 'changeRows', keys: [1] },
      { type: 'changeRows', keys: Array.from({ length: 10_001 }, (_, n) => String(n)) },
      { type: 'changeRows', keys: [], set: { a: 1 } },
    ];
    for (const message of invalid) assert.equal(checkWebviewMessage(message), undefined, JSON.stringify(message));
  });

  it('checks the keys the rows’ context menu carries to Export Selected… as the page’s own Export Selected… message', () => {
    const keys = ['{"$oid":"4ffde1398c1a4b6d6c000001"}', '9007199254740993', '"own-8"'];
    assert.deepEqual(checkSelectedKeys(keys), keys);
    for (const raw of [undefined, '1', [], [1], [''], ['x'.repeat(10_001)], Array.from({ length: 10_001 }, (_, n) => String(n))])
      assert.equal(checkSelectedKeys(raw), undefined, JSON.stringify(raw)?.slice(0, 50));
  });

  it('checks what the extension sends before the page uses it, documents exact across the wire', () => {
    const documents = parseLossless('[{"_id": 1, "big": 9007199254740993, "price": 1.50, "__proto__": {"x": 1}}]') as JsonObject[];
    const page: ExtensionMessage = {
      type: 'page',
      title: 't',
      state: DEFAULT_VIEW_STATE,
      documents,
      staged: [['1', [{ path: ['big'], value: new LosslessNumber('9007199254740995') }, { path: ['gone'] }]]],
      total: 3,
      loading: false,
      editable: true,
    };
    const wire = JSON.parse(JSON.stringify(postedForm(page))) as Record<string, unknown>;
    assert.equal(typeof wire.documents, 'object', 'documents travel as structure, not as JSON text');
    const received = checkExtensionMessage(wire);
    assert.ok(received?.type === 'page');
    assert.equal(stringifyLossless(received.documents), stringifyLossless(documents));
    assert.equal(Object.getPrototypeOf(received.documents[0]), Object.prototype, 'a "__proto__" key stays data');
    assert.equal(stringifyLossless(received.staged), stringifyLossless(page.staged));
    assert.equal(checkExtensionMessage({ ...wire, total: -1 }), undefined);
    assert.equal(checkExtensionMessage({ ...wire, state: {} }), undefined);
    assert.equal(checkExtensionMessage({ ...wire, payload: '{}' }), undefined, 'a key the protocol does not name');
    assert.equal(checkExtensionMessage({ ...wire, documents: [{ o: [['a', { n: '1e' }]] }] }), undefined, 'not a number');
    assert.equal(checkExtensionMessage({ ...wire, documents: [{ a: [] }] }), undefined, 'a document is an object');
    assert.equal(checkExtensionMessage({ type: 'review', items: [{ key: 'k', label: 'l', typeChanges: [1] }] }), undefined);
    assert.deepEqual(checkExtensionMessage({ type: 'notice', text: 'x' }), { type: 'notice', text: 'x' });
    assert.equal(checkExtensionMessage({ type: 'keep', restore: { n: 'x' } }), undefined);
    assert.deepEqual(checkExtensionMessage({ type: 'keep', restore: 5 }), { type: 'keep', restore: 5 });
    assert.equal((checkExtensionMessage({ ...wire, rowChanges: 2 }) as { rowChanges?: number } | undefined)?.rowChanges, 2);
    assert.equal(checkExtensionMessage({ ...wire, rowChanges: -1 }), undefined);
    const violations = [['1', [{ path: 'price', text: 'price: must be a number ≥ 0 (found -3) (rule: properties.price.minimum)' }]]];
    const ruled = checkExtensionMessage({ ...wire, violations, rulesWarn: true }) as
      { violations?: unknown; rulesWarn?: boolean } | undefined;
    assert.deepEqual(ruled?.violations, violations);
    assert.equal(ruled?.rulesWarn, true);
    assert.equal(checkExtensionMessage({ ...wire, violations: [['1', [{ path: 'price' }]]] }), undefined, 'a violation without its text');
    assert.equal(checkExtensionMessage({ ...wire, violations: [['1', [{ path: 'price', text: 't', rule: 'x' }]]] }), undefined);
    assert.equal(checkExtensionMessage({ ...wire, rulesWarn: 'yes' }), undefined);
    const rows = {
      key: 'rows:0',
      label: 'the 3 selected rows',
      typeChanges: [],
      body: '{}',
      rows: { change: 'unset a', scope: 's', count: 3 },
    };
    assert.deepEqual(checkExtensionMessage({ type: 'review', items: [rows] }), { type: 'review', items: [rows] });
    assert.equal(checkExtensionMessage({ type: 'review', items: [{ ...rows, rows: { change: 'x', scope: 's', count: '3' } }] }), undefined);
  });
});
