import * as vscode from 'vscode';
import { describeError } from '../base/registerCommand';
import type { ExplorerProvider } from '../explorer/explorerProvider';
import { DatabasesNode } from '../explorer/nodes/databasesNode';
import type { Services } from '../services';

/**
 * Where `npm start` leaves a newcomer: the handed-over account expanded down to its databases in the DB
 * Host view, and the sample query playground open in the editor, so the first click on Run runs a query.
 * What cannot be shown is logged; the account is there all the same.
 */
export async function showStartingPoint(services: Services, explorer: ExplorerProvider, start: { accountId: string; open?: string }): Promise<void> {
  try {
    if (start.open) {
      const document = await vscode.workspace.openTextDocument(vscode.Uri.file(start.open));
      await vscode.window.showTextDocument(document, { preview: false });
    }
    const account = explorer.accountNode(start.accountId);
    const databases = account && (await account.children()).find((node) => node instanceof DatabasesNode);
    if (databases) await explorer.treeView?.reveal(databases, { select: false, focus: false, expand: true });
  } catch (error) {
    services.logger.warn(`Could not show the starting point of npm start: ${describeError(error)}`);
  }
}
