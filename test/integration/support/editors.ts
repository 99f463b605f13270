import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { FakePrompts } from './fakePrompts';
import { onDidShowTextEditor } from './shownEditors';
import { waitFor } from './waitFor';
import { openPanels } from './webviewPanels';
import { answerPrompts } from './windowPrompts';

const openTabs = (): vscode.Tab[] => vscode.window.tabGroups.all.flatMap((group) => group.tabs);

/**
 * Runs `open` (a command, or a command with its questions answered) and gives the DB Host document (`dbhost:`) it
 * brought to the front, as a person sees it. Fails when the editor in front is no DB Host document afterwards, and when
 * `open` showed nothing: the editor in front is the one that was there before, and neither an event nor a
 * `showTextDocument` during `open` brought its document forward. An editor an earlier step left does not count; the
 * same document opened again (even while in front, when VS Code fires no event) does.
 */
export async function documentOpenedDuring(what: string, open: () => Thenable<unknown>): Promise<vscode.Uri> {
  const before = vscode.window.activeTextEditor;
  const broughtForward: string[] = [];
  const subscriptions = [
    vscode.window.onDidChangeActiveTextEditor((editor) => editor && broughtForward.push(editor.document.uri.toString())),
    onDidShowTextEditor((editor) => broughtForward.push(editor.document.uri.toString())),
  ];
  try {
    await open();
  } finally {
    for (const subscription of subscriptions) subscription.dispose();
  }
  const editor = vscode.window.activeTextEditor;
  const uri = editor?.document.uri;
  assert.ok(uri && uri.scheme === 'dbhost', `${what} left ${uri?.toString() ?? 'no editor'} in front`);
  assert.ok(
    editor !== before || broughtForward.includes(uri.toString()),
    `${what} opened nothing: ${uri.toString()} was in front before it ran, and nothing brought it forward again`,
  );
  return uri;
}

/** Runs a command that opens a DB Host document's editor (Open Document, New Document…) and gives that document. */
export async function documentOpenedBy(command: string, ...args: unknown[]): Promise<vscode.Uri> {
  return documentOpenedDuring(command, () => vscode.commands.executeCommand(command, ...args));
}

/** The document in the editor in front, of the scheme a command was to show it in; fails when none is. */
export function shownInFront(what: string, scheme: string): vscode.TextDocument {
  const document = vscode.window.activeTextEditor?.document;
  assert.ok(document && document.uri.scheme === scheme, `${what} left ${document?.uri.toString() ?? 'no editor'} in front`);
  return document;
}

/**
 * Closes every editor and webview panel and waits until they are gone. Nothing is saved and nothing is left
 * asking: a collection view closed with staged edits asks whether to reopen it, and is answered no (its edits
 * dropped); a dirty editor is reverted (VS Code's "Revert and Close"). The collection views are disposed directly:
 * the web workbench does not always close a webview's tab it was asked to close through `tabGroups.close`.
 */
export async function closeAllEditors(): Promise<void> {
  const collectionViews = openPanels('dbhost.collectionView');
  // The question comes as the panel is disposed of: one "no" for each view, the ones without staged edits ask nothing.
  answerPrompts(new FakePrompts(collectionViews.map(() => ({ confirm: false }))));
  try {
    for (const panel of collectionViews) panel.dispose();
  } finally {
    answerPrompts(undefined);
  }
  for (const tab of openTabs()) {
    if (!tab.isDirty || !(tab.input instanceof vscode.TabInputText)) continue;
    const uri = tab.input.uri;
    await withLimit(
      (async () => {
        await vscode.window.showTextDocument(uri, { viewColumn: tab.group.viewColumn, preview: false });
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      })(),
      () => `Reverting and closing ${uri.toString()} did not finish.`,
    );
  }
  const describeState = () =>
    `Still open: ${openTabs()
      .map((tab) => `${tab.label} (${tab.isDirty ? 'dirty ' : ''}${tab.input?.constructor.name ?? 'unknown'})`)
      .join(', ')}`;
  await withLimit(
    Promise.resolve(vscode.commands.executeCommand('workbench.action.closeAllEditors')),
    () => `Closing the editors did not finish. ${describeState()}`,
  );
  await waitFor(() => openTabs().length === 0, {
    event: vscode.window.tabGroups.onDidChangeTabs,
    what: 'every editor closed',
    describeState,
    limitMs: 10_000,
  });
}

/** Fails with `why()` when `step` has not finished after 10 s: a hook that hangs says what it waited for. */
async function withLimit<T>(step: Promise<T>, why: () => string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(why())), 10_000);
  });
  try {
    return await Promise.race([step, limit]);
  } finally {
    clearTimeout(timer);
  }
}
