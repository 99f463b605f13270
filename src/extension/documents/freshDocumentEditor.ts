import * as vscode from 'vscode';

/**
 * Shows a document's editor with the text the service holds now. VS Code keeps a closed document's text for a
 * while (an extension's `openTextDocument` holds it for minutes) and opening the same URI again gives that text
 * without reading the file, so a document another client changed, or deleted and created again, would open as it
 * was. A clean editor whose text is not the service's is reverted, which reads the file again; one with edits is
 * left as it is (its save raises the conflict).
 */
export async function showFreshDocument(uri: vscode.Uri, serviceText: () => Promise<string>, preview: boolean): Promise<void> {
  const known = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  const expected = known && !known.isDirty ? await serviceText() : undefined;
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview });
  if (expected === undefined || document.isDirty || document.getText() === expected) return;
  const reloaded = new Promise<void>((resolve) => {
    const listener = vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document !== document) return;
      listener.dispose();
      resolve();
    });
  });
  await vscode.commands.executeCommand('workbench.action.files.revert');
  if (document.getText() !== expected) await reloaded;
}
