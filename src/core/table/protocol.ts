import { EDITABLE_KINDS } from './cellValue';
import { MAX_SELECTED_ROWS } from './rowSelection';
import type { CellEdit } from './stagedEdits';
import type { ViewState } from './viewState';
import { checkViewState } from './viewState';
import type { Infer, Schema } from '../json/schema';
import { boolean, count, custom, list, object, oneOf, optional, pair, text, variants } from '../json/schema';
import { toWire, wireObject, wireValue } from '../json/wire';

/**
 * The messages between a collection view's webview and the extension, declared once as schemas: each side
 * checks every message it receives against them and drops anything else (a webview is a page, and its
 * messages are input), and the TypeScript types are read off the same declarations. Documents travel as
 * wire values (`core/json/wire`), structure rather than JSON text inside JSON, so an int64 beyond 2^53
 * arrives exactly.
 */
const key = text(10_000);
const path = list(text(1000, 1), { min: 1, max: 100 });
const viewState: Schema<ViewState> = custom(checkViewState);
/** The selected rows' keys, in the view's order, across pages. */
const selectedKeys = list(text(10_000, 1), { min: 1, max: MAX_SELECTED_ROWS });

const webviewMessage = variants({
  ready: {},
  setView: { state: viewState },
  edit: { key, path, kind: oneOf(EDITABLE_KINDS), text: text(1_000_000) },
  removeField: { key, path },
  revert: { key, path: optional(path) },
  discardAll: {},
  review: {},
  save: {},
  refresh: {},
  rows: { action: oneOf(['open', 'duplicate', 'delete', 'copy'] as const), keys: list(key, { min: 1, max: 100 }) },
  /** Export… what the view shows: all its filter matches, in its sort, with its projection. */
  exportView: {},
  /** Export Selected…: the selected rows' documents (keys in the view's order), across pages. */
  exportSelected: { keys: selectedKeys },
  /** Change Rows…: set, unset or rename a field, or an update, on the selected rows (keys in the view's order; none: the filter's matches only). */
  changeRows: { keys: list(text(10_000, 1), { max: MAX_SELECTED_ROWS }) },
});

export type WebviewMessage = Infer<typeof webviewMessage>;
export type RowAction = Extract<WebviewMessage, { type: 'rows' }>['action'];

const reviewItem = object({
  key: text(1_000_000),
  /** The `_id` as a user reads it. */
  label: text(1_000_000),
  /** The exact body of the PUT, pretty-printed; absent when the edits cannot be saved. */
  body: optional(text(50_000_000)),
  typeChanges: list(text(1_000_000), { max: 10_000 }),
  error: optional(text(1_000_000)),
  /** A staged change to many rows (one bulk update): what it does, to which documents, and how many. */
  rows: optional(object({ change: text(1_000_000), scope: text(1_000_000), count: optional(count) })),
});
export type ReviewItem = Infer<typeof reviewItem>;

const cellEdit: Schema<CellEdit> = object({ path, value: optional(wireValue) });

/** One way an edited document breaks the collection's rules: its dotted path (empty for the document) and the diagnostics' text, cause first. */
const cellViolation = object({ path: text(100_000), text: text(1_000_000) });
export type CellViolation = Infer<typeof cellViolation>;

const extensionMessage = variants({
  page: {
    title: text(10_000),
    state: viewState,
    documents: list(wireObject, { max: 1000 }),
    /** The staged edits of the page's documents, by document key. */
    staged: list(pair(key, list(cellEdit, { max: 100_000 })), { max: 1000 }),
    total: optional(count),
    loading: boolean,
    error: optional(text(1_000_000)),
    /** Whether the documents can be edited (false for read-only query results). */
    editable: boolean,
    /** How many changes to many rows are staged (each one bulk update on Save). */
    rowChanges: optional(count),
    /** The collection's rules broken by the page's edited documents, by document key (issue 33). */
    violations: optional(list(pair(key, list(cellViolation, { max: 100 })), { max: 1000 })),
    /** Whether the rules warn rather than refuse. */
    rulesWarn: optional(boolean),
  },
  review: { items: list(reviewItem, { max: 1000 }) },
  notice: { text: text(1_000_000), error: optional(boolean) },
  /** What the webview keeps (opaque to it) so that the extension can restore the view after a reload. */
  keep: { restore: wireValue },
});

export type ExtensionMessage = Infer<typeof extensionMessage>;

/** A message from the webview, or undefined for anything that is not exactly one. */
export const checkWebviewMessage = (raw: unknown): WebviewMessage | undefined => webviewMessage.check(raw);

/** The keys the rows' context menu carries to Export Selected…, checked as the same keys in a message of the page are. */
export const checkSelectedKeys = (raw: unknown): string[] | undefined => selectedKeys.check(raw);

/** A message from the extension, or undefined for anything that is not exactly one; its documents decoded. */
export const checkExtensionMessage = (raw: unknown): ExtensionMessage | undefined => extensionMessage.check(raw);

/** A message from the extension as it is posted: its lossless values as wire values. */
export function postedForm(message: ExtensionMessage): unknown {
  if (message.type === 'page')
    return {
      ...message,
      documents: message.documents.map(toWire),
      staged: message.staged.map(([documentKey, edits]) => [
        documentKey,
        edits.map((edit) => (edit.value === undefined ? { path: edit.path } : { path: edit.path, value: toWire(edit.value) })),
      ]),
    };
  if (message.type === 'keep') return { ...message, restore: toWire(message.restore) };
  return message;
}
