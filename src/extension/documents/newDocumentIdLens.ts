import * as vscode from 'vscode';
import { DOCUMENT_SCHEME, isNewDocumentUri } from '../kit/targets/documentUri';

const ID_KEY = /"_id"\s*:/;

/**
 * Explains the `_id` a new document's template starts with, above it: the object id was generated
 * here, and the user may write their own instead.
 */
export class NewDocumentIdLens implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!isNewDocumentUri(document.uri)) return [];
    const match = ID_KEY.exec(document.getText());
    if (!match) return [];
    const line = document.positionAt(match.index).line;
    return [
      new vscode.CodeLens(new vscode.Range(line, 0, line, 0), {
        title: vscode.l10n.t('_id generated here; replace it to choose your own'),
        command: '',
      }),
    ];
  }
}

export function registerNewDocumentIdLens(): vscode.Disposable {
  return vscode.languages.registerCodeLensProvider({ scheme: DOCUMENT_SCHEME }, new NewDocumentIdLens());
}
