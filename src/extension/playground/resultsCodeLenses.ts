import * as vscode from 'vscode';
import { stringifyLossless } from '../../core/json/lossless';
import { nextPageSkip, pageSize, previousPageSkip } from '../../core/playground/playgroundCalls';
import type { ResourceTarget } from '../base/resourceTarget';
import type { ResultsDocuments } from './resultsDocuments';
import { CommandId } from '../shared/commandIds';
import { openDocumentLens } from './openDocumentLens';

/** On a results document: "Previous page" / "Next page" at the top, "Open" above each document. */
export class ResultsCodeLenses implements vscode.CodeLensProvider {
  readonly onDidChangeCodeLenses: vscode.Event<void>;

  constructor(private readonly results: ResultsDocuments) {
    this.onDidChangeCodeLenses = (listener, thisArgs, disposables) =>
      results.onDidChange(() => listener.call(thisArgs), undefined, disposables);
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const state = this.results.stateOf(document.uri);
    if (state?.kind !== 'find') return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const position = { skip: state.skip, shown: state.page.documents.length, total: state.page.total, limit: pageSize(state.request) };
    const lenses: vscode.CodeLens[] = [];
    // A pipeline's results are made by its stages, not documents of the collection: no table, no Open.
    const find = state.request.kind === 'find';
    if (state.request.kind === 'find') {
      const { query } = state.request;
      // The filter goes as text: command arguments are copied as plain JSON, which would round an int64.
      const fromQuery = {
        filter: query.q ? stringifyLossless(query.q) : '',
        sort: query.sort,
        fields: query.fields,
        skip: state.skip,
        limit: query.limit,
      };
      lenses.push(
        new vscode.CodeLens(top, {
          title: vscode.l10n.t('$(table) Open as Table'),
          tooltip: vscode.l10n.t('Open these results in an editable collection view'),
          command: CommandId.openCollectionView,
          arguments: [{ accountId: state.accountId, db: state.request.database, col: state.request.collection }, { fromQuery }],
        }),
      );
    }
    if (previousPageSkip(position) !== undefined) {
      lenses.push(
        new vscode.CodeLens(top, {
          title: vscode.l10n.t('$(arrow-left) Previous page'),
          command: CommandId.showPreviousResultsPage,
          arguments: [document.uri],
        }),
      );
    }
    if (nextPageSkip(position) !== undefined) {
      lenses.push(
        new vscode.CodeLens(top, {
          title: vscode.l10n.t('$(arrow-right) Next page'),
          command: CommandId.showNextResultsPage,
          arguments: [document.uri],
        }),
      );
    }
    for (const { line, id } of state.rendered.documents) {
      if (id === undefined || !find) continue;
      const target: ResourceTarget = {
        accountId: state.accountId,
        db: state.request.database,
        col: state.request.collection,
        docId: id,
      };
      lenses.push(openDocumentLens(line, target));
    }
    return lenses;
  }
}
