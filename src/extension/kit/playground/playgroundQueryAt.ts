import * as vscode from 'vscode';
import { entryAt } from '../../../core/playground/playgroundRequest';
import type { PlaygroundEntry } from '../../../core/playground/playgroundRequest';
import { playgroundParser } from '../lazy/loadPlaygroundParser';
import { isPlaygroundDocument } from './playgroundFiles';

/**
 * The playground query a command acts on: the one a CodeLens names (`file` and its `index`), else the one under
 * the cursor of the active playground. `action` words the refusals: "explain it" / "explain", "export its results" / "export".
 */
export async function playgroundQueryAt(
  file: unknown,
  index: unknown,
  action: { toDoIt: string; verb: string },
): Promise<{ document: vscode.TextDocument; entry: PlaygroundEntry }> {
  if (file !== undefined) {
    const document = await vscode.workspace.openTextDocument(file instanceof vscode.Uri ? file : vscode.Uri.parse(String(file)));
    const entries = (await playgroundParser())(document.getText()).entries;
    const entry = typeof index === 'number' ? entries.find((candidate) => candidate.index === index) : entries[0];
    if (!entry) throw new Error(vscode.l10n.t('That query is no longer in the playground.'));
    return { document, entry };
  }
  const editor = vscode.window.activeTextEditor;
  if (!editor || !isPlaygroundDocument(editor.document))
    throw new Error(vscode.l10n.t('Open a query playground (a .query.json file) and put the cursor in a query to {0}.', action.toDoIt));
  const entry = entryAt((await playgroundParser())(editor.document.getText()), editor.document.offsetAt(editor.selection.active));
  if (!entry) throw new Error(vscode.l10n.t('The playground holds no query to {0}.', action.verb));
  return { document: editor.document, entry };
}
