import * as vscode from 'vscode';
import { newObjectId } from '../../core/documents/objectId';
import type { JsonObject } from '../../core/json/lossless';
import { stringifyLossless } from '../../core/json/lossless';
import type { ExtensionMessage, WebviewMessage } from '../../core/table/protocol';
import { checkWebviewMessage, postedForm } from '../../core/table/protocol';
import { documentKey } from '../../core/table/stagedEdits';
import type { ExportDocumentsArgs } from '../../core/transfer/exportArgs';
import { Disposable } from '../base/disposable';
import { CommandId } from '../kit/feature/commandIds';
import { documentUri } from '../kit/targets/documentUri';
import type { Services } from '../services';
import { collectionViewHtml } from './collectionViewHtml';
import { exportSelectedArgs, exportViewArgs } from './exportArgsOfView';
import type { CellConflicts } from './cellConflicts';
import type { SaveOutcome } from './tableSession';
import type { TableSession } from './tableSession';
import { bulkChangesBundle } from '../kit/lazy/loadBulkChanges';
import { isCancellation } from '../base/registerCommand';
import { askRowChange } from './rowChangeQuestions';
import { saveRowChanges } from './saveRowChanges';
import { StagedRules } from './stagedRules';

export const COLLECTION_VIEW_TYPE = 'dbhost.collectionView';

/** What a panel keeps in its webview's state to come back after a reload. */
export interface RestoreState {
  source: TableSession['source'];
  state: TableSession['state'];
  staged: ReturnType<TableSession['stagedForRestore']>;
  /** Staged changes to many rows (checked again when restored). */
  rowChanges?: TableSession['rowChanges'];
}

/**
 * One collection view: an editor tab whose webview shows the page and sends the user's actions, which
 * are checked ({@link checkWebviewMessage}) and carried out here. The webview never sees the API key or
 * talks to the service; every request goes through the account's client.
 */
export class CollectionViewPanel extends Disposable {
  private readonly onDidCloseEmitter = this.register(new vscode.EventEmitter<TableSession>());
  readonly onDidClose = this.onDidCloseEmitter.event;
  private queue: Promise<unknown> = Promise.resolve();
  /** A notice posted while the page was hidden (its webview is then gone): shown again once the page is back. */
  private unseenNotice: Extract<ExtensionMessage, { type: 'notice' }> | undefined;
  private readonly rules: StagedRules;

  constructor(
    private readonly services: Services,
    readonly panel: vscode.WebviewPanel,
    readonly session: TableSession,
    private readonly conflicts: CellConflicts,
  ) {
    super();
    this.rules = new StagedRules(services, session);
    const { extensionUri } = services.context;
    panel.webview.options = {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
    };
    panel.title = this.title();
    panel.webview.html = collectionViewHtml(
      panel.webview,
      panel.webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'collectionView.js')),
      panel.webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'collectionView.css')),
      this.title(),
    );
    this.register(panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)));
    this.register(
      panel.onDidDispose(() => {
        this.onDidCloseEmitter.fire(session);
        this.dispose();
      }),
    );
  }

  /** Export Selected… from the rows' context menu: what the page's own Export Selected… asks, after what it sent before. */
  exportRows(keys: string[]): Promise<void> {
    return this.enqueue({ type: 'exportSelected', keys });
  }

  /** A message from the page: checked, then carried out after the ones before it. */
  private receive(raw: unknown): void {
    const message = checkWebviewMessage(raw);
    if (message) return void this.enqueue(message);
    this.services.logger.warn(
      `Collection view: ignored a message that is not one the view sends (${typeof raw === 'object' && raw !== null ? String((raw as { type?: unknown }).type) : typeof raw})`,
    );
  }

  private enqueue(message: WebviewMessage): Promise<void> {
    const run = this.queue
      .then(() => this.handle(message))
      .catch((error: unknown) => this.notice(this.services.logger.describe(error), true));
    this.queue = run;
    return run;
  }

  private async handle(message: WebviewMessage): Promise<void> {
    const { session } = this;
    if (session.source.pipeline && changesDocuments(message))
      return this.notice(
        vscode.l10n.t(
          'These are the results of a pipeline, not documents of {0}: they cannot be edited, opened, duplicated, deleted or exported by _id here. Copy JSON and Export… work.',
          session.source.col,
        ),
        true,
      );
    // The user has acted again since: a notice the hidden page missed is old news, not shown over the new action.
    if (message.type !== 'ready') this.unseenNotice = undefined;
    switch (message.type) {
      case 'ready': {
        await this.rules.load();
        await this.reload();
        const unseen = this.unseenNotice;
        this.unseenNotice = undefined;
        return unseen ? this.post(unseen) : undefined;
      }
      case 'refresh':
        await this.rules.load();
        return this.reload();
      case 'setView':
        session.state = message.state;
        return this.reload();
      case 'edit':
        return this.afterEdit(session.stageEdit(message.key, message.path, message.kind, message.text), message.key);
      case 'removeField':
        return this.afterEdit(session.removeField(message.key, message.path), message.key);
      case 'revert':
        session.revert(message.key, message.path);
        return this.showPage();
      case 'discardAll':
        session.discardAll();
        return this.showPage();
      case 'review':
        return this.post({ type: 'review', items: session.review() });
      case 'save':
        return this.save();
      case 'rows':
        return this.rowAction(message.action, message.keys);
      case 'exportView':
        return this.startExport(exportViewArgs(session.source, session.state));
      case 'exportSelected':
        return this.startExport(exportSelectedArgs(session.source, session.state, message.keys));
      case 'changeRows':
        return this.stageRowChange(message.keys);
    }
  }

  /** After an edit: why it was not staged, or the collection's rules it breaks (cause first; an alert when a save would be refused). */
  private async afterEdit(error: string | undefined, key: string): Promise<void> {
    const broken = error === undefined ? this.rules.editNotice(key) : { text: error, refused: true };
    if (broken) await this.notice(broken.text, broken.refused);
    await this.showPage();
  }

  private async reload(): Promise<void> {
    await this.showPage(true);
    await this.session.load();
    await this.showPage();
  }

  private async showPage(loading = false): Promise<void> {
    const { session } = this;
    this.panel.title = this.title();
    await this.post({
      type: 'page',
      title: this.title(),
      state: session.state,
      ...session.pageContents(),
      total: session.total,
      loading,
      editable: !session.source.pipeline,
      ...(session.rowChanges.length > 0 ? { rowChanges: session.rowChanges.length } : {}),
      ...(session.error ? { error: session.error } : {}),
      ...this.rules.pageFields(),
    });
    const restore: RestoreState = {
      source: session.source,
      state: session.state,
      staged: session.stagedForRestore(),
      ...(session.rowChanges.length > 0 ? { rowChanges: session.rowChanges } : {}),
    };
    await this.post({ type: 'keep', restore: restore as unknown as JsonObject });
  }

  private async save(): Promise<void> {
    if (this.session.stagedCount === 0) return this.notice(vscode.l10n.t('Nothing to save: no edits are staged.'));
    const notices: string[] = [];
    let failed = false;
    if (this.session.staged.size > 0) {
      const rules = await this.rules.beforeSave();
      if (rules.refusal) return this.notice(rules.refusal, true);
      const outcome = await this.session.save({
        resolveConflict: (conflict) => this.conflicts.ask(this.session, conflict, () => this.reload()),
      });
      notices.push(describeOutcome(outcome), ...rules.warning(outcome.saved));
      failed = outcome.failures.length > 0;
    }
    if (!failed && this.session.rowChanges.length > 0) {
      const rows = await saveRowChanges(this.services, this.session);
      notices.push(...rows.done, ...(rows.notSaved ? [rows.notSaved] : []));
      failed = rows.failed;
      // The preview's diff editor took the front: the view comes back to say what was saved.
      if (!this.isDisposed) this.panel.reveal(this.panel.viewColumn, false);
    }
    await this.notice(notices.join(' '), failed);
    await this.reload();
  }

  /** Change Rows…: the questions on VS Code's side, then the change is staged and shown in the review. */
  private async stageRowChange(keys: string[]): Promise<void> {
    try {
      this.session.rowChanges.push(await askRowChange(this.services, this.session, keys));
    } catch (error) {
      if (isCancellation(error)) return;
      throw error;
    }
    await this.showPage();
    await this.notice('Staged a change to several rows: Review shows it with its count; Save previews and sends it.');
  }

  private async rowAction(action: 'open' | 'duplicate' | 'delete' | 'copy', keys: string[]): Promise<void> {
    const documents = keys.map((key) => this.session.original(key)).filter((document): document is JsonObject => document !== undefined);
    if (documents.length === 0) return this.notice(vscode.l10n.t('Those rows are no longer on the page; refresh the view.'), true);
    const { accountId, db, col } = this.session.source;
    if (action === 'copy') {
      await vscode.env.clipboard.writeText(stringifyLossless(documents.length === 1 ? documents[0] : documents, 2));
      return this.notice(
        documents.length === 1
          ? vscode.l10n.t('Copied the document as JSON.')
          : vscode.l10n.t('Copied {0} documents as JSON.', documents.length),
      );
    }
    if (action === 'open') {
      for (const document of documents) {
        await vscode.commands.executeCommand('vscode.open', documentUri({ accountId, db, col, docId: document._id }), {
          preview: documents.length === 1,
        });
      }
      return;
    }
    const client = await this.services.accounts.clientFor(accountId);
    if (action === 'duplicate') {
      for (const document of documents) await client.createDocument(db, col, { ...document, _id: { $oid: newObjectId() } }, { safe: true });
      this.services.changes.fire({ accountId, db, col }, 'documents');
      await this.notice(
        documents.length === 1
          ? vscode.l10n.t('Duplicated the document with a new _id.')
          : `Duplicated ${documents.length} documents, each with a new _id.`,
      );
      return this.reload();
    }
    let deleted = 0;
    try {
      await (
        await bulkChangesBundle()
      ).deleteRows(this.services, { accountId, db, col, documents }, (document) => {
        this.session.revert(documentKey(document));
        deleted++;
      });
    } finally {
      if (deleted > 0) {
        this.services.changes.fire({ accountId, db, col }, 'documents');
        await this.reload();
      }
    }
  }

  /**
   * Export goes through its command (the transfer feature asks the format and file, shows progress and
   * writes the file); the view only says what to export. The view's other messages are not queued
   * behind it: paging and editing go on while a long export runs.
   */
  private startExport(args: ExportDocumentsArgs): void {
    void this.export(args).catch((error: unknown) => this.notice(this.services.logger.describe(error), true));
  }

  /** The export command says once, in its notification, what it wrote (or that it was cancelled); the view repeats none of it. */
  private async export(args: ExportDocumentsArgs): Promise<void> {
    await vscode.commands.executeCommand(CommandId.exportDocuments, args);
  }

  private notice(text: string, error = false): Promise<void> {
    const message: ExtensionMessage = { type: 'notice', text, ...(error ? { error } : {}) };
    if (!this.isDisposed && !this.panel.visible) this.unseenNotice = message;
    return this.post(message);
  }

  private async post(message: ExtensionMessage): Promise<void> {
    if (!this.isDisposed) await this.panel.webview.postMessage(postedForm(message));
  }

  private title(): string {
    const staged = this.session.stagedCount;
    if (this.session.source.pipeline) return vscode.l10n.t('{0} pipeline results ({1})', this.session.source.col, this.session.source.db);
    return `${this.session.source.col} (${this.session.source.db})${staged > 0 ? ` ● ${staged}` : ''}`;
  }
}

/** What a view of a pipeline's results refuses: every message that edits or reaches documents of the collection by `_id`. */
function changesDocuments(message: WebviewMessage): boolean {
  if (message.type === 'rows') return message.action !== 'copy';
  return ['edit', 'removeField', 'revert', 'save', 'changeRows', 'exportSelected'].includes(message.type);
}

function describeOutcome(outcome: SaveOutcome): string {
  const parts: string[] = [];
  if (outcome.saved.length > 0) parts.push(`Saved ${outcome.saved.length} document${outcome.saved.length === 1 ? '' : 's'}.`);
  if (outcome.kept.length > 0) parts.push(vscode.l10n.t('{0} changed on the service: edits kept staged.', outcome.kept.length));
  if (outcome.discarded.length > 0) parts.push(vscode.l10n.t('Discarded the edits to {0}.', outcome.discarded.length));
  parts.push(...outcome.failures.map((failure) => `Not saved: ${failure.message}`));
  return parts.join(' ') || vscode.l10n.t('Nothing was saved.');
}
