import { randomNonce } from '../../core/text/webRandom';
import * as vscode from 'vscode';
import type { ExplainAnswer } from '../../core/api/explainTypes';
import type { ExplainRequest } from '../../core/indexes/explainArgs';
import { explainPageView } from '../../core/indexes/explainPageView';
import type { ExplainHostMessage, ExplainLabels, ExplainPageView } from '../../core/indexes/explainViewMessages';
import { parseExplainPageMessage } from '../../core/indexes/explainViewMessages';
import type { IndexSuggestion } from '../../core/indexes/suggestIndex';
import type { JsonObject } from '../../core/json/lossless';
import { CommandId } from '../kit/feature/commandIds';
import type { Services } from '../services';
import { explainPageHtml } from './explainPage';

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

function labelsFor(suggestion: IndexSuggestion): ExplainLabels {
  return {
    beforeAfter: vscode.l10n.t('Before → after:'),
    plan: vscode.l10n.t('Plan'),
    suggested: vscode.l10n.t('Suggested index'),
    refused: vscode.l10n.t('It cannot be created from here:'),
    createIndex: suggestion.kind === 'create' ? vscode.l10n.t('Create Index {0} and Explain Again', suggestion.name) : '',
    explainAgain: vscode.l10n.t('Explain Again'),
    query: vscode.l10n.t('The query'),
    raw: vscode.l10n.t('As the service sent it'),
    working: vscode.l10n.t('Working…'),
  };
}

/**
 * One explain view: a webview that draws the explain it is sent, and whose buttons run Create Index and Explain
 * Again through their commands (so a failure is shown as any command's is). Acts only on the messages the page may send.
 */
export class ExplainPanel {
  private shownView: ExplainPageView;
  /** Closed by the user, perhaps while a button's work ran: nothing more is sent to it. */
  private closed = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    /** The view's name in commands and in what an explain gives back: a title and a number, never the key. */
    readonly uri: vscode.Uri,
    private current: ExplainViewState,
    private readonly services: Services,
  ) {
    this.shownView = this.viewOf(current);
    const nonce = randomNonce();
    const scriptUri = panel.webview.asWebviewUri(vscode.Uri.joinPath(services.context.extensionUri, 'dist', 'explainView.js')).toString();
    panel.webview.html = explainPageHtml({ title: panel.title, scriptUri, nonce, loading: vscode.l10n.t('Loading the explain…') });
    const messages = panel.webview.onDidReceiveMessage((data: unknown) => void this.receive(data));
    panel.onDidDispose(() => {
      this.closed = true;
      messages.dispose();
    });
  }

  get state(): ExplainViewState {
    return this.current;
  }

  update(state: ExplainViewState): void {
    this.current = state;
    this.shownView = this.viewOf(state);
    void this.post({ type: 'show', view: this.shownView });
  }

  /** Acts on a message from the page, after checking it: anything else is ignored and logged. */
  private async receive(data: unknown): Promise<void> {
    const message = parseExplainPageMessage(data);
    if (!message) {
      this.services.logger.warn('An explain view sent a message it may not send; it was ignored');
      return;
    }
    if (message.type === 'ready') return this.post({ type: 'show', view: this.shownView });
    const command = message.type === 'createIndex' ? CommandId.createSuggestedIndex : CommandId.explainAgain;
    await this.post({ type: 'busy', busy: true });
    try {
      await vscode.commands.executeCommand(command, this.uri);
    } finally {
      await this.post({ type: 'busy', busy: false });
    }
  }

  private viewOf(state: ExplainViewState): ExplainPageView {
    const { request, answer, suggestion, before, refusal } = state;
    return explainPageView(
      { db: request.db, col: request.col, query: request.query as JsonObject, answer, suggestion, before, refusal },
      labelsFor(suggestion),
    );
  }

  private async post(message: ExplainHostMessage): Promise<void> {
    if (!this.closed) await this.panel.webview.postMessage(message);
  }
}
