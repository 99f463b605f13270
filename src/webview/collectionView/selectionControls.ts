// Row selection on the page: what the pointer and keyboard select, what the page says about it, and the row
// actions and Export Selected… that act on it.
import type { RowAction } from '../../core/table/protocol';
import type { RowPlace } from '../../core/table/rowSelection';
import { MAX_SELECTED_ROWS, selectionScope, selectionText } from '../../core/table/rowSelection';
import type { RowSelection } from '../../core/table/rowSelection';
import type { ViewState } from '../../core/table/viewState';
import { button, h } from './dom';
import type { Host } from './host';
import type { Notice } from './notice';
import type { PageModel } from './state';
import { l10n } from '../shared/l10n';

/** What selection needs of the grid: to redraw the selection, and where the active cell is. */
export interface SelectionGrid {
  showSelection(): void;
  readonly active: { row: number };
}

export class SelectionControls {
  readonly selectedText = h('span', { className: 'selected-text', role: 'status', 'aria-live': 'polite' });
  readonly exportSelectedButton = button(
    l10n.t('Export the selected rows’ documents to a file (NDJSON, JSON or CSV)'),
    l10n.t('Export Selected…'),
    () => this.exportSelected(),
  );

  constructor(
    private readonly model: PageModel,
    private readonly grid: () => SelectionGrid,
    private readonly host: Host,
    private readonly notice: Notice,
  ) {}

  isSelected(index: number): boolean {
    return this.model.rows[index] !== undefined && this.model.selection.has(this.model.rows[index].key);
  }

  /** A loaded row's key and its place in the view's order. */
  placeOf(index: number): RowPlace {
    const { rows, state } = this.model;
    return { key: rows[index].key, position: state.page * state.pageSize + index };
  }

  toggleRow(index: number): void {
    if (this.model.rows[index]) this.change(() => this.model.selection.toggle(this.placeOf(index)));
  }

  selectRow(index: number, how: 'only' | 'toggle' | 'extend'): void {
    const { model } = this;
    if (!model.rows[index]) return;
    this.change(() => {
      if (how === 'only') model.selection.selectOnly(this.placeOf(index));
      else if (how === 'toggle') model.selection.toggle(this.placeOf(index));
      else
        model.selection.extendTo(
          model.rows.map((_, i) => this.placeOf(i)),
          model.rows[index].key,
        );
    });
  }

  selectAll(): void {
    this.change(() => this.model.selection.selectAll(this.model.rows.map((_, index) => this.placeOf(index))));
  }

  /** Puts back a selection a double-click's clicks changed; the page says so only if it differs from what is selected now. */
  restore(selection: RowSelection): void {
    const { model } = this;
    if (selection === model.selection) return;
    const changed = selection.keys().join('\n') !== model.selection.keys().join('\n');
    model.selection = selection;
    this.grid().showSelection();
    this.show(changed && selection.size > 0);
  }

  /** A new page is on screen: the selection drops what the view's new filter or sort no longer covers. */
  pageShown(state: ViewState): void {
    const cleared = this.model.selection.pageShown(
      selectionScope(state),
      this.model.rows.map((_, index) => this.placeOf(index)),
    );
    this.show(cleared);
  }

  show(announce: boolean): void {
    const count = this.model.selection.size;
    this.exportSelectedButton.disabled = count === 0;
    // A live region: a change of its text is what a screen reader announces ("3 rows selected").
    if (count >= MAX_SELECTED_ROWS) this.selectedText.textContent = `${selectionText(count)} (the limit)`;
    else this.selectedText.textContent = count > 0 || announce ? selectionText(count) : '';
    this.host.keep({ selection: this.model.selection.toJSON() });
  }

  rowAction(action: RowAction): void {
    const keys = this.selectedKeys();
    if (keys.length === 0) return this.notice.show(l10n.t('Select a row first (Space, or the box at the start of the row).'), true);
    this.host.send({ type: 'rows', action, keys });
  }

  exportSelected(): void {
    const keys = this.model.selection.keys();
    if (keys.length === 0) return this.notice.show(l10n.t('Select rows first (click, Ctrl+click, Shift+click, or Space on a row).'), true);
    this.host.send({ type: 'exportSelected', keys });
  }

  /** The selected rows of the loaded page (row actions act on what is on screen), else the active row. */
  private selectedKeys(): string[] {
    const { model } = this;
    const keys = model.rows.filter((row) => model.selection.has(row.key)).map((row) => row.key);
    if (keys.length > 0) return keys;
    const active = model.rows[this.grid().active.row];
    return active ? [active.key] : [];
  }

  /** Changes the selection, and shows, announces and keeps it only when it did change. */
  private change(change: () => void): void {
    const before = this.model.selection.keys().join('\n');
    change();
    if (this.model.selection.keys().join('\n') === before) return;
    this.grid().showSelection();
    this.show(true);
  }
}
