import * as vscode from 'vscode';

/** Longest wait for VS Code to take up a document's new text before its tab is shown anyway. */
const REFRESH_WAIT_MS = 5000;

/**
 * A kind of read-only document showing state the extension holds for it (a playground's results, Run All's),
 * under an address the extension chooses, so showing new state replaces the text of the same tab.
 */
export interface HeldKind<State> {
  readonly scheme: string;
  /** The text of a document holding `state`. */
  text(state: State): string;
  /** What a document says when opened with no state held for it (closed since): leads with why, says how to get it again. */
  readonly gone: string;
}

/**
 * The documents of one held kind and the state of each, from when it is held until VS Code closes its document
 * (`VirtualDocuments.held` makes it and lets go of a closed document's state).
 */
export class HeldDocuments<State> implements vscode.Disposable {
  private readonly states = new Map<string, State>();

  constructor(
    private readonly kind: HeldKind<State>,
    private readonly refresh: (uri: vscode.Uri) => void,
    /** This kind's documents whose text changed. */
    readonly onDidChange: vscode.Event<vscode.Uri>,
    private readonly release: () => void,
  ) {}

  /** The text VS Code reads for the document at `uri`. */
  textAt(uri: vscode.Uri): string {
    const state = this.states.get(uri.toString());
    return state === undefined ? this.kind.gone : this.kind.text(state);
  }

  stateOf(uri: vscode.Uri): State | undefined {
    return this.states.get(uri.toString());
  }

  /** Holds `state` for the document at `uri`, until VS Code closes it; an open one shows it at once. */
  hold(uri: vscode.Uri, state: State): void {
    this.states.set(uri.toString(), state);
    this.refresh(uri);
  }

  /** Replaces state that is still `shown` by `next`, without bringing its tab forward; false when it holds other state now, or none. */
  replace(uri: vscode.Uri, shown: State, next: State): boolean {
    if (this.states.get(uri.toString()) !== shown) return false;
    this.hold(uri, next);
    return true;
  }

  /** Holds `state` and shows its document beside the active editor, in the tab it already has if any, without taking focus. */
  async show(uri: vscode.Uri, state: State): Promise<vscode.TextDocument> {
    this.hold(uri, state);
    let document = await vscode.workspace.openTextDocument(uri);
    if (!this.states.has(uri.toString())) {
      // The document it had closed just now, letting go of the state: the one opened holds it again.
      this.hold(uri, state);
      document = await vscode.workspace.openTextDocument(uri);
    }
    await untilTextIs(document, this.kind.text(state));
    if (document.isClosed || !this.states.has(uri.toString())) {
      // Closed while its text was taken up (VS Code lets go of a document it opened for the extension a while after
      // its tab closed): opened again, it holds the state.
      if (!this.states.has(uri.toString())) this.hold(uri, state);
      document = await vscode.workspace.openTextDocument(uri);
    }
    const existing = vscode.window.visibleTextEditors.find((editor) => editor.document.uri.toString() === uri.toString());
    await vscode.window.showTextDocument(document, {
      viewColumn: existing?.viewColumn ?? vscode.ViewColumn.Beside,
      preserveFocus: true,
      preview: false,
    });
    return document;
  }

  /** VS Code closed the document at `uri`. */
  letGo(uri: vscode.Uri): void {
    this.states.delete(uri.toString());
  }

  dispose(): void {
    this.states.clear();
    this.release();
  }
}

/** VS Code fetches new content after the change event; wait for it so callers read the new text. */
function untilTextIs(document: vscode.TextDocument, text: string): Promise<void> {
  if (document.getText() === text) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      subscription.dispose();
      clearTimeout(timer);
      resolve();
    };
    const subscription = vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document === document && document.getText() === text) done();
    });
    const timer = setTimeout(done, REFRESH_WAIT_MS);
  });
}
