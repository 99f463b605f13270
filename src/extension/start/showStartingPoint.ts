import * as vscode from 'vscode';
import type { ExplorerTree } from '../kit/tree/explorerTree';

/**
 * Where `npm start` leaves a newcomer: the handed-over account expanded down to its databases in the DB
 * Host view, and the sample query playground open in the editor, so the first click on Run runs a query.
 */
export async function showStartingPoint(explorer: ExplorerTree, start: { accountId: string; open?: string }): Promise<void> {
  if (start.open) await vscode.window.showTextDocument(vscode.Uri.file(start.open), { preview: false });
  // An account's first group is its Databases.
  const [databases] = (await explorer.accountNode(start.accountId)?.children?.()) ?? [];
  if (databases) await explorer.treeView?.reveal(databases, { select: false, focus: false, expand: true });
}
