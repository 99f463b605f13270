import * as assert from 'node:assert/strict';
import { checkExtensionMessage, checkWebviewMessage } from '../../../../src/core/table/protocol';
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

  it('checks what the extension sends before the page uses it', () => {
    const page = { type: 'page', title: 't', state: DEFAULT_VIEW_STATE, payload: '{}', total: 3, loading: false, editable: true };
    assert.deepEqual(checkExtensionMessage(page), { ...page, error: undefined });
    assert.equal(checkExtensionMessage({ ...page, total: -1 }), undefined);
    assert.equal(checkExtensionMessage({ ...page, state: {} }), undefined);
    assert.equal(checkExtensionMessage({ type: 'review', items: [{ key: 'k', label: 'l', typeChanges: [1] }] }), undefined);
    assert.deepEqual(checkExtensionMessage({ type: 'notice', text: 'x' }), { type: 'notice', text: 'x', error: undefined });
    assert.equal(checkExtensionMessage({ type: 'keep', restore: 5 }), undefined);
    assert.deepEqual(checkExtensionMessage({ ...page, rowChanges: 2 }), { ...page, rowChanges: 2, error: undefined });
    assert.equal(checkExtensionMessage({ ...page, rowChanges: -1 }), undefined);
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
