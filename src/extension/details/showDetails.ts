import * as vscode from 'vscode';
import type { DetailsRequest } from './detailsRequest';
import { detailsUri } from './detailsRequest';

/** Opens (or brings back) the read-only JSON document of some details. */
export async function showDetails(request: DetailsRequest): Promise<void> {
  const uri = detailsUri(request);
  let document = await vscode.workspace.openTextDocument(uri);
  if (document.languageId !== 'json') document = await vscode.languages.setTextDocumentLanguage(document, 'json');
  await vscode.window.showTextDocument(document, { preview: true });
}
