import * as vscode from 'vscode';
import type { DocumentPage } from '../../core/api/types';
import type { PagedRequest } from '../../core/playground/playgroundRequest';
import type { RenderedResults } from '../../core/playground/resultsText';
import { Disposable } from '../base/disposable';
import { PLAYGROUND_SUFFIX } from '../kit/playground/playgroundFiles';

export const RESULTS_SCHEME = 'dbhost-results';
/** Longest wait for VS Code to take up new results text before the tab is shown anyway. */
const REFRESH_WAIT_MS = 5000;

export interface FindResultsState {
  kind: 'find';
  accountId: string;
  accountLabel: string;
  request: PagedRequest;
  skip: number;
  page: DocumentPage;
  rendered: RenderedResults;
}

export interface UpdateResultsState {
  kind: 'update';
  text: string;
}

export type ResultsState = FindResultsState | UpdateResultsState;

const textOf = (state: ResultsState) => (state.kind === 'find' ? state.rendered.text : state.text);

/**
 * The read-only results beside each playground: one virtual JSON-with-comments document per
 * playground, so running again (or paging) replaces the text of the same tab.
 */
export class ResultsDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly states = new Map<string, ResultsState>();
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(RESULTS_SCHEME, this));
  }

  /** The results document of a playground: named after it, the playground's address in the query. */
  uriFor(playground: vscode.Uri): vscode.Uri {
    const name = playground.path.split('/').pop() ?? 'playground';
    const base = name.toLowerCase().endsWith(PLAYGROUND_SUFFIX) ? name.slice(0, -PLAYGROUND_SUFFIX.length) : name;
    return vscode.Uri.from({ scheme: RESULTS_SCHEME, path: `/${base} results.jsonc`, query: playground.toString() });
  }

  stateOf(results: vscode.Uri): ResultsState | undefined {
    return this.states.get(results.toString());
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const state = this.states.get(uri.toString());
    return state ? textOf(state) : vscode.l10n.t('// These results are no longer available: run the query again from its playground.\n');
  }

  /** Replaces results that still hold `shown` by `next`, without bringing their tab forward; false when they hold other results now. */
  replace(results: vscode.Uri, shown: ResultsState, next: ResultsState): boolean {
    if (this.states.get(results.toString()) !== shown) return false;
    this.states.set(results.toString(), next);
    this.changed.fire(results);
    return true;
  }

  /** Replaces the results and shows them beside the playground, in the tab they already have if any. */
  async show(results: vscode.Uri, state: ResultsState): Promise<vscode.TextDocument> {
    this.states.set(results.toString(), state);
    this.changed.fire(results);
    const document = await vscode.workspace.openTextDocument(results);
    await untilTextIs(document, textOf(state));
    const existing = vscode.window.visibleTextEditors.find((editor) => editor.document.uri.toString() === results.toString());
    await vscode.window.showTextDocument(document, {
      viewColumn: existing?.viewColumn ?? vscode.ViewColumn.Beside,
      preserveFocus: true,
      preview: false,
    });
    return document;
  }
}

/** VS Code fetches new content after the change event; wait for it so callers read the new results. */
export function untilTextIs(document: vscode.TextDocument, text: string): Promise<void> {
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
