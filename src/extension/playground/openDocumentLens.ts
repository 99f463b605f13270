import * as vscode from 'vscode';
import type { ResourceTarget } from '../base/resourceTarget';
import { CommandId } from '../kit/feature/commandIds';

/** The "Open" lens above a document of a results file: opens that document as an editable file. */
export function openDocumentLens(line: number, target: ResourceTarget): vscode.CodeLens {
  return new vscode.CodeLens(new vscode.Range(line, 0, line, 0), {
    title: vscode.l10n.t('$(go-to-file) Open'),
    tooltip: vscode.l10n.t('Open this document as an editable file'),
    command: CommandId.openDocument,
    arguments: [target],
  });
}
