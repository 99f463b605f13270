import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

/** Replaces the first occurrence of `search` in the document, as typing over it would, without saving. */
export async function replaceFirst(document: vscode.TextDocument, search: string, replacement: string): Promise<void> {
  const offset = document.getText().indexOf(search);
  assert.ok(offset >= 0, `${search} is not in the editor:\n${document.getText()}`);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(offset), document.positionAt(offset + search.length)), replacement);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

/** Closes the document's editor, dropping unsaved edits. */
export async function discard(document: vscode.TextDocument): Promise<void> {
  await vscode.window.showTextDocument(document);
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
}

/** Replaces the whole text of the document, as selecting all and typing would, without saving. */
export async function replaceAll(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
}
