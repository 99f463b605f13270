import * as vscode from 'vscode';
import type { JsonObject } from '../../core/json/lossless';
import { stringifyLossless } from '../../core/json/lossless';
import type { VirtualDocuments } from '../base/virtualDocuments';

/**
 * Shows a current or slow operation as the service sent it, as a read-only JSON document; its address holds the
 * title and a number, never the key.
 */
export async function showActivityDetails(documents: VirtualDocuments, title: string, entry: JsonObject): Promise<void> {
  const kind = {
    scheme: 'dbhost-activity',
    gone: vscode.l10n.t('// These details were closed: open them again from the DB Host tree.\n'),
  };
  const uri = documents.keep(kind, `${title}.json`, `${stringifyLossless(entry, 2)}\n`);
  let document = await vscode.workspace.openTextDocument(uri);
  if (document.languageId !== 'json') document = await vscode.languages.setTextDocumentLanguage(document, 'json');
  await vscode.window.showTextDocument(document, { preview: true });
}
