import * as vscode from 'vscode';
import type { CollectionViews } from './collectionViews';

/**
 * Export Selected… from the context menu of a collection view's rows (package.json `webview/context`). VS Code
 * hands the command the menu's context, which the page fills with the selected rows' keys when it opens
 * (rowContextMenu.ts); the view checks them as it checks every message from its page.
 */
export async function exportSelectedRows(views: CollectionViews, context: unknown): Promise<void> {
  const view = views.frontView();
  if (!view) throw new Error(vscode.l10n.t('Open a collection view and select rows in it to export them.'));
  const keys = typeof context === 'object' && context !== null ? (context as { selectedKeys?: unknown }).selectedKeys : undefined;
  if (!Array.isArray(keys) || keys.length === 0)
    throw new Error(vscode.l10n.t('Select rows first (click, Ctrl+click, Shift+click, or Space on a row).'));
  await view.receive({ type: 'exportSelected', keys });
}
