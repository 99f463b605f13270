/** A row of the view as the selection sees it: its document's key and its place in the view's order (page × size + row). */
export interface RowPlace {
  key: string;
  position: number;
}

/** What a view keeps of its selection across a reload. */
export interface SelectionState {
  /** The view's filter and sort the rows were selected under (see {@link selectionScope}). */
  scope: string;
  rows: [key: string, position: number][];
}

/** The most rows a selection holds (and so the most documents "Export Selected…" asks for). */
export const MAX_SELECTED_ROWS = 10_000;

/**
 * The rows a user selected in a collection view, across pages: kept while paging, cleared when the
 * filter or the sort changes (the rows would no longer be the view's, or no longer in its order). Each row keeps its place in the view's order,
 * so that the selection is exported in that order; a page that shows a selected row again updates it.
 * A range (Shift) runs from the anchor, the last row clicked or toggled, over the loaded rows.
 */
export class RowSelection {
  private readonly rows = new Map<string, number>();
  private anchor: string | undefined;
  /** The rows selected before the current range, which extending the range leaves selected. */
  private base = new Map<string, number>();

  constructor(private scope = '') {}

  get size(): number {
    return this.rows.size;
  }

  has(key: string): boolean {
    return this.rows.has(key);
  }

  /** A plain click: this row alone. */
  selectOnly(row: RowPlace): void {
    this.rows.clear();
    this.add(row);
    this.startRange(row.key);
  }

  /** Ctrl/Cmd-click, Space or the row's box. */
  toggle(row: RowPlace): void {
    if (this.rows.has(row.key)) this.rows.delete(row.key);
    else this.add(row);
    this.startRange(row.key);
  }

  /** Shift-click or Shift+Arrow: the rows selected before, and every loaded row from the anchor to this one. */
  extendTo(loaded: readonly RowPlace[], key: string): void {
    const to = loaded.findIndex((row) => row.key === key);
    if (to < 0) return;
    let from = this.anchor === undefined ? -1 : loaded.findIndex((row) => row.key === this.anchor);
    if (from < 0) {
      this.startRange(key);
      from = to;
    }
    this.rows.clear();
    for (const [baseKey, position] of this.base) this.rows.set(baseKey, position);
    for (let i = Math.min(from, to); i <= Math.max(from, to); i++) this.add(loaded[i]);
  }

  /** Ctrl/Cmd+A: every loaded row. */
  selectAll(loaded: readonly RowPlace[]): void {
    for (const row of loaded) this.add(row);
  }

  clear(): void {
    this.rows.clear();
    this.base.clear();
    this.anchor = undefined;
  }

  /**
   * A page arrived: a changed scope (filter or sort, see {@link selectionScope}) clears the selection
   * (returns true then); otherwise the shown rows that are selected take their new places.
   */
  pageShown(scope: string, shown: readonly RowPlace[]): boolean {
    if (scope !== this.scope) {
      this.scope = scope;
      const had = this.rows.size > 0;
      this.clear();
      return had;
    }
    for (const row of shown) if (this.rows.has(row.key)) this.rows.set(row.key, row.position);
    return false;
  }

  /** A copy that changes apart from this one (its rows, range anchor and scope). */
  clone(): RowSelection {
    const copy = new RowSelection(this.scope);
    for (const [key, position] of this.rows) copy.rows.set(key, position);
    copy.anchor = this.anchor;
    copy.base = new Map(this.base);
    return copy;
  }

  /** The selected keys in the view's order. */
  keys(): string[] {
    return [...this.rows].sort((a, b) => a[1] - b[1]).map(([key]) => key);
  }

  toJSON(): SelectionState {
    return { scope: this.scope, rows: [...this.rows] };
  }

  /** A selection from kept state, checked (it comes back from the webview's storage); undefined if not well-formed. */
  static fromState(raw: unknown): RowSelection | undefined {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { scope, rows } = raw as Partial<SelectionState>;
    if (typeof scope !== 'string' || scope.length > 200_000 || !Array.isArray(rows) || rows.length > MAX_SELECTED_ROWS) return undefined;
    const isRow = (row: unknown): row is [string, number] =>
      Array.isArray(row) &&
      row.length === 2 &&
      typeof row[0] === 'string' &&
      row[0].length > 0 &&
      row[0].length <= 10_000 &&
      Number.isSafeInteger(row[1]) &&
      row[1] >= 0;
    if (!rows.every(isRow)) return undefined;
    const selection = new RowSelection(scope);
    for (const [key, position] of rows) selection.rows.set(key, position);
    return selection;
  }

  private add(row: RowPlace): void {
    if (this.rows.size >= MAX_SELECTED_ROWS && !this.rows.has(row.key)) return;
    this.rows.set(row.key, row.position);
  }

  private startRange(key: string): void {
    this.anchor = key;
    this.base = new Map(this.rows);
    this.base.delete(key);
  }
}

/** What a selection belongs to: the view's filter and sort; a page under another one clears it. */
export function selectionScope(state: { filter: string; sort: readonly unknown[] }): string {
  return JSON.stringify([state.filter, state.sort]);
}

/** What a screen reader hears when the selection changes. */
export function selectionText(count: number): string {
  if (count === 0) return 'No rows selected';
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'} selected`;
}
