import * as vscode from 'vscode';
import { isReplayableQuery, namespaceOf, slowQueryPlaygroundText } from '../../core/activity/slowQueryPlayground';
import type { Services } from '../services';
import { showActivityDetails } from './activityDetails';
import { ActivityEntryNode } from './activityNodes';

/** An untitled playground name not yet taken: `orders-slow.query.json`, `orders-slow-2.query.json`, … */
function freshUntitledUri(col: string): vscode.Uri {
  const taken = new Set(vscode.workspace.textDocuments.map((document) => document.uri.toString()));
  const base = `${col.replace(/[\\/:*?"<>|]/g, '_')}-slow`;
  for (let n = 1; ; n++) {
    const uri = vscode.Uri.from({ scheme: 'untitled', path: `${base}${n === 1 ? '' : `-${n}`}.query.json` });
    if (!taken.has(uri.toString())) return uri;
  }
}

/** Shows a current or slow operation's details as read-only JSON. */
export async function showOperationDetails(services: Services, arg: unknown): Promise<void> {
  if (!(arg instanceof ActivityEntryNode)) throw new Error(vscode.l10n.t('Choose an operation or a slow query in the DB Host tree.'));
  await showActivityDetails(services.virtualDocuments, arg.title, arg.entry);
}

/** Opens a playground prefilled with a slow query, bound to its account by label, ready to run again. */
export async function openSlowQueryInPlayground(services: Services, arg: unknown): Promise<void> {
  if (!(arg instanceof ActivityEntryNode) || arg.kind !== 'slowQuery')
    throw new Error(vscode.l10n.t('Choose a slow query in the DB Host tree to open it in a playground.'));
  if (!isReplayableQuery(arg.entry))
    throw new Error(vscode.l10n.t('Only a slow query on a collection can be opened in a playground; this one is a command or a write.'));
  const account = services.accounts.require(arg.target.accountId);
  const uri = freshUntitledUri(namespaceOf(arg.entry.ns)!.col);
  let document = await vscode.workspace.openTextDocument(uri);
  if (document.languageId !== 'jsonc') document = await vscode.languages.setTextDocumentLanguage(document, 'jsonc');
  const editor = await vscode.window.showTextDocument(document, { preview: false });
  await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), slowQueryPlaygroundText(arg.entry, account.label)));
}
