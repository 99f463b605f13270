import * as vscode from 'vscode';
import { DOCUMENT_SCHEME, isNewDocumentUri } from '../shared/documentUri';

const ID_KEY = /"_id"\s*:/;

/**
 * Explains the `_id` a new document's template starts with, above it: the object id was generated
 * here, and the user may write their own instead. Without an `_id` the save adds the generated one.
 */
export class NewDocumentIdLens implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!isNewDocumentUri(document.uri)) return [];
    const text = document.getText();
    const match = ID_KEY.exec(text);
    const line = match ? document.positionAt(match.index).line : 0;
    const title = match ? '_id generated here; replace it to choose your own' : 'No _id: the generated one is added when you save';
    return [new vscode.CodeLens(new vscode.Range(line, 0, line, 0), { title, command: '' })];
  }
}

export function registerNewDocumentIdLens(): vscode.Disposable {
  return vscode.languages.registerCodeLensProvider({ scheme: DOCUMENT_SCHEME }, new NewDocumentIdLens());
}
