import { randomNonce } from '../../core/text/webRandom';
import * as vscode from 'vscode';
import { idKeyText } from '../../core/documents/documentId';
import type { DocumentVersion } from '../../core/documents/documentVersions';
import type { MergeChoice, MergeHostMessage, MergePageView } from '../../core/documents/mergeViewMessages';
import { mergePageView, parseMergeHostMessage, parseMergePageMessage, resolutionsOf } from '../../core/documents/mergeViewMessages';
import type { ThreeWayMerge } from '../../core/documents/threeWayMerge';
import { mergeDocuments } from '../../core/documents/threeWayMerge';
import type { JsonObject } from '../../core/json/lossless';
import type { Services } from '../services';
import { parseDocumentUri } from '../kit/targets/documentUri';
import { mergeLabels } from './mergeLabels';
import { mergePageHtml } from './mergePage';
import type { MergeWrite } from './mergeWrite';

/** What a merge is made of: the common base, the user's side, and the service's version it is made against. */
export interface MergeState {
  base: JsonObject;
  mine: JsonObject;
  theirs: DocumentVersion;
  /** The editor's text when the merge began: an edit typed there since is not overwritten by saving the merge. */
  editorText: string;
  /** Why the merge was made again, when it was. */
  note?: string;
}

/**
 * One three-way merge view: a webview that draws the merge's fields and sends back the user's choice per field.
 * Saving is a conflict-checked write (see {@link MergeWrite}); closing or Cancel leaves the editor as it was, its
 * edit unsaved. Acts only on the messages the page may send.
 */
export class MergePanel {
  private merge: ThreeWayMerge;
  private shownView: MergePageView;
  private closed = false;
  private readonly onClosed = new vscode.EventEmitter<void>();
  readonly onDidClose = this.onClosed.event;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly uri: vscode.Uri,
    private state: MergeState,
    private readonly services: Services,
    private readonly write: MergeWrite,
  ) {
    this.merge = mergeDocuments(state.base, state.mine, state.theirs.document);
    this.shownView = this.viewOf();
    const nonce = randomNonce();
    const scriptUri = panel.webview.asWebviewUri(vscode.Uri.joinPath(services.context.extensionUri, 'dist', 'mergeView.js')).toString();
    panel.webview.html = mergePageHtml({ title: panel.title, scriptUri, nonce, loading: vscode.l10n.t('Loading the merge…') });
    const messages = panel.webview.onDidReceiveMessage((data: unknown) => void this.receive(data));
    panel.onDidDispose(() => {
      this.closed = true;
      messages.dispose();
      this.onClosed.fire();
      this.onClosed.dispose();
    });
  }

  /** Acts on a message from the page, after checking it: anything else is ignored and logged. */
  private async receive(data: unknown): Promise<void> {
    const message = parseMergePageMessage(data);
    if (!message) {
      this.services.logger.warn('A merge view sent a message it may not send; it was ignored');
      return;
    }
    if (message.type === 'ready') return this.show();
    if (message.type === 'cancel') return this.panel.dispose();
    await this.post({ type: 'busy', busy: true });
    try {
      await this.save(message.choices);
    } finally {
      await this.post({ type: 'busy', busy: false });
    }
  }

  private async save(choices: MergeChoice[]): Promise<void> {
    const resolved = resolutionsOf(choices, this.merge.fields);
    if ('problem' in resolved) return this.problem(resolved.problem);
    const merged = mergeDocuments(this.state.base, this.state.mine, this.state.theirs.document, resolved.resolutions).merged;
    const outcome = await this.write(this.uri, this.state, merged);
    if (outcome.kind === 'problem') return this.problem(outcome.message);
    if (outcome.kind === 'changed') {
      this.state = {
        base: this.state.theirs.document,
        mine: merged,
        theirs: outcome.current,
        editorText: this.state.editorText,
        note: vscode.l10n.t(
          'The document changed on the service again while you merged. The merge was made again against that newer version: "Yours" is now the result you chose, and the base the version you merged against. Nothing you chose was lost; check the fields and save again.',
        ),
      };
      this.merge = mergeDocuments(this.state.base, this.state.mine, this.state.theirs.document);
      this.shownView = this.viewOf();
      return this.show();
    }
    this.panel.dispose();
    void this.services.prompts.info(
      vscode.l10n.t('Saved {0}: the merge of your edit and the service’s version.', idKeyText(parseDocumentUri(this.uri).docId)),
    );
  }

  private viewOf(): MergePageView {
    const id = idKeyText(parseDocumentUri(this.uri).docId);
    const summary = vscode.l10n.t(
      '{0} fields differ; {1} changed on both sides differently. Choose per field, then Save Merge. Until then your edit stays unsaved in its editor.',
      this.merge.fields.length,
      this.merge.conflicts,
    );
    return mergePageView(this.merge, { title: vscode.l10n.t('Merge {0}', id), summary, note: this.state.note }, mergeLabels());
  }

  /** Sends the view, or says why it cannot be shown: more fields or longer values than a page is sent. */
  private async show(): Promise<void> {
    const message: MergeHostMessage = { type: 'show', view: this.shownView };
    if (parseMergeHostMessage(message)) return this.post(message);
    return this.problem(
      vscode.l10n.t(
        'This merge is too large to show here (more than 5,000 differing fields, or a value over 1,000,000 characters). Close this view and save again to choose Compare or Overwrite…; your edit stays unsaved in its editor.',
      ),
    );
  }

  private async problem(message: string): Promise<void> {
    await this.post({ type: 'problem', message });
  }

  private async post(message: MergeHostMessage): Promise<void> {
    if (!this.closed) await this.panel.webview.postMessage(message);
  }
}
