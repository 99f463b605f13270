import * as vscode from 'vscode';

/** Closes the editors of a document that hold no unsaved edits; returns whether one with edits stays open. */
export async function closeCleanEditors(uri: vscode.Uri): Promise<boolean> {
  const key = uri.toString();
  if (vscode.workspace.textDocuments.some((document) => document.uri.toString() === key && document.isDirty)) return true;
  const tabs = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === key);
  await vscode.window.tabGroups.close(tabs);
  return false;
}
