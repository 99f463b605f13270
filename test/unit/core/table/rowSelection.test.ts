import * as assert from 'node:assert/strict';
import { MAX_SELECTED_ROWS, RowSelection, selectionScope, selectionText } from '../../../../src/core/table/rowSelection';

/** A page of rows a..e at positions from `first`. */
const page = (first: number, keys = ['a', 'b', 'c', 'd', 'e']) => keys.map((key, i) => ({ key, position: first + i }));

describe('row selection of a collection view', () => {
  it('a click selects one row; Ctrl-click and Space toggle rows in and out', () => {
    const selection = new RowSelection();
    const rows = page(0);
    selection.selectOnly(rows[1]);
    selection.toggle(rows[3]);
    assert.deepEqual(selection.keys(), ['b', 'd']);
    selection.toggle(rows[1]);
    assert.deepEqual(selection.keys(), ['d']);
    selection.selectOnly(rows[0]);
    assert.deepEqual(selection.keys(), ['a']);
  });

  it('Shift extends from the anchor over the loaded rows, and shrinks back, keeping what was selected before', () => {
    const selection = new RowSelection();
    const rows = page(0);
    selection.toggle(rows[0]);
    selection.toggle(rows[2]);
    selection.extendTo(rows, 'e');
    assert.deepEqual(selection.keys(), ['a', 'c', 'd', 'e']);
    selection.extendTo(rows, 'd');
    assert.deepEqual(selection.keys(), ['a', 'c', 'd']);
    selection.extendTo(rows, 'b');
    assert.deepEqual(selection.keys(), ['a', 'b', 'c']);
  });

  it('Shift with no anchor on the page starts the range at that row', () => {
    const selection = new RowSelection();
    selection.extendTo(page(0), 'c');
    assert.deepEqual(selection.keys(), ['c']);
    selection.extendTo(page(0), 'missing');
    assert.deepEqual(selection.keys(), ['c']);
  });

  it('survives paging, in the view order, and a page shown again updates the places', () => {
    const selection = new RowSelection('{"a":1}');
    selection.toggle(page(5, ['p', 'q'])[1]);
    assert.equal(selection.pageShown('{"a":1}', page(10)), false);
    selection.selectAll(page(10));
    assert.deepEqual(selection.keys(), ['q', 'a', 'b', 'c', 'd', 'e']);
    selection.pageShown('{"a":1}', [{ key: 'q', position: 100 }]);
    assert.deepEqual(selection.keys(), ['a', 'b', 'c', 'd', 'e', 'q']);
    assert.equal(selection.size, 6);
  });

  it('clears when the filter changes', () => {
    const selection = new RowSelection('');
    selection.selectAll(page(0));
    assert.equal(selection.pageShown('{"x":2}', page(0)), true);
    assert.equal(selection.size, 0);
    assert.equal(selection.pageShown('{"x":2}', page(0)), false);
  });

  it('clears when the sort changes, and keeps the rows when only the page does', () => {
    const byName = selectionScope({ filter: '{}', sort: [{ path: ['name'], direction: 1 }] });
    const selection = new RowSelection(byName);
    selection.selectAll(page(0));
    assert.equal(selection.pageShown(selectionScope({ filter: '{}', sort: [{ path: ['name'], direction: 1 }] }), page(20)), false);
    assert.equal(selection.size, 5);
    assert.equal(selection.pageShown(selectionScope({ filter: '{}', sort: [{ path: ['name'], direction: -1 }] }), page(0)), true);
    assert.equal(selection.size, 0);
  });

  it('holds at most the cap of rows', () => {
    const selection = new RowSelection();
    selection.selectAll(Array.from({ length: MAX_SELECTED_ROWS + 5 }, (_, i) => ({ key: `k${i}`, position: i })));
    assert.equal(selection.size, MAX_SELECTED_ROWS);
  });

  it('comes back from kept state, and refuses kept state that is not one', () => {
    const selection = new RowSelection('{}');
    selection.toggle({ key: '{"$oid":"65a1b2c3d4e5f60718293a4b"}', position: 40 });
    selection.toggle({ key: '7', position: 3 });
    const restored = RowSelection.fromState(JSON.parse(JSON.stringify(selection.toJSON())));
    assert.deepEqual(restored?.keys(), ['7', '{"$oid":"65a1b2c3d4e5f60718293a4b"}']);
    assert.equal(restored?.pageShown('{}', []), false, 'the scope came back too');
    for (const bad of [
      null,
      'x',
      { scope: 1, rows: [] },
      { scope: '', rows: {} },
      { scope: '', rows: [['k', -1]] },
      { scope: '', rows: [['', 1]] },
      { scope: '', rows: [['k', 1, 2]] },
    ]) {
      assert.equal(RowSelection.fromState(bad), undefined, JSON.stringify(bad));
    }
  });

  it('says how many rows are selected', () => {
    assert.equal(selectionText(0), 'No rows selected');
    assert.equal(selectionText(1), '1 row selected');
    assert.equal(selectionText(3), '3 rows selected');
    assert.equal(selectionText(1200), '1,200 rows selected');
  });
});
