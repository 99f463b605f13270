import type { EditableKind } from './cellValue';
import { EDITABLE_KINDS } from './cellValue';
import { MAX_SELECTED_ROWS } from './rowSelection';
import type { ViewState } from './viewState';
import { checkViewState } from './viewState';
import { isRecord } from '../json/isRecord';

/**
 * The messages between a collection view's webview and the extension. Each side checks every message it
 * receives against these shapes and drops anything else: a webview is a page, and its messages are input.
 * Documents travel as lossless JSON text, so an int64 beyond 2^53 arrives exactly.
 */
export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'setView'; state: ViewState }
  | { type: 'edit'; key: string; path: string[]; kind: EditableKind; text: string }
  | { type: 'removeField'; key: string; path: string[] }
  | { type: 'revert'; key: string; path?: string[] }
  | { type: 'discardAll' }
  | { type: 'review' }
  | { type: 'save' }
  | { type: 'refresh' }
  | { type: 'rows'; action: RowAction; keys: string[] }
  /** Export… what the view shows: all its filter matches, in its sort, with its projection. */
  | { type: 'exportView' }
  /** Export Selected…: the selected rows' documents (keys in the view's order), across pages. */
  | { type: 'exportSelected'; keys: string[] }
  /** Change Rows…: set, unset or rename a field, or an update, on the selected rows (keys in the view's order; none: the filter's matches only). */
  | { type: 'changeRows'; keys: string[] }
  /** The table of a loaded page is on screen (the bench times opening to this). */
  | { type: 'rendered'; rows: number; columns: number };

export type RowAction = 'open' | 'duplicate' | 'delete' | 'copy';
const ROW_ACTIONS: readonly RowAction[] = ['open', 'duplicate', 'delete', 'copy'];

export interface ReviewItem {
  key: string;
  /** The `_id` as a user reads it. */
  label: string;
  /** The exact body of the PUT, pretty-printed; absent when the edits cannot be saved. */
  body?: string;
  typeChanges: string[];
  error?: string;
  /** A staged change to many rows (one bulk update): what it does, to which documents, and how many. */
  rows?: { change: string; scope: string; count?: number };
}

export type ExtensionMessage =
  | {
      type: 'page';
      title: string;
      state: ViewState;
      /** `{"documents": [...], "staged": [[key, edits], ...]}` as lossless JSON text. */
      payload: string;
      total?: number;
      loading: boolean;
      error?: string;
      /** Whether the documents can be edited (false for read-only query results). */
      editable: boolean;
      /** How many changes to many rows are staged (each one bulk update on Save). */
      rowChanges?: number;
    }
  | { type: 'review'; items: ReviewItem[] }
  | { type: 'notice'; text: string; error?: boolean }
  /** What the webview keeps (opaque to it) so that the extension can restore the view after a reload. */
  | { type: 'keep'; restore: string };

const isString = (value: unknown, max = 1_000_000): value is string => typeof value === 'string' && value.length <= max;
const isPath = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.length <= 100 && value.every((key) => isString(key, 1000) && key.length > 0);
const isCount = (value: unknown): boolean => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const hasOnly = (message: Record<string, unknown>, ...keys: string[]): boolean =>
  Object.keys(message).every((key) => key === 'type' || keys.includes(key));

/** A message from the webview, or undefined for anything that is not exactly one. */
export function checkWebviewMessage(raw: unknown): WebviewMessage | undefined {
  if (!isRecord(raw) || typeof raw.type !== 'string') return undefined;
  const m = raw;
  switch (m.type) {
    case 'ready':
    case 'exportView':
    case 'discardAll':
    case 'review':
    case 'save':
    case 'refresh':
      return hasOnly(m) ? { type: m.type } : undefined;
    case 'setView': {
      const state = checkViewState(m.state);
      return state && hasOnly(m, 'state') ? { type: 'setView', state } : undefined;
    }
    case 'edit':
      if (!hasOnly(m, 'key', 'path', 'kind', 'text') || !isString(m.key, 10_000) || !isPath(m.path) || !isString(m.text)) return undefined;
      if (!EDITABLE_KINDS.includes(m.kind as EditableKind)) return undefined;
      return { type: 'edit', key: m.key, path: [...m.path], kind: m.kind as EditableKind, text: m.text };
    case 'removeField':
      return hasOnly(m, 'key', 'path') && isString(m.key, 10_000) && isPath(m.path)
        ? { type: 'removeField', key: m.key, path: [...m.path] }
        : undefined;
    case 'revert':
      if (!hasOnly(m, 'key', 'path') || !isString(m.key, 10_000) || (m.path !== undefined && !isPath(m.path))) return undefined;
      return m.path === undefined ? { type: 'revert', key: m.key } : { type: 'revert', key: m.key, path: [...(m.path as string[])] };
    case 'rendered':
      if (!hasOnly(m, 'rows', 'columns') || !isCount(m.rows) || !isCount(m.columns)) return undefined;
      return { type: 'rendered', rows: m.rows as number, columns: m.columns as number };
    case 'rows':
      if (!hasOnly(m, 'action', 'keys') || !ROW_ACTIONS.includes(m.action as RowAction)) return undefined;
      if (!Array.isArray(m.keys) || m.keys.length === 0 || m.keys.length > 100 || !m.keys.every((key) => isString(key, 10_000)))
        return undefined;
      return { type: 'rows', action: m.action as RowAction, keys: [...(m.keys as string[])] };
    case 'exportSelected':
      if (!hasOnly(m, 'keys') || !Array.isArray(m.keys) || m.keys.length === 0 || m.keys.length > MAX_SELECTED_ROWS) return undefined;
      if (!m.keys.every((key) => isString(key, 10_000) && key.length > 0)) return undefined;
      return { type: 'exportSelected', keys: [...(m.keys as string[])] };
    case 'changeRows':
      if (!hasOnly(m, 'keys') || !Array.isArray(m.keys) || m.keys.length > MAX_SELECTED_ROWS) return undefined;
      if (!m.keys.every((key) => isString(key, 10_000) && key.length > 0)) return undefined;
      return { type: 'changeRows', keys: [...(m.keys as string[])] };
    default:
      return undefined;
  }
}

const isReviewItem = (value: unknown): value is ReviewItem =>
  isRecord(value) &&
  isString(value.key) &&
  isString(value.label) &&
  (value.body === undefined || isString(value.body, 50_000_000)) &&
  (value.error === undefined || isString(value.error)) &&
  (value.rows === undefined ||
    (isRecord(value.rows) &&
      isString(value.rows.change) &&
      isString(value.rows.scope) &&
      (value.rows.count === undefined || isCount(value.rows.count)))) &&
  Array.isArray(value.typeChanges) &&
  value.typeChanges.every((text) => isString(text));

/** A message from the extension, or undefined for anything that is not exactly one. */
export function checkExtensionMessage(raw: unknown): ExtensionMessage | undefined {
  if (!isRecord(raw)) return undefined;
  const m = raw;
  switch (m.type) {
    case 'page': {
      const state = checkViewState(m.state);
      if (
        !state ||
        !isString(m.title, 10_000) ||
        !isString(m.payload, 200_000_000) ||
        typeof m.loading !== 'boolean' ||
        typeof m.editable !== 'boolean'
      )
        return undefined;
      if (m.total !== undefined && (typeof m.total !== 'number' || !Number.isSafeInteger(m.total) || m.total < 0)) return undefined;
      if (m.error !== undefined && !isString(m.error)) return undefined;
      if (m.rowChanges !== undefined && !isCount(m.rowChanges)) return undefined;
      return {
        type: 'page',
        title: m.title,
        state,
        payload: m.payload,
        total: m.total as number | undefined,
        loading: m.loading,
        error: m.error as string | undefined,
        editable: m.editable,
        ...(m.rowChanges === undefined ? {} : { rowChanges: m.rowChanges as number }),
      };
    }
    case 'review':
      return Array.isArray(m.items) && m.items.every(isReviewItem) ? { type: 'review', items: m.items as ReviewItem[] } : undefined;
    case 'notice':
      return isString(m.text) && (m.error === undefined || typeof m.error === 'boolean')
        ? { type: 'notice', text: m.text, error: m.error as boolean | undefined }
        : undefined;
    case 'keep':
      return isString(m.restore, 200_000_000) ? { type: 'keep', restore: m.restore } : undefined;
    default:
      return undefined;
  }
}
