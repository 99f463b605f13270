import * as vscode from 'vscode';
import type { DocumentPage } from '../../core/api/types';
import type { PagedRequest } from '../../core/playground/playgroundRequest';
import type { RenderedResults } from '../../core/playground/resultsText';
import type { HeldDocuments } from '../base/heldDocuments';
import type { VirtualDocuments } from '../base/virtualDocuments';
import { PLAYGROUND_SUFFIX } from '../kit/playground/playgroundFiles';

export const RESULTS_SCHEME = 'dbhost-results';

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
 * The read-only results beside each playground: one virtual JSON-with-comments document per playground, so
 * running again (or paging) replaces the text of the same tab. A document's results are let go when it closes.
 */
export class ResultsDocuments implements vscode.Disposable {
  private readonly held: HeldDocuments<ResultsState>;
  /** Results documents whose results changed. */
  readonly onDidChange: vscode.Event<vscode.Uri>;

  constructor(documents: VirtualDocuments) {
    this.held = documents.held({
      scheme: RESULTS_SCHEME,
      text: textOf,
      gone: vscode.l10n.t('// These results are no longer available: run the query again from its playground.\n'),
    });
    this.onDidChange = this.held.onDidChange;
  }

  /** The results document of a playground: named after it, the playground's address in the query. */
  uriFor(playground: vscode.Uri): vscode.Uri {
    const name = playground.path.split('/').pop() ?? 'playground';
    const base = name.toLowerCase().endsWith(PLAYGROUND_SUFFIX) ? name.slice(0, -PLAYGROUND_SUFFIX.length) : name;
    return vscode.Uri.from({ scheme: RESULTS_SCHEME, path: `/${base} results.jsonc`, query: playground.toString() });
  }

  stateOf(results: vscode.Uri): ResultsState | undefined {
    return this.held.stateOf(results);
  }

  /** Replaces results that still hold `shown` by `next`, without bringing their tab forward; false when they hold other results now. */
  replace(results: vscode.Uri, shown: ResultsState, next: ResultsState): boolean {
    return this.held.replace(results, shown, next);
  }

  /** Replaces the results and shows them beside the playground, in the tab they already have if any. */
  show(results: vscode.Uri, state: ResultsState): Promise<vscode.TextDocument> {
    return this.held.show(results, state);
  }

  dispose(): void {
    this.held.dispose();
  }
}
