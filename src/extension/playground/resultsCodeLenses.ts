import * as vscode from 'vscode';
import { stringifyLossless } from '../../core/json/lossless';
import { nextPageSkip, pageSize, previousPageSkip } from '../../core/playground/playgroundCalls';
import type { ResourceTarget } from '../base/resourceTarget';
import { pipelineWrite } from '../../core/aggregation/pipelineWrite';
import type { FindResultsState, ResultsDocuments } from './resultsDocuments';
import { CommandId } from '../kit/feature/commandIds';
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
    // A pipeline's results are made by its stages, not documents of the collection: they open read-only, with no Open.
    const find = state.request.kind === 'find';
    const table = this.tableArguments(state);
    if (table) {
      lenses.push(
        new vscode.CodeLens(top, {
          title: vscode.l10n.t('$(table) Open as Table'),
          tooltip: find
            ? vscode.l10n.t('Open these results in an editable collection view')
            : vscode.l10n.t("Open the pipeline's results in a read-only table, with the view's filter, sort and columns after its stages"),
          command: CommandId.openCollectionView,
          arguments: table,
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

  /** The arguments of Open Collection View that show these results; none for a pipeline that writes. */
  private tableArguments(state: FindResultsState): unknown[] | undefined {
    const { request } = state;
    const target = { accountId: state.accountId, db: request.database, col: request.collection };
    // Filter and pipeline go as text: command arguments are copied as plain JSON, which would round an int64.
    if (request.kind === 'aggregate') {
      if (pipelineWrite(request.pipeline)) return undefined;
      return [target, { fromQuery: { skip: state.skip, limit: pageSize(request) }, pipeline: stringifyLossless(request.pipeline) }];
    }
    const { query } = request;
    const fromQuery = {
      filter: query.q ? stringifyLossless(query.q) : '',
      sort: query.sort,
      fields: query.fields,
      skip: state.skip,
      limit: query.limit,
    };
    return [target, { fromQuery }];
  }
}
