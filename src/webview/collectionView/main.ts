// The collection view's page script: its own bundle (dist/collectionView.js), loaded only by the webview.
// It shows what the extension sends and sends back what the user does; it never talks to the service.
// This file puts the page together; each part of it has a module of its own.
import { stringifyLossless } from '../../core/json/lossless';
import { toWire } from '../../core/json/wire';
import type { ExtensionMessage } from '../../core/table/protocol';
import { columnsOf } from '../../core/table/columns';
import { RowSelection } from '../../core/table/rowSelection';
import type { ViewState } from '../../core/table/viewState';
import { toggleSort } from '../../core/table/viewState';
import { CellEditor } from './cellEditor';
import { headerCell, rowHeaderCell, valueCell } from './cells';
import { ColumnChooser } from './columnChooser';
import { installFilterSuggestions } from './filterSuggestions';
import { button, h } from './dom';
import { Host } from './host';
import { changeRowsButton, stagedText as stagedSummary } from './multiRow';
import { Notice } from './notice';
import { QueryBar } from './queryBar';
import { ReviewPane } from './reviewPane';
import { installRowContextMenu } from './rowContextMenu';
import { SelectionControls } from './selectionControls';
import { PointerSelection, newPageModel, rowViolations, rowsOf } from './state';
import { treeView } from './treeView';
import { VirtualGrid } from './virtualGrid';
import { l10n } from '../shared/l10n';

const host = new Host();
const model = newPageModel(RowSelection.fromState(host.kept.selection));
const pointer = new PointerSelection();
/** How many changes to several rows are staged (the extension keeps them; see multiRow.ts). */
const rowChanges = { staged: 0 };
const notice = new Notice();
const content = h('div', { className: 'content' });
const send = host.send.bind(host);

function setView(change: Partial<ViewState>): void {
  model.state = { ...model.state, ...change };
  send({ type: 'setView', state: model.state });
}

const selection: SelectionControls = new SelectionControls(model, () => grid, host, notice);
const editor = new CellEditor(model, () => grid, send, notice, content);
const grid: VirtualGrid = new VirtualGrid({
  columns: () => model.columns,
  rowCount: () => model.rows.length,
  cell: (row, column) => valueCell(model.rows[row], column),
  header: (column) =>
    headerCell(column, model.state.sort, (sorted, add) => setView({ sort: toggleSort(model.state.sort, sorted.path, add), page: 0 })),
  rowHeader: (index): HTMLElement => {
    const row = model.rows[index];
    return rowHeaderCell(
      row,
      selection.isSelected(index),
      () => selection.toggleRow(model.rows.indexOf(row)),
      rowViolations(row, model.columns),
    );
  },
  onEdit: (row, column, byPointer) => {
    if (!model.editable) return;
    if (byPointer) selection.restore(pointer.doubleClick(model.selection));
    editor.start(row, column);
  },
  onToggleRow: (row) => selection.toggleRow(row),
  isSelected: (row) => selection.isSelected(row),
  onSelectRow: (row, how, clickCount) => pointer.click(model.selection, clickCount, () => selection.selectRow(row, how)),
  onSelectAll: () => selection.selectAll(),
  onSave: () => model.editable && send({ type: 'save' }),
});
installRowContextMenu(grid.element, selection, model, () => grid.active.row);
const queryBar = new QueryBar(model, setView, () => send({ type: 'refresh' }));
installFilterSuggestions(queryBar.filterInput, () => [...model.knownColumns.values()].map((column) => column.label));
const chooser = new ColumnChooser((fields) => setView({ fields }));
const review = new ReviewPane(() => send({ type: 'save' }));
const stagedText = h('span', { className: 'staged-text' });
const VIEW_NAMES = {
  table: [l10n.t('Table'), l10n.t('table view')],
  tree: [l10n.t('Tree'), l10n.t('tree view')],
  json: [l10n.t('JSON'), l10n.t('json view')],
};
const tabs = (['table', 'tree', 'json'] as const).map((view) => {
  const tab = button(VIEW_NAMES[view][1], VIEW_NAMES[view][0], () => setView({ view }));
  tab.setAttribute('role', 'tab');
  tab.dataset.view = view;
  return tab;
});

function showReview(): void {
  review.show(model.review, () => {
    model.review = undefined;
    showReview();
  });
}

/** The controls that edit or reach the collection's documents by _id: hidden on a view of a pipeline's results. */
const editControls: HTMLElement[] = [];

function render(): void {
  queryBar.render();
  for (const control of editControls) control.hidden = !model.editable;
  const stagedCount = model.rows.filter((row) => row.edits.length > 0).length;
  stagedText.textContent = stagedSummary(stagedCount, rowChanges.staged);
  for (const tab of tabs) tab.setAttribute('aria-selected', String(tab.dataset.view === model.state.view));
  chooser.render(model.knownColumns.values(), model.state.fields);
  if (model.error) notice.show(model.error, true);
  if (model.state.view === 'table') {
    if (content.firstChild !== grid.element) content.replaceChildren(grid.element);
    grid.render();
  } else if (model.state.view === 'tree') content.replaceChildren(treeView(model.rows));
  else {
    const json = stringifyLossless(
      model.rows.map((row) => row.shown),
      2,
    );
    content.replaceChildren(h('pre', { className: 'json', tabIndex: 0, 'aria-label': l10n.t('Documents as JSON') }, json));
  }
}

function receivePage(message: Extract<ExtensionMessage, { type: 'page' }>): void {
  model.title = message.title;
  model.state = message.state;
  model.loading = message.loading;
  model.editable = message.editable;
  model.total = message.total;
  model.error = message.error;
  rowChanges.staged = message.rowChanges ?? 0;
  if (message.loading) return render();
  const staged = new Map(message.staged);
  model.rows = rowsOf(message.documents, staged, new Map(message.violations ?? []));
  model.rulesWarn = message.rulesWarn ?? false;
  grid.element.classList.toggle('rules-warn', model.rulesWarn);
  selection.pageShown(message.state);
  model.columns = columnsOf(model.rows.map((row) => row.shown));
  for (const column of model.columns) model.knownColumns.set(column.id, column);
  // The open review follows the staged edits; once none are left (all saved or discarded) it closes.
  if (model.review && staged.size === 0 && rowChanges.staged === 0) {
    model.review = undefined;
    showReview();
  } else if (model.review) send({ type: 'review' });
  render();
}

host.listen((message) => {
  if (message.type === 'page') receivePage(message);
  else if (message.type === 'review') {
    model.review = message.items;
    showReview();
  } else if (message.type === 'notice') notice.show(message.text, message.error);
  // Kept as the wire value it came as: the webview's state is stored as JSON, which would round a long int64.
  else host.keep({ restore: toWire(message.restore) });
});

document.addEventListener('keydown', (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
    event.preventDefault();
    if (model.editable) send({ type: 'save' });
  }
});

const editButtons = [
  button(l10n.t('Add a field to the active row'), l10n.t('+ Field'), () => editor.addField()),
  button(l10n.t('Open the selected rows as documents'), l10n.t('Open'), () => selection.rowAction('open')),
  button(l10n.t('Duplicate the selected rows with new _ids'), l10n.t('Duplicate'), () => selection.rowAction('duplicate')),
  button(l10n.t('Delete the selected rows'), l10n.t('Delete'), () => selection.rowAction('delete')),
];
// One group that wraps whole: Save and Discard never land on another line than Review.
const editsGroup = h(
  'span',
  { className: 'toolbar-group edits' },
  stagedText,
  button(l10n.t('Review changes'), l10n.t('Review'), () => send({ type: 'review' })),
  button(l10n.t('Save staged edits (Ctrl+S)'), l10n.t('Save'), () => send({ type: 'save' })),
  button(l10n.t('Discard all staged edits'), l10n.t('Discard'), () => send({ type: 'discardAll' })),
);
const changeRows = changeRowsButton(send, () => model.selection.keys());
editControls.push(...editButtons, changeRows, selection.exportSelectedButton, editsGroup);

document.getElementById('app')!.append(
  queryBar.element,
  h(
    'div',
    { className: 'toolbar', role: 'toolbar', 'aria-label': l10n.t('View and edits') },
    h('span', { role: 'tablist', 'aria-label': l10n.t('View') }, ...tabs),
    chooser.element,
    ...editButtons,
    button(l10n.t('Copy the selected rows as JSON'), l10n.t('Copy JSON'), () => selection.rowAction('copy')),
    changeRows,
    button(
      l10n.t('Export everything the filter matches, in the view’s sort and columns, to a file (NDJSON, JSON or CSV)'),
      l10n.t('Export…'),
      () => send({ type: 'exportView' }),
    ),
    selection.exportSelectedButton,
    selection.selectedText,
    editsGroup,
  ),
  notice.element,
  review.element,
  content,
);
selection.show(false);
render();
send({ type: 'ready' });
