// The collection view page's state and the rules that change it, without the DOM: tested in plain Node.
import type { JsonObject, JsonValue } from '../../core/json/lossless';
import { isJsonObject } from '../../core/json/lossless';
import { KIND_LABELS, displayText, isNumericKind, kindOf } from '../../core/table/cellValue';
import type { Column } from '../../core/table/columns';
import { valueAt } from '../../core/table/columns';
import type { CellViolation, ReviewItem } from '../../core/table/protocol';
import { concernsField, pathKeys } from '../../core/rules/rulesVerdict';
import { RowSelection } from '../../core/table/rowSelection';
import type { CellEdit } from '../../core/table/stagedEdits';
import { applyEdits, documentKey, isCellChanged } from '../../core/table/stagedEdits';
import type { ViewState } from '../../core/table/viewState';
import { DEFAULT_VIEW_STATE } from '../../core/table/viewState';

/** A document of the page: as loaded, as shown with its staged edits applied, and those edits. */
export interface Row {
  key: string;
  original: JsonObject;
  shown: JsonObject;
  edits: CellEdit[];
  /** The collection's rules its edits break, each at its dotted path, in the diagnostics' words (issue 33). */
  violations: CellViolation[];
}

export interface PageModel {
  title: string;
  state: ViewState;
  rows: Row[];
  columns: Column[];
  /** Every column seen since the view opened, for the chooser (a projection hides the others from the page). */
  knownColumns: Map<string, Column>;
  total: number | undefined;
  loading: boolean;
  /** False for a pipeline's results: nothing on the page can be edited, and the controls that edit are hidden. */
  editable: boolean;
  error: string | undefined;
  selection: RowSelection;
  review: ReviewItem[] | undefined;
  /** Whether the collection's rules warn rather than refuse (its violations are drawn as warnings). */
  rulesWarn: boolean;
}

export function newPageModel(selection = new RowSelection()): PageModel {
  return {
    title: '',
    state: DEFAULT_VIEW_STATE,
    rows: [],
    columns: [],
    knownColumns: new Map(),
    total: undefined,
    loading: true,
    editable: true,
    error: undefined,
    selection,
    review: undefined,
    rulesWarn: false,
  };
}

/** The rows of a page's documents, each with its staged edits applied. */
export function rowsOf(
  documents: readonly unknown[],
  staged: ReadonlyMap<string, CellEdit[]>,
  violations: ReadonlyMap<string, CellViolation[]> = new Map(),
): Row[] {
  return documents.filter(isJsonObject).map((original) => {
    const key = documentKey(original);
    const edits = staged.get(key) ?? [];
    const applied = edits.length > 0 ? applyEdits(original, edits) : undefined;
    return { key, original, edits, shown: applied?.document ?? original, violations: violations.get(key) ?? [] };
  });
}

/** The violations shown at a column's cell: at its field, inside it, or at a field holding it. */
export const cellViolations = (row: Row, column: Column): CellViolation[] =>
  row.violations.filter((violation) => concernsField(pathKeys(violation.path), column.path));

/** The violations no cell of the page shows (the document itself, a field no column holds): the row's header shows them. */
export const rowViolations = (row: Row, columns: readonly Column[]): CellViolation[] =>
  row.violations.filter((violation) => !columns.some((column) => concernsField(pathKeys(violation.path), column.path)));

/** How a cell shows a value: its text (cut with an ellipsis when long), and the whole of it on hover and to a screen reader. */
export interface CellLook {
  text: string;
  className: string;
  /** The tooltip: the column, the type and, for a value, the whole of it (a long 64-bit integer does not fit the column). */
  title: string;
  ariaLabel: string;
  /** The rules the cell's value breaks, cause first (empty when none). */
  violations: string[];
}

/** The most characters of a value a tooltip repeats (a long string is cut there; a number never is). */
const TITLE_VALUE_LIMIT = 1000;

export function cellLook(row: Row, column: Column): CellLook {
  const value: JsonValue | undefined = valueAt(row.shown, column.path);
  const kind = kindOf(value);
  const text = kind === 'missing' ? '' : displayText(value);
  const changed = row.edits.length > 0 && isCellChanged(row.original, row.shown, column.path);
  const shownInTitle = text.length > TITLE_VALUE_LIMIT ? `${text.slice(0, TITLE_VALUE_LIMIT)}…` : text;
  const violations = cellViolations(row, column).map((violation) => violation.text);
  const title = text === '' ? `${column.label}: ${KIND_LABELS[kind]}` : `${column.label}: ${KIND_LABELS[kind]}\n${shownInTitle}`;
  const ariaLabel = `${column.label}, ${kind === 'missing' ? 'missing' : `${KIND_LABELS[kind]} ${text}`}`;
  return {
    text,
    className: `cell k-${kind}${isNumericKind(kind) ? ' num' : ''}${changed ? ' changed' : ''}${violations.length > 0 ? ' violation' : ''}`,
    // The rule it breaks first: the cause is what the user needs to read.
    title: violations.length > 0 ? `${violations.join('\n')}\n${title}` : title,
    ariaLabel: violations.length > 0 ? `${ariaLabel}, breaks the rules: ${violations.join('; ')}` : ariaLabel,
    violations,
  };
}

/**
 * The selection under the pointer: a click selects as it always did, but a double-click edits a cell, so the
 * clicks it is made of leave the selection as it was before its first click.
 */
export class PointerSelection {
  private beforeFirstClick: RowSelection | undefined;

  /** A click with its count (`MouseEvent.detail`): the first of a series selects through `select`; the next ones do nothing. */
  click(selection: RowSelection, clickCount: number, select: () => void): void {
    if (clickCount >= 2) return;
    this.beforeFirstClick = selection.clone();
    select();
  }

  /** A double-click, which edits: the selection to keep, as it was before its first click. */
  doubleClick(selection: RowSelection): RowSelection {
    const before = this.beforeFirstClick ?? selection;
    this.beforeFirstClick = undefined;
    return before;
  }
}
