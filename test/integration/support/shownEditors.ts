import * as vscode from 'vscode';

type Show = (...args: unknown[]) => Thenable<vscode.TextEditor>;
type Listener = (editor: vscode.TextEditor) => void;
const writable = vscode.window as unknown as { showTextDocument: Show };

// Each test file is bundled with its own copy of this module: the copies share one recorder, as they share the
// product's `vscode.window` (the suite runs from inside the product's folder), whose showTextDocument it wraps.
const listeners: Set<Listener> = ((globalThis as { [key: symbol]: Set<Listener> })[Symbol.for('dbhost.integration.shownEditors')] ??=
  recordShows());

function recordShows(): Set<Listener> {
  const listening = new Set<Listener>();
  const show = writable.showTextDocument;
  writable.showTextDocument = (...args) => {
    const shown = show.apply(vscode.window, args);
    // Registered before the caller's own `await`, so a listener hears of the editor before the caller goes on.
    shown.then(
      (editor) => {
        for (const listener of listening) listener(editor);
      },
      () => undefined,
    );
    return shown;
  };
  return listening;
}

/**
 * Calls `listener` with each editor shown through `vscode.window.showTextDocument` (by the product or a test) until
 * disposed of: the one sign that a document already in front was shown again, for which VS Code fires no event.
 */
export function onDidShowTextEditor(listener: Listener): vscode.Disposable {
  listeners.add(listener);
  return new vscode.Disposable(() => listeners.delete(listener));
}
