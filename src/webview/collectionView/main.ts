// The collection view's page script: its own bundle (dist/collectionView.js), loaded only by the webview.
// It shows what the extension sends and sends back what the user does; it never talks to the service.
import type { JsonObject, JsonValue } from '../../core/json/lossless';
import { parseLossless, stringifyLossless } from '../../core/json/lossless';
import type { CellKind, EditableKind } from '../../core/table/cellValue';
import { EDITABLE_KINDS, KIND_LABELS, displayText, editText, kindOf, parseCellInput } from '../../core/table/cellValue';
import type { Column } from '../../core/table/columns';
import { columnLabel, columnOf, columnsOf, valueAt } from '../../core/table/columns';
import type { ExtensionMessage, RowAction, WebviewMessage } from '../../core/table/protocol';
import { checkExtensionMessage } from '../../core/table/protocol';
import type { RowPlace } from '../../core/table/rowSelection';
import { MAX_SELECTED_ROWS, RowSelection, selectionScope, selectionText } from '../../core/table/rowSelection';
import type { CellEdit } from '../../core/table/stagedEdits';
import { isCellChanged } from '../../core/table/stagedEdits';
import type { ViewState } from '../../core/table/viewState';
import { PAGE_SIZES, pageBounds, parseFilter, toggleSort } from '../../core/table/viewState';
import { h } from './dom';
import { changeRowsButton, reviewHeading, rowChangeArticle, stagedText as stagedSummary } from './multiRow';
import type { Row } from './state';
import { PointerSelection, cellLook, newPageModel, rowsOf } from './state';
import { VirtualGrid } from './virtualGrid';

declare function acquireVsCodeApi(): { postMessage(message: WebviewMessage): void; setState(state: unknown): void; getState(): unknown };
const vscodeApi = acquireVsCodeApi();
const send = (message: WebviewMessage): void => vscodeApi.postMessage(message);
/** The extension's opaque restore text, kept across a reload beside the selection (see keepState). */
const kept = { restore: undefined as string | undefined };
const keptState = vscodeApi.getState() as { restore?: unknown; selection?: unknown } | undefined;
if (typeof keptState?.restore === 'string') kept.restore = keptState.restore;

const model = newPageModel(RowSelection.fromState(keptState?.selection));
/** How many changes to several rows are staged (the extension keeps them; see multiRow.ts). */
const rowChanges = { staged: 0 };
const pointer = new PointerSelection();

const app = document.getElementById('app') as HTMLElement;
const notice = h('div', { className: 'notice', role: 'status', 'aria-live': 'polite' });
const filterInput = h('input', {
  className: 'filter',
  type: 'text',
  spellcheck: false,
  placeholder: 'Filter (q), e.g. {"status": "active"}',
  'aria-label': 'Filter as JSON',
}) as HTMLInputElement;
const filterError = h('span', { className: 'field-error', role: 'alert' });
const pageSize = h(
  'select',
  { 'aria-label': 'Documents per page' },
  ...PAGE_SIZES.map((size) => h('option', { value: String(size) }, String(size))),
) as HTMLSelectElement;
const pageText = h('span', { className: 'page-text', 'aria-live': 'polite' });
const prevButton = button('Previous page', '‹', () => goToPage(model.state.page - 1));
const nextButton = button('Next page', '›', () => goToPage(model.state.page + 1));
const stagedText = h('span', { className: 'staged-text' });
const selectedText = h('span', { className: 'selected-text', role: 'status', 'aria-live': 'polite' });
const exportSelectedButton = button('Export the selected rows’ documents to a file (NDJSON, JSON or CSV)', 'Export Selected…', () =>
  exportSelected(),
);
const reviewButton = button('Review changes', 'Review', () => send({ type: 'review' }));
const saveButton = button('Save staged edits (Ctrl+S)', 'Save', () => send({ type: 'save' }));
const discardButton = button('Discard all staged edits', 'Discard', () => send({ type: 'discardAll' }));
const tabs = (['table', 'tree', 'json'] as const).map((view) => {
  const tab = button(`${view} view`, view === 'json' ? 'JSON' : view[0].toUpperCase() + view.slice(1), () => setView({ view }));
  tab.setAttribute('role', 'tab');
  tab.dataset.view = view;
  return tab;
});
const columnChooser = h('details', { className: 'chooser' }, h('summary', {}, 'Columns'));
const content = h('div', { className: 'content' });
const reviewPane = h('section', { className: 'review', 'aria-label': 'Review changes', hidden: true });
const grid = new VirtualGrid({
  columns: () => model.columns,
  rowCount: () => model.rows.length,
  cell: (row, column) => renderCell(model.rows[row], column),
  header: (column) => headerCell(column),
  rowHeader: (row) => rowHeaderCell(model.rows[row]),
  onEdit: (row, column, byPointer) => {
    if (byPointer) restoreSelection(pointer.doubleClick(model.selection));
    startEdit(row, column);
  },
  onToggleRow: (row) => toggleRow(row),
  isSelected: (row) => model.rows[row] !== undefined && model.selection.has(model.rows[row].key),
  onSelectRow: (row, how, clickCount) => pointer.click(model.selection, clickCount, () => selectRow(row, how)),
  onSelectAll: () => changeSelection(() => model.selection.selectAll(model.rows.map((_, index) => placeOf(index)))),
  onSave: () => send({ type: 'save' }),
});

function button(label: string, text: string, onClick: () => void): HTMLButtonElement {
  const element = h('button', { type: 'button', title: label, 'aria-label': label }, text) as HTMLButtonElement;
  element.addEventListener('click', onClick);
  return element;
}

function rowAction(action: RowAction): void {
  const keys = selectedKeys();
  if (keys.length === 0) return showNotice('Select a row first (Space, or the box at the start of the row).', true);
  send({ type: 'rows', action, keys });
}

/** The selected rows of the loaded page (row actions act on what is on screen), else the active row. */
function selectedKeys(): string[] {
  const keys = model.rows.filter((row) => model.selection.has(row.key)).map((row) => row.key);
  if (keys.length > 0) return keys;
  const active = model.rows[grid.active.row];
  return active ? [active.key] : [];
}

/** A loaded row's key and its place in the view's order. */
function placeOf(index: number): RowPlace {
  return { key: model.rows[index].key, position: model.state.page * model.state.pageSize + index };
}

function toggleRow(index: number): void {
  if (model.rows[index]) changeSelection(() => model.selection.toggle(placeOf(index)));
}

function selectRow(index: number, how: 'only' | 'toggle' | 'extend'): void {
  if (!model.rows[index]) return;
  changeSelection(() => {
    if (how === 'only') model.selection.selectOnly(placeOf(index));
    else if (how === 'toggle') model.selection.toggle(placeOf(index));
    else
      model.selection.extendTo(
        model.rows.map((_, i) => placeOf(i)),
        model.rows[index].key,
      );
  });
}

/** Changes the selection, and shows, announces and keeps it only when it did change. */
function changeSelection(change: () => void): void {
  const before = model.selection.keys().join('\n');
  change();
  if (model.selection.keys().join('\n') === before) return;
  grid.showSelection();
  showSelection(true);
}

/** Puts back a selection a double-click's clicks changed; the page says so only if it differs from what is selected now. */
function restoreSelection(selection: RowSelection): void {
  if (selection === model.selection) return;
  const changed = selection.keys().join('\n') !== model.selection.keys().join('\n');
  model.selection = selection;
  grid.showSelection();
  showSelection(changed && selection.size > 0);
}

function showSelection(announce: boolean): void {
  const count = model.selection.size;
  exportSelectedButton.disabled = count === 0;
  // A live region: a change of its text is what a screen reader announces ("3 rows selected").
  if (count >= MAX_SELECTED_ROWS) selectedText.textContent = `${selectionText(count)} (the limit)`;
  else selectedText.textContent = count > 0 || announce ? selectionText(count) : '';
  keepState();
}

function keepState(): void {
  vscodeApi.setState({ restore: kept.restore, selection: model.selection.toJSON() });
}

function exportSelected(): void {
  const keys = model.selection.keys();
  if (keys.length === 0) return showNotice('Select rows first (click, Ctrl+click, Shift+click, or Space on a row).', true);
  send({ type: 'exportSelected', keys });
}

function setView(change: Partial<ViewState>): void {
  model.state = { ...model.state, ...change };
  send({ type: 'setView', state: model.state });
}

function goToPage(page: number): void {
  const { pages } = pageBounds(model.state, model.rows.length, model.total);
  if (page < 0 || (pages !== undefined && page >= pages)) return;
  setView({ page });
}

function applyFilter(): void {
  const { error } = parseFilter(filterInput.value);
  filterError.textContent = error ?? '';
  filterInput.setAttribute('aria-invalid', String(error !== undefined));
  if (!error) setView({ filter: filterInput.value, page: 0 });
}

function showNotice(text: string, error = false): void {
  notice.textContent = text;
  notice.classList.toggle('error', error);
  notice.setAttribute('role', error ? 'alert' : 'status');
}

// ---- cells

function renderCell(row: Row, column: Column): HTMLElement {
  const look = cellLook(row, column);
  const cell = h('div', { className: look.className, title: look.title }, look.text);
  cell.setAttribute('aria-label', look.ariaLabel);
  return cell;
}

function headerCell(column: Column): HTMLElement {
  const sortIndex = model.state.sort.findIndex((key) => columnLabel(key.path) === column.label);
  const sort = sortIndex >= 0 ? model.state.sort[sortIndex] : undefined;
  const mark = sort ? `${sort.direction === 1 ? ' ▲' : ' ▼'}${model.state.sort.length > 1 ? sortIndex + 1 : ''}` : '';
  const header = h('div', { className: 'header', title: `Sort by ${column.label} (Shift+click to add to the sort)` }, column.label + mark);
  header.setAttribute('aria-sort', sort ? (sort.direction === 1 ? 'ascending' : 'descending') : 'none');
  header.addEventListener('click', (event) => setView({ sort: toggleSort(model.state.sort, column.path, event.shiftKey), page: 0 }));
  return header;
}

function rowHeaderCell(row: Row): HTMLElement {
  const box = h('input', {
    type: 'checkbox',
    'aria-label': `Select row ${displayText(row.original._id as JsonValue)}`,
  }) as HTMLInputElement;
  box.checked = model.selection.has(row.key);
  box.addEventListener('change', () => toggleRow(model.rows.indexOf(row)));
  return h('div', { className: `row-header${row.edits.length > 0 ? ' staged' : ''}` }, box);
}

// ---- editing

function startEdit(rowIndex: number, column: Column, startText?: string): void {
  const row = model.rows[rowIndex];
  if (!row) return;
  if (column.path[0] === '_id') return showNotice('The _id cannot be edited: use Duplicate to store a copy under a new _id.', true);
  const value = valueAt(row.shown, column.path);
  const current = kindOf(value);
  const initialKind: EditableKind = current === 'missing' || current === 'decimal' ? 'string' : current;
  const kindSelect = h(
    'select',
    { 'aria-label': 'Type of the value' },
    ...EDITABLE_KINDS.map((kind) => h('option', { value: kind }, KIND_LABELS[kind])),
  ) as HTMLSelectElement;
  kindSelect.value = initialKind;
  const multiline = initialKind === 'object' || initialKind === 'array';
  const input = (multiline ? h('textarea', { rows: 6 }) : h('input', { type: 'text' })) as HTMLInputElement;
  input.value = startText ?? (value === undefined ? '' : editText(value));
  input.spellcheck = false;
  input.setAttribute('aria-label', `New value of ${column.label}`);
  const hint = h('div', { className: 'field-error', role: 'alert' });
  const typeNote = h('div', { className: 'type-note' });
  const editor = h('div', { className: 'editor', role: 'dialog', 'aria-label': `Edit ${column.label}` }, kindSelect, input, typeNote, hint);
  const close = (): void => {
    editor.remove();
    grid.focus();
  };
  const commit = (): boolean => {
    const kind = kindSelect.value as EditableKind;
    const parsed = parseCellInput(kind, input.value);
    if (parsed.error !== undefined) {
      hint.textContent = parsed.error;
      input.setAttribute('aria-invalid', 'true');
      return false;
    }
    send({ type: 'edit', key: row.key, path: [...column.path], kind, text: input.value });
    close();
    return true;
  };
  const noteType = (): void => {
    const kind = kindSelect.value as EditableKind;
    typeNote.textContent =
      current !== 'missing' && kind !== current ? `Changes the type: ${KIND_LABELS[current as CellKind]} → ${KIND_LABELS[kind]}` : '';
    input.disabled = kind === 'null';
  };
  kindSelect.addEventListener('change', noteType);
  noteType();
  editor.append(
    button('Set the value', 'OK', () => void commit()),
    button('Cancel (Escape)', 'Cancel', close),
    button(`Remove the field ${column.label} from this document`, 'Remove field', () => {
      send({ type: 'removeField', key: row.key, path: [...column.path] });
      close();
    }),
  );
  if (row.edits.some((edit) => columnLabel(edit.path) === column.label)) {
    editor.append(
      button('Revert this cell to the loaded value', 'Revert', () => {
        send({ type: 'revert', key: row.key, path: [...column.path] });
        close();
      }),
    );
  }
  editor.addEventListener('keydown', (event) => {
    event.stopPropagation();
    if (event.key === 'Escape') close();
    else if (event.key === 'Enter' && (!multiline || event.ctrlKey || event.metaKey) && event.target !== kindSelect) {
      event.preventDefault();
      commit();
    } else if (event.key === 'Tab' && event.target === input && !event.shiftKey) {
      event.preventDefault();
      if (commit()) grid.move(0, 1);
    }
  });
  grid.showEditor(editor, rowIndex, column);
  input.focus();
}

function addField(): void {
  const row = model.rows[grid.active.row];
  if (!row) return showNotice('Choose a row first.', true);
  const name = h('input', { type: 'text', placeholder: 'field or a.b.c', 'aria-label': 'Name of the new field' }) as HTMLInputElement;
  const form = h('form', { className: 'add-field', 'aria-label': 'Add a field' }, name, h('button', { type: 'submit' }, 'Add'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const path = name.value.split('.');
    if (path.some((key) => key === '' || key.startsWith('$'))) return showNotice('A field name cannot be empty or start with "$".', true);
    form.remove();
    const column = model.columns.find((candidate) => candidate.label === name.value) ?? columnOf(path);
    if (!model.columns.some((candidate) => candidate.id === column.id)) model.columns = [...model.columns, column];
    grid.render();
    startEdit(model.rows.indexOf(row), column, '');
  });
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') form.remove();
  });
  content.prepend(form);
  name.focus();
}

// ---- views

function renderTree(): HTMLElement {
  const node = (key: string, value: JsonValue | undefined, changed: boolean): HTMLElement => {
    const kind = kindOf(value);
    if ((kind === 'object' || kind === 'array') && value !== undefined) {
      const entries: [string, JsonValue][] = Array.isArray(value)
        ? value.map((item, index) => [String(index), item])
        : Object.entries(value as JsonObject);
      return h(
        'li',
        { role: 'treeitem' },
        h(
          'details',
          {},
          h('summary', { className: changed ? 'changed' : '' }, `${key}: ${displayText(value)}`),
          h('ul', { role: 'group' }, ...entries.map(([k, v]) => node(k, v, false))),
        ),
      );
    }
    return h(
      'li',
      { role: 'treeitem', className: changed ? 'changed' : '' },
      `${key}: `,
      h('span', { className: `k-${kind}` }, displayText(value)),
      h('span', { className: 'kind' }, ` ${KIND_LABELS[kind]}`),
    );
  };
  return h(
    'ul',
    { className: 'tree', role: 'tree', 'aria-label': 'Documents as a tree' },
    ...model.rows.map((row, index) => {
      const fields = Object.keys(row.shown).map((key) =>
        node(key, row.shown[key], row.edits.length > 0 && isCellChanged(row.original, row.shown, [key])),
      );
      return h(
        'li',
        { role: 'treeitem' },
        h(
          'details',
          { open: index === 0 || model.rows.length <= 10 },
          h('summary', {}, `_id ${displayText(row.original._id as JsonValue)}`),
          h('ul', { role: 'group' }, ...fields),
        ),
      );
    }),
  );
}

function renderReview(): void {
  const items = model.review;
  reviewPane.hidden = items === undefined;
  if (!items) return;
  reviewPane.replaceChildren(
    h('h2', {}, reviewHeading(items)),
    ...items.map((item) =>
      item.rows
        ? rowChangeArticle(item)
        : h(
            'article',
            {},
            h('h3', {}, `PUT _id ${item.label}`),
            ...item.typeChanges.map((change) => h('p', { className: 'warning' }, `⚠ Type change: ${change}`)),
            item.error ? h('p', { className: 'field-error' }, item.error) : h('pre', { className: 'body' }, item.body ?? ''),
          ),
    ),
    h(
      'div',
      {},
      button('Save staged edits', 'Save', () => send({ type: 'save' })),
      button('Close the review', 'Close', () => {
        model.review = undefined;
        renderReview();
      }),
    ),
  );
  reviewPane.focus();
}

function render(): void {
  const { state } = model;
  filterInput.value = document.activeElement === filterInput ? filterInput.value : state.filter;
  pageSize.value = String(state.pageSize);
  const { first, last, total, pages } = pageBounds(state, model.rows.length, model.total);
  pageText.textContent = model.loading ? 'Loading…' : `${first}–${last} of ${total === undefined ? '?' : total.toLocaleString('en-US')}`;
  prevButton.disabled = state.page === 0;
  nextButton.disabled = pages !== undefined && state.page + 1 >= pages;
  const stagedCount = model.rows.filter((row) => row.edits.length > 0).length;
  stagedText.textContent = stagedSummary(stagedCount, rowChanges.staged);
  for (const tab of tabs) tab.setAttribute('aria-selected', String(tab.dataset.view === state.view));
  renderChooser();
  if (model.error) showNotice(model.error, true);
  if (state.view === 'table') {
    if (content.firstChild !== grid.element) content.replaceChildren(grid.element);
    grid.render();
    // After the next frame: the table is laid out and painted by then.
    const rows = model.rows.length;
    const columns = model.columns.length;
    if (!model.loading) requestAnimationFrame(() => send({ type: 'rendered', rows, columns }));
  } else if (state.view === 'tree') content.replaceChildren(renderTree());
  else
    content.replaceChildren(
      h(
        'pre',
        { className: 'json', tabIndex: 0, 'aria-label': 'Documents as JSON' },
        stringifyLossless(
          model.rows.map((row) => row.shown),
          2,
        ),
      ),
    );
}

function renderChooser(): void {
  const projected = new Set(model.state.fields.map(columnLabel));
  const boxes = [...model.knownColumns.values()]
    .filter((column) => column.path[0] !== '_id')
    .map((column) => {
      const box = h('input', { type: 'checkbox' }) as HTMLInputElement;
      box.checked =
        projected.size === 0 ||
        projected.has(column.label) ||
        column.path.some((_, i) => projected.has(columnLabel(column.path.slice(0, i + 1))));
      box.dataset.label = column.label;
      return h('label', {}, box, ` ${column.label}`);
    });
  const apply = button('Ask the service for the checked fields only', 'Show only checked', () => {
    const checked = [...columnChooser.querySelectorAll<HTMLInputElement>('input[type=checkbox]')]
      .filter((box) => box.checked)
      .map((box) => (box.dataset.label as string).split('.'));
    setView({ fields: checked.length === boxes.length ? [] : checked });
  });
  const all = button('Show all fields', 'All fields', () => setView({ fields: [] }));
  const open = (columnChooser as HTMLDetailsElement).open;
  columnChooser.replaceChildren(
    h('summary', {}, projected.size > 0 ? `Columns (${projected.size})` : 'Columns'),
    h('div', { className: 'chooser-list' }, ...boxes),
    apply,
    all,
  );
  (columnChooser as HTMLDetailsElement).open = open;
}

function receivePage(message: Extract<ExtensionMessage, { type: 'page' }>): void {
  model.title = message.title;
  model.state = message.state;
  model.loading = message.loading;
  model.total = message.total;
  model.error = message.error;
  rowChanges.staged = message.rowChanges ?? 0;
  if (message.loading) return render();
  const payload = parseLossless(message.payload) as { documents: JsonObject[]; staged: [string, CellEdit[]][] };
  const staged = new Map(payload.staged);
  model.rows = rowsOf(payload.documents, staged);
  const cleared = model.selection.pageShown(
    selectionScope(message.state),
    model.rows.map((_, index) => placeOf(index)),
  );
  showSelection(cleared);
  model.columns = columnsOf(model.rows.map((row) => row.shown));
  for (const column of model.columns) model.knownColumns.set(column.id, column);
  // The open review follows the staged edits; once none are left (all saved or discarded) it closes.
  if (model.review && staged.size === 0 && rowChanges.staged === 0) {
    model.review = undefined;
    renderReview();
  } else if (model.review) send({ type: 'review' });
  render();
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = checkExtensionMessage(event.data);
  if (!message) return;
  if (message.type === 'page') receivePage(message);
  else if (message.type === 'review') {
    model.review = message.items;
    renderReview();
  } else if (message.type === 'notice') showNotice(message.text, message.error);
  else {
    kept.restore = message.restore;
    keepState();
  }
});

document.addEventListener('keydown', (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
    event.preventDefault();
    send({ type: 'save' });
  }
});

filterInput.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') applyFilter();
});
pageSize.addEventListener('change', () => setView({ pageSize: Number(pageSize.value) as ViewState['pageSize'], page: 0 }));

app.append(
  h(
    'div',
    { className: 'toolbar', role: 'toolbar', 'aria-label': 'Query' },
    filterInput,
    button('Run the filter on the service', 'Apply', applyFilter),
    filterError,
    pageSize,
    prevButton,
    pageText,
    nextButton,
    button('Fetch the page again', 'Refresh', () => send({ type: 'refresh' })),
  ),
  h(
    'div',
    { className: 'toolbar', role: 'toolbar', 'aria-label': 'View and edits' },
    h('span', { role: 'tablist', 'aria-label': 'View' }, ...tabs),
    columnChooser,
    button('Add a field to the active row', '+ Field', addField),
    button('Open the selected rows as documents', 'Open', () => rowAction('open')),
    button('Duplicate the selected rows with new _ids', 'Duplicate', () => rowAction('duplicate')),
    button('Delete the selected rows', 'Delete', () => rowAction('delete')),
    button('Copy the selected rows as JSON', 'Copy JSON', () => rowAction('copy')),
    changeRowsButton(send, () => model.selection.keys()),
    button('Export everything the filter matches, in the view’s sort and columns, to a file (NDJSON, JSON or CSV)', 'Export…', () =>
      send({ type: 'exportView' }),
    ),
    exportSelectedButton,
    selectedText,
    // One group that wraps whole: Save and Discard never land on another line than Review.
    h('span', { className: 'toolbar-group edits' }, stagedText, reviewButton, saveButton, discardButton),
  ),
  notice,
  reviewPane,
  content,
);
reviewPane.tabIndex = -1;
showSelection(false);
render();
send({ type: 'ready' });
