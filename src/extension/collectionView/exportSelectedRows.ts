import * as vscode from 'vscode';
import { checkSelectedKeys } from '../../core/table/protocol';
import type { CollectionViews } from './collectionViews';

/**
 * Export Selected… from the context menu of a collection view's rows (package.json `webview/context`). VS Code
 * hands the command the menu's context, which the page fills with the selected rows' keys when it opens
 * (rowContextMenu.ts); they are checked as the same keys in a message of the page are.
 */
export async function exportSelectedRows(views: CollectionViews, context: unknown): Promise<void> {
  const view = views.frontView();
  if (!view) throw new Error(vscode.l10n.t('Open a collection view and select rows in it to export them.'));
  const raw = typeof context === 'object' && context !== null ? (context as { selectedKeys?: unknown }).selectedKeys : undefined;
  if (!Array.isArray(raw) || raw.length === 0)
    throw new Error(vscode.l10n.t('Select rows first (click, Ctrl+click, Shift+click, or Space on a row).'));
  const keys = checkSelectedKeys(raw);
  if (!keys) throw new Error(vscode.l10n.t('The selected rows are not ones a collection view selects: nothing was exported.'));
  await view.exportRows(keys);
}
