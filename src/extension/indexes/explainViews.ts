import * as vscode from 'vscode';
import type { ExplainAnswer } from '../../core/api/explainTypes';
import type { ExplainRequest } from '../../core/indexes/explainArgs';
import { explainReport } from '../../core/indexes/explainReport';
import type { IndexSuggestion } from '../../core/indexes/suggestIndex';
import type { JsonObject } from '../../core/json/lossless';
import { CommandId } from '../shared/commandIds';
import { EXPLAIN_SCHEME, NOT_KEPT } from './explainScheme';

/** What one explain view shows. */
export interface ExplainViewState {
  request: ExplainRequest;
  answer: ExplainAnswer;
  suggestion: IndexSuggestion;
  /** The explain before the suggested index was created. */
  before?: ExplainAnswer;
  /** Why the account refused to create the suggestion. */
  refusal?: string;
}

/** Events the extension registers at activation, before this bundle loads. */
export interface ExplainViewEvents {
  content: vscode.EventEmitter<vscode.Uri>;
  lenses: vscode.EventEmitter<void>;
}

const fileNamePart = (name: string) => name.replace(/[\\/:*?"<>|\s]+/g, '_');

/** The open explain views: their text, and the actions above it. */
export class ExplainViews {
  private readonly states = new Map<string, ExplainViewState>();
  private next = 1;

  constructor(private readonly events: ExplainViewEvents) {}

  text(uri: vscode.Uri): string {
    const state = this.states.get(uri.query);
    if (!state) return NOT_KEPT;
    const { request, answer, suggestion, before, refusal } = state;
    return explainReport({ db: request.db, col: request.col, query: request.query as JsonObject, answer, suggestion, before, refusal });
  }

  lenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const state = this.states.get(document.uri.query);
    if (!state) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const lenses: vscode.CodeLens[] = [];
    if (state.suggestion.kind === 'create') {
      lenses.push(
        new vscode.CodeLens(top, {
          title: vscode.l10n.t('$(add) Create Index {0} and Explain Again', state.suggestion.name),
          tooltip: vscode.l10n.t(
            'Creates the suggested index (the account decides, as for every write), waits for its build and explains the query again',
          ),
          command: CommandId.createSuggestedIndex,
          arguments: [document.uri],
        }),
      );
    }
    lenses.push(
      new vscode.CodeLens(top, {
        title: vscode.l10n.t('$(refresh) Explain Again'),
        command: CommandId.explainAgain,
        arguments: [document.uri],
      }),
    );
    return lenses;
  }

  stateOf(uri: vscode.Uri): ExplainViewState | undefined {
    return uri.scheme === EXPLAIN_SCHEME ? this.states.get(uri.query) : undefined;
  }

  /** Opens a new view beside the active editor. */
  async show(state: ExplainViewState): Promise<vscode.Uri> {
    const id = String(this.next++);
    this.states.set(id, state);
    const title = `${fileNamePart(state.request.db)}.${fileNamePart(state.request.col)} explain ${id}`;
    const uri = vscode.Uri.from({ scheme: EXPLAIN_SCHEME, path: `/${title}.md`, query: id });
    let document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== 'markdown') document = await vscode.languages.setTextDocumentLanguage(document, 'markdown');
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false });
    return uri;
  }

  update(uri: vscode.Uri, state: ExplainViewState): void {
    this.states.set(uri.query, state);
    this.events.content.fire(uri);
    this.events.lenses.fire();
  }
}
