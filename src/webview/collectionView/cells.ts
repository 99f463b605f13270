// The table's cells: a value, a column header that sorts, and the row header's selection box.
import type { JsonValue } from '../../core/json/lossless';
import { displayText } from '../../core/table/cellValue';
import type { Column } from '../../core/table/columns';
import { columnLabel } from '../../core/table/columns';
import type { CellViolation } from '../../core/table/protocol';
import type { SortKey } from '../../core/table/viewState';
import { h } from './dom';
import type { Row } from './state';
import { cellLook } from './state';
import { l10n } from '../shared/l10n';

export function valueCell(row: Row, column: Column): HTMLElement {
  const look = cellLook(row, column);
  const cell = h('div', { className: look.className, title: look.title }, look.text);
  cell.setAttribute('aria-label', look.ariaLabel);
  if (look.violations.length > 0) cell.setAttribute('aria-invalid', 'true');
  return cell;
}

/** A column's header, with its place in the sort; a click sorts by it, Shift+click adds it to the sort. */
export function headerCell(column: Column, sort: readonly SortKey[], onSort: (column: Column, add: boolean) => void): HTMLElement {
  const sortIndex = sort.findIndex((key) => columnLabel(key.path) === column.label);
  const key = sortIndex >= 0 ? sort[sortIndex] : undefined;
  const mark = key ? `${key.direction === 1 ? ' ▲' : ' ▼'}${sort.length > 1 ? sortIndex + 1 : ''}` : '';
  const header = h(
    'div',
    { className: 'header', title: l10n.t('Sort by {0} (Shift+click to add to the sort)', column.label) },
    column.label + mark,
  );
  header.setAttribute('aria-sort', key ? (key.direction === 1 ? 'ascending' : 'descending') : 'none');
  header.addEventListener('click', (event) => onSort(column, event.shiftKey));
  return header;
}

/** A row's selection box; `violations` are the rules its document breaks that no cell shows (the document itself, a field not in a column). */
export function rowHeaderCell(row: Row, selected: boolean, onToggle: () => void, violations: readonly CellViolation[] = []): HTMLElement {
  const id = displayText(row.original._id as JsonValue);
  const broken = violations.map((violation) => violation.text).join('; ');
  const box = h('input', {
    type: 'checkbox',
    'aria-label': broken ? l10n.t('Select row {0}; it breaks the rules: {1}', id, broken) : l10n.t('Select row {0}', id),
  }) as HTMLInputElement;
  box.checked = selected;
  box.addEventListener('change', onToggle);
  const header = h('div', { className: `row-header${row.edits.length > 0 ? ' staged' : ''}${broken ? ' violation' : ''}` }, box);
  if (broken) {
    header.title = violations.map((violation) => violation.text).join('\n');
    box.setAttribute('aria-invalid', 'true');
  }
  return header;
}
