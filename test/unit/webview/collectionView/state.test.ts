import * as assert from 'node:assert/strict';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { parseLossless } from '../../../../src/core/json/lossless';
import { columnOf } from '../../../../src/core/table/columns';
import { RowSelection } from '../../../../src/core/table/rowSelection';
import type { CellEdit } from '../../../../src/core/table/stagedEdits';
import { PointerSelection, cellLook, newPageModel, rowViolations, rowsOf } from '../../../../src/webview/collectionView/state';

const place = (key: string, position: number) => ({ key, position });

describe('collection view page state', () => {
  describe('a double-click edits without selecting the row', () => {
    it('leaves no row selected when nothing was, though its first click selected the row', () => {
      const pointer = new PointerSelection();
      const model = newPageModel();
      pointer.click(model.selection, 1, () => model.selection.selectOnly(place('a', 0)));
      pointer.click(model.selection, 2, () => model.selection.selectOnly(place('a', 0)));
      assert.equal(model.selection.size, 1, 'the first click selects as a click does');
      model.selection = pointer.doubleClick(model.selection);
      assert.equal(model.selection.size, 0);
    });

    it('keeps the rows selected before, and the second click of a Ctrl+double-click toggles nothing', () => {
      const pointer = new PointerSelection();
      let selection = new RowSelection();
      selection.toggle(place('x', 3));
      selection.toggle(place('y', 4));
      pointer.click(selection, 1, () => selection.toggle(place('a', 0)));
      pointer.click(selection, 2, () => selection.toggle(place('a', 0)));
      assert.deepEqual(selection.keys(), ['a', 'x', 'y']);
      selection = pointer.doubleClick(selection);
      assert.deepEqual(selection.keys(), ['x', 'y']);
    });

    it('a single click still selects, and a later double-click puts back that selection', () => {
      const pointer = new PointerSelection();
      let selection = new RowSelection();
      pointer.click(selection, 1, () => selection.selectOnly(place('a', 0)));
      assert.deepEqual(selection.keys(), ['a']);
      pointer.click(selection, 1, () => selection.selectOnly(place('b', 1)));
      selection = pointer.doubleClick(selection);
      assert.deepEqual(selection.keys(), ['a']);
    });
  });

  describe('a cell shows the whole of a long value somewhere', () => {
    const row = (document: JsonObject, edits: CellEdit[] = []) => rowsOf([document], new Map([['"k"', edits]]))[0];

    it('puts a long 64-bit integer whole in the tooltip and to the screen reader, as the service wrote it', () => {
      const document = parseLossless('{"_id": "k", "big": 9223372036854775807, "neg": -9223372036854775808}') as JsonObject;
      for (const [field, digits] of [
        ['big', '9223372036854775807'],
        ['neg', '-9223372036854775808'],
      ]) {
        const look = cellLook(row(document), columnOf([field]));
        assert.equal(look.text, digits);
        assert.ok(look.title.endsWith(`\n${digits}`), look.title);
        assert.ok(look.ariaLabel.endsWith(` ${digits}`), look.ariaLabel);
        assert.match(look.className, /\bnum\b/);
      }
    });

    it('names the column and type alone for a missing value, and cuts only a very long string in the tooltip', () => {
      const document = { _id: 'k', text: 'x'.repeat(5000) };
      assert.equal(cellLook(row(document), columnOf(['absent'])).title, 'absent: missing');
      const look = cellLook(row(document), columnOf(['text']));
      assert.equal(look.text.length, 5000);
      assert.ok(look.title.length < 1100 && look.title.endsWith('…'));
    });
  });
});

describe('collection view page state: the rules an edited document breaks', () => {
  const document = parseLossless('{"_id":"lamp","price":-3,"address":{"city":"Oslo"}}') as JsonObject;
  const violations = new Map([
    [
      '"lamp"',
      [
        { path: 'price', text: 'price: must be a number ≥ 0 (found -3) (rule: properties.price.minimum)' },
        { path: 'name', text: 'name: is required (rule: required)' },
      ],
    ],
  ]);
  const [row] = rowsOf([document], new Map([['"lamp"', [{ path: ['price'], value: -3 }]]]), violations);
  const columns = [columnOf(['_id']), columnOf(['price']), columnOf(['address', 'city'])];

  it('shows a violation at its cell, cause first in the tooltip and in what a screen reader says', () => {
    const look = cellLook(row, columns[1]);
    assert.match(look.className, / violation$/);
    assert.match(look.title, /^price: must be a number ≥ 0 \(found -3\) \(rule: properties\.price\.minimum\)\nprice: /);
    assert.match(look.ariaLabel, /^price, .* -3, breaks the rules: price: must be a number ≥ 0/);
    assert.deepEqual(cellLook(row, columns[2]).violations, []);
    assert.doesNotMatch(cellLook(row, columns[2]).className, /violation/);
  });

  it('gives the row the violations no cell shows', () => {
    assert.deepEqual(
      rowViolations(row, columns).map((violation) => violation.path),
      ['name'],
    );
  });

  it('shows none on a row without any', () => {
    const [plain] = rowsOf([document], new Map());
    assert.deepEqual(plain.violations, []);
    assert.deepEqual(cellLook(plain, columns[1]).violations, []);
  });
});
