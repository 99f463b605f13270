import type { Column } from '../../core/table/columns';
import { h } from './dom';
import { l10n } from '../shared/l10n';

export const ROW_HEIGHT = 26;
const HEADER_HEIGHT = 28;
const ROW_HEADER_WIDTH = 34;
const COLUMN_WIDTH = 170;
const OVERSCAN = 4;

export interface GridSource {
  columns(): Column[];
  rowCount(): number;
  cell(row: number, column: Column): HTMLElement;
  header(column: Column): HTMLElement;
  rowHeader(row: number): HTMLElement;
  /** Enter or F2 on the active cell, or a double-click on a cell (`byPointer`). */
  onEdit(row: number, column: Column, byPointer: boolean): void;
  onToggleRow(row: number): void;
  /** Whether a row is selected (drawn with `aria-selected`). */
  isSelected(row: number): boolean;
  /**
   * A click on a row: alone, toggled (Ctrl/Cmd) or extending the range to it (Shift, Shift+Arrow); `clickCount` is
   * the click's place in a series (2 for the second click of a double-click), 1 from the keyboard.
   */
  onSelectRow(row: number, how: 'only' | 'toggle' | 'extend', clickCount: number): void;
  /** Ctrl/Cmd+A. */
  onSelectAll(): void;
  onSave(): void;
}

/**
 * An ARIA grid that builds only the rows and columns in sight (plus a few), so a page of 100 rows by
 * 200 columns scrolls without building 20,000 cells. Focus stays on the grid; the active cell is named by
 * aria-activedescendant, so a screen reader announces it with its column and value.
 */
export class VirtualGrid {
  readonly element = h('div', {
    className: 'grid',
    role: 'grid',
    tabIndex: 0,
    'aria-label': l10n.t('Documents'),
    'aria-multiselectable': 'true',
  });
  private readonly inner = h('div', { className: 'grid-inner' });
  private readonly headerRow = h('div', { className: 'grid-header', role: 'row', 'aria-rowindex': 1 });
  private readonly body = h('div', { className: 'grid-body', role: 'rowgroup' });
  active = { row: 0, col: 0 };
  private frame = 0;

  constructor(private readonly source: GridSource) {
    this.inner.append(this.headerRow, this.body);
    this.element.append(this.inner);
    this.element.addEventListener('scroll', () => this.schedule());
    this.element.addEventListener('keydown', (event) => this.onKey(event));
    this.element.addEventListener('click', (event) => this.onPointer(event, false));
    this.element.addEventListener('dblclick', (event) => this.onPointer(event, true));
    new ResizeObserver(() => this.schedule()).observe(this.element);
  }

  focus(): void {
    this.element.focus();
  }

  move(rows: number, cols: number): void {
    const columns = this.source.columns().length;
    const count = this.source.rowCount();
    this.active = { row: clamp(this.active.row + rows, 0, count - 1), col: clamp(this.active.col + cols, 0, columns - 1) };
    this.scrollIntoView();
    this.render();
  }

  /** Puts an editor over a cell. */
  showEditor(editor: HTMLElement, row: number, column: Column): void {
    const col = this.source.columns().findIndex((candidate) => candidate.id === column.id);
    this.active = { row, col: Math.max(0, col) };
    editor.style.top = `${HEADER_HEIGHT + row * ROW_HEIGHT}px`;
    editor.style.left = `${ROW_HEADER_WIDTH + Math.max(0, col) * COLUMN_WIDTH}px`;
    this.inner.querySelector('.editor')?.remove();
    this.inner.append(editor);
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  render(): void {
    const columns = this.source.columns();
    const rows = this.source.rowCount();
    this.active = { row: clamp(this.active.row, 0, rows - 1), col: clamp(this.active.col, 0, columns.length - 1) };
    this.element.setAttribute('aria-rowcount', String(rows + 1));
    this.element.setAttribute('aria-colcount', String(columns.length + 1));
    this.inner.style.width = `${ROW_HEADER_WIDTH + columns.length * COLUMN_WIDTH}px`;
    this.inner.style.height = `${HEADER_HEIGHT + rows * ROW_HEIGHT}px`;
    const { scrollTop, scrollLeft } = this.element;
    const height = this.element.clientHeight || 600;
    const width = this.element.clientWidth || 1000;
    const firstRow = Math.max(0, Math.floor((scrollTop - HEADER_HEIGHT) / ROW_HEIGHT) - OVERSCAN);
    const lastRow = Math.min(rows - 1, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
    const firstCol = Math.max(0, Math.floor((scrollLeft - ROW_HEADER_WIDTH) / COLUMN_WIDTH) - 1);
    const lastCol = Math.min(columns.length - 1, Math.ceil((scrollLeft + width) / COLUMN_WIDTH) + 1);

    this.headerRow.replaceChildren(
      ...range(firstCol, lastCol).map((c) =>
        place(this.source.header(columns[c]), ROW_HEADER_WIDTH + c * COLUMN_WIDTH, 'columnheader', c + 2),
      ),
    );
    const rowElements: HTMLElement[] = [];
    for (const r of range(firstRow, lastRow)) {
      const row = h('div', {
        className: 'grid-row',
        role: 'row',
        'aria-rowindex': r + 2,
        'aria-selected': String(this.source.isSelected(r)),
      });
      row.dataset.rowIndex = String(r);
      row.style.transform = `translateY(${HEADER_HEIGHT + r * ROW_HEIGHT}px)`;
      row.append(place(this.source.rowHeader(r), 0, 'rowheader', 1));
      for (const c of range(firstCol, lastCol)) {
        const cell = place(this.source.cell(r, columns[c]), ROW_HEADER_WIDTH + c * COLUMN_WIDTH, 'gridcell', c + 2);
        cell.id = `cell-${r}-${c}`;
        cell.dataset.row = String(r);
        cell.dataset.col = String(c);
        if (r === this.active.row && c === this.active.col) cell.classList.add('active');
        row.append(cell);
      }
      rowElements.push(row);
    }
    this.body.replaceChildren(...rowElements);
    if (rows > 0 && columns.length > 0) this.element.setAttribute('aria-activedescendant', `cell-${this.active.row}-${this.active.col}`);
    else this.element.removeAttribute('aria-activedescendant');
  }

  /** Marks the drawn rows selected or not, without rebuilding them (a rebuild between two clicks would break a double-click). */
  showSelection(): void {
    for (const row of this.body.querySelectorAll<HTMLElement>('.grid-row')) {
      const selected = this.source.isSelected(Number(row.dataset.rowIndex));
      row.setAttribute('aria-selected', String(selected));
      const box = row.querySelector<HTMLInputElement>('input[type=checkbox]');
      if (box) box.checked = selected;
    }
  }

  private scrollIntoView(): void {
    const top = HEADER_HEIGHT + this.active.row * ROW_HEIGHT;
    const left = ROW_HEADER_WIDTH + this.active.col * COLUMN_WIDTH;
    const { clientHeight, clientWidth } = this.element;
    if (top - HEADER_HEIGHT < this.element.scrollTop) this.element.scrollTop = top - HEADER_HEIGHT;
    else if (top + ROW_HEIGHT > this.element.scrollTop + clientHeight) this.element.scrollTop = top + ROW_HEIGHT - clientHeight;
    if (left - ROW_HEADER_WIDTH < this.element.scrollLeft) this.element.scrollLeft = left - ROW_HEADER_WIDTH;
    else if (left + COLUMN_WIDTH > this.element.scrollLeft + clientWidth) this.element.scrollLeft = left + COLUMN_WIDTH - clientWidth;
  }

  private onKey(event: KeyboardEvent): void {
    if (event.target !== this.element) return;
    const page = Math.max(1, Math.floor(this.element.clientHeight / ROW_HEIGHT) - 1);
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      PageUp: [-page, 0],
      PageDown: [page, 0],
      Home: [0, -this.active.col],
      End: [0, this.source.columns().length],
    };
    const columns = this.source.columns();
    if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && event.shiftKey) {
      event.preventDefault();
      this.move(...moves[event.key]);
      this.source.onSelectRow(this.active.row, 'extend', 1);
    } else if (event.key in moves) {
      event.preventDefault();
      this.move(...moves[event.key]);
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      this.source.onSelectAll();
    } else if (event.key === 'Tab' && !event.shiftKey && this.active.col < columns.length - 1) {
      event.preventDefault();
      this.move(0, 1);
    } else if (event.key === 'Tab' && event.shiftKey && this.active.col > 0) {
      event.preventDefault();
      this.move(0, -1);
    } else if ((event.key === 'Enter' || event.key === 'F2') && columns[this.active.col]) {
      event.preventDefault();
      this.source.onEdit(this.active.row, columns[this.active.col], false);
    } else if (event.key === ' ') {
      event.preventDefault();
      this.source.onToggleRow(this.active.row);
    }
  }

  private onPointer(event: MouseEvent, edit: boolean): void {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!cell) return;
    this.active = { row: Number(cell.dataset.row), col: Number(cell.dataset.col) };
    // Only the marks move: rebuilding the rows here would replace the cell between the two clicks of a double-click.
    this.element.querySelector('.cell.active')?.classList.remove('active');
    cell.classList.add('active');
    this.element.setAttribute('aria-activedescendant', cell.id);
    const column = this.source.columns()[this.active.col];
    if (edit && column) this.source.onEdit(this.active.row, column, true);
    else {
      const how = event.shiftKey ? 'extend' : event.ctrlKey || event.metaKey ? 'toggle' : 'only';
      this.source.onSelectRow(this.active.row, how, event.detail);
      this.focus();
    }
  }
}

function place(element: HTMLElement, left: number, role: string, colIndex: number): HTMLElement {
  element.setAttribute('role', role);
  element.setAttribute('aria-colindex', String(colIndex));
  element.style.left = `${left}px`;
  return element;
}

function range(first: number, last: number): number[] {
  const result: number[] = [];
  for (let i = first; i <= last; i++) result.push(i);
  return result;
}

const clamp = (value: number, min: number, max: number): number => Math.max(min, Math.min(max, value));
