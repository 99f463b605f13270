import { utf8Bytes } from '../../core/text/utf8';
import * as vscode from 'vscode';
import { compareChanges, savedAlongsideMessage } from '../../core/documents/concurrentChanges';
import { diffToUpdate } from '../../core/documents/updateDiff';
import type { DbHostApi } from '../../core/api/types';
import type { JsonObject } from '../../core/json/lossless';
import { Disposable } from '../base/disposable';
import type { Services } from '../services';
import { DocumentTextError, documentText, parseDocumentText } from '../../core/documents/documentText';
import type { DocumentAddress } from '../kit/targets/documentUri';
import { DOCUMENT_SCHEME, collectionLabel, documentUri, isFolderPath, isNewDocumentUri } from '../kit/targets/documentUri';
import type { DocumentVersion } from '../../core/documents/documentVersions';
import { DocumentVersions } from '../../core/documents/documentVersions';
import { HeldVersionStore } from './heldVersionStore';
import type { SentUpdate } from './documentFiles';
import {
  addressOf,
  fileStat,
  isDirtyInEditor,
  isInCollection,
  keepsServiceChanges,
  openDocument,
  unknownBaseMessage,
} from './documentFiles';
import { toFileSystemError } from './fileSystemErrors';
import { closeCleanEditors } from './openEditors';
import { ReadOnlyDocuments } from './readOnlyDocuments';
import type { NewDocumentTemplates } from './newDocumentTemplates';
import { idKeyText } from '../../core/documents/documentId';

const decoder = new TextDecoder('utf-8');

/**
 * `dbhost://<account-id>/<db>/<col>/<doc_id>.json`: a document of the service as a JSON file. Reading
 * GETs it; saving sends a PUT with `$set`/`$unset` of exactly the fields changed since the version the
 * editor holds. See {@link DocumentVersions} for how a newer version on the service raises VS Code's own
 * save-conflict choice.
 */
export class DocumentFileSystem extends Disposable implements vscode.FileSystemProvider {
  private readonly changed = this.register(new vscode.EventEmitter<vscode.FileChangeEvent[]>());
  readonly onDidChangeFile = this.changed.event;
  private readonly versions: DocumentVersions;
  /** Documents whose editor should reload once VS Code has finished saving them: the service holds other text than was written. */
  private readonly reloadAfterSave = new Set<string>();
  /** Documents an editor is saving now, and why: set before VS Code checks the version and writes. */
  private readonly saving = new Map<string, vscode.TextDocumentSaveReason>();
  /** What the save command sent before letting VS Code save: VS Code's write of the same text only records it. */
  private readonly sentBeforeSave = new Map<string, SentUpdate>();
  private readonly readOnly: ReadOnlyDocuments;
  /** Saves refused at their `stat` (a same-field change met, Merge… or Escape chosen): their write throws this. */
  private readonly refusals = new Map<string, string>();

  constructor(
    private readonly services: Services,
    private readonly templates: NewDocumentTemplates,
    /** A save met a change on the service (dist/documentMerge.mjs): why it is refused, or undefined to go on. */
    private readonly atSave: (uri: vscode.Uri, service: DocumentVersion) => Promise<string | undefined>,
  ) {
    super();
    this.versions = new DocumentVersions(new HeldVersionStore(services.context.workspaceState));
    this.readOnly = this.register(
      new ReadOnlyDocuments(services, (uris) => this.changed.fire(uris.map((uri) => ({ type: vscode.FileChangeType.Changed, uri })))),
    );
    this.register(vscode.workspace.onDidSaveTextDocument((document) => this.afterSave(document.uri)));
    this.register(
      vscode.workspace.onWillSaveTextDocument((event) => {
        if (event.document.uri.scheme === DOCUMENT_SCHEME) this.saving.set(event.document.uri.toString(), event.reason);
      }),
    );
    this.register(
      services.changes.onDidChange(({ target, list }) => {
        if (list === 'documents' && target.db !== undefined)
          this.collectionChanged({ accountId: target.accountId, db: target.db, col: target.col });
      }),
    );
    this.register(
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme !== DOCUMENT_SCHEME || isNewDocumentUri(document.uri)) return;
        this.versions.forget(document.uri.toString());
        this.sentBeforeSave.delete(document.uri.toString());
      }),
    );
  }

  /** The service has no change feed: the changes reported are those made through this extension. */
  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    return this.readOnly.withPermissions(uri, await this.statOf(uri));
  }

  private async statOf(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (isFolderPath(uri)) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    if (isNewDocumentUri(uri)) return this.templates.stat(uri);
    const address = addressOf(uri);
    const key = uri.toString();
    const written = this.versions.takeStampAfterWrite(key);
    if (written) return fileStat(written);
    const version = await this.fetch(address, 'read');
    const stamp = this.versions.observe(key, version.text);
    const sent = this.sentBeforeSave.get(key);
    if (sent && openDocument(uri)?.getText() === sent.text) return fileStat(this.versions.stampKeepingHeld(key, stamp.mtime) ?? stamp);
    const saving = this.saving.has(key);
    this.refusals.delete(key);
    if (saving && !keepsServiceChanges(this.versions.held(key), openDocument(uri), version)) {
      const refusal = await this.atSave(uri, version);
      if (!refusal) return fileStat(stamp);
      this.refusals.set(key, refusal);
    }
    return fileStat(saving ? (this.versions.stampKeepingHeld(key, stamp.mtime) ?? stamp) : stamp);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    if (isNewDocumentUri(uri)) return this.templates.read(uri);
    const address = addressOf(uri);
    const version = await this.fetch(address, 'read');
    const key = uri.toString();
    this.versions.observe(key, version.text);
    // A read while the editor is dirty is not the editor loading (e.g. the conflict Compare view): the
    // editor's edits stay based on the version it loaded.
    if (!isDirtyInEditor(uri)) this.versions.hold(key, version);
    return utf8Bytes(version.text);
  }

  /**
   * A failed write is shown by VS Code alone ("Failed to save …"), with the error's message as its cause: showing
   * ours too made two notifications. The save command (Ctrl+S) checks first and sends the update itself
   * (`sendBeforeSave`), so its failures are said once, in its own words, before VS Code writes anything.
   */
  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const key = uri.toString();
    this.saving.delete(key);
    const refused = this.refusals.get(key);
    if (refused && this.refusals.delete(key)) throw new vscode.FileSystemError(refused);
    const text = decoder.decode(content);
    const refusal = await this.services.rulesSaveChecks.refusal(uri, text);
    if (refusal) throw new vscode.FileSystemError(refusal);
    if (isNewDocumentUri(uri)) await this.templates.save(uri, text);
    else await this.writeDocument(uri, text);
  }

  /**
   * The save command's update, sent before VS Code saves: true when it went through (VS Code's write of the same
   * text then only records it), false when VS Code's own save should decide (nothing to send, a new document, or
   * the service changed the same fields since, which VS Code's "file is newer" choice handles). Throws the service's
   * or the guardrails' error as it came when the update was refused, not answered, or cancelled at its confirmation.
   */
  async sendBeforeSave(uri: vscode.Uri, text: string): Promise<boolean> {
    if (isNewDocumentUri(uri)) return false;
    const address = addressOf(uri);
    const key = uri.toString();
    const base = this.versions.held(key);
    if (!base) return false;
    let edited: JsonObject;
    try {
      edited = parseDocumentText(text);
    } catch {
      return false;
    }
    const { update, error } = diffToUpdate(base.document, edited);
    if (error || !update) return false;
    const client = await this.services.accounts.clientFor(address.accountId);
    const { document } = await client.getDocument(address.db, address.col, address.docId);
    const current = { text: documentText(document), document };
    this.versions.observe(key, current.text);
    if (current.text !== base.text && !keepsServiceChanges(base, openDocument(uri), current)) return false;
    await client.updateDocument(address.db, address.col, address.docId, update, { safe: true });
    this.sentBeforeSave.set(key, { text, edited, base, serviceText: current.text });
    this.afterUpdate(address, update);
    return true;
  }

  private async writeDocument(uri: vscode.Uri, text: string): Promise<void> {
    const address = addressOf(uri);
    const key = uri.toString();
    const sent = this.sentBeforeSave.get(key);
    this.sentBeforeSave.delete(key);
    if (sent?.text === text) {
      const storedText = await this.storedTextAfterSave(address, text);
      this.sayWhatWasKept(address, sent.base, sent.edited, sent.serviceText);
      if (this.versions.saved(key, { text, document: sent.edited }, storedText)) this.reloadAfterSave.add(key);
      return;
    }
    let edited: JsonObject;
    try {
      edited = parseDocumentText(text);
    } catch (error) {
      if (error instanceof DocumentTextError) throw new vscode.FileSystemError(error.message);
      throw error;
    }
    // Diffing against the service's current version instead would send back, as the user's, every field
    // another client changed since the editor loaded.
    const base = this.versions.held(key);
    if (!base) {
      // A deleted document is the clearer thing to report: fetching it throws that.
      await this.fetch(address, 'save');
      throw new vscode.FileSystemError(unknownBaseMessage(address));
    }
    const { update, error } = diffToUpdate(base.document, edited);
    if (error) throw new vscode.FileSystemError(vscode.l10n.t('Not saved: {0}', error));

    const serviceText = this.versions.seenText(key);
    let storedText = serviceText ?? base.text;
    if (update) {
      try {
        const client = await this.services.accounts.clientFor(address.accountId);
        await client.updateDocument(address.db, address.col, address.docId, update, { safe: true });
      } catch (failure) {
        throw toFileSystemError(this.services.logger, failure, address, 'save');
      }
      this.afterUpdate(address, update);
      storedText = await this.storedTextAfterSave(address, text);
      this.sayWhatWasKept(address, base, edited, serviceText);
    }
    if (this.versions.saved(key, { text, document: edited }, storedText)) this.reloadAfterSave.add(key);
  }

  async delete(uri: vscode.Uri): Promise<void> {
    if (isNewDocumentUri(uri)) {
      this.templates.forget(uri);
      this.changed.fire([{ type: vscode.FileChangeType.Deleted, uri }]);
      return;
    }
    await this.deleteDocument(addressOf(uri));
  }

  /**
   * DELETEs the document, closes its editors that hold no edits, and tells the rest and the explorer it is
   * gone (an editor with edits stays open, marked deleted, so nothing typed is lost). Irreversible: callers ask first,
   * and send it with the client their question confirmed (`withConfirmedClient`).
   */
  async deleteDocument(address: DocumentAddress, confirmedClient?: DbHostApi): Promise<void> {
    try {
      const client = confirmedClient ?? (await this.services.accounts.clientFor(address.accountId));
      await client.deleteDocument(address.db, address.col, address.docId);
    } catch (error) {
      throw toFileSystemError(this.services.logger, error, address, 'delete');
    }
    this.services.logger.scoped('documents').info(`Deleted document ${idKeyText(address.docId)} from ${collectionLabel(address)}`);
    const uri = documentUri(address);
    this.versions.forget(uri.toString());
    await closeCleanEditors(uri);
    this.changed.fire([{ type: vscode.FileChangeType.Deleted, uri }]);
    this.services.changes.fire({ accountId: address.accountId, db: address.db, col: address.col }, 'documents');
  }

  /**
   * Documents of a collection (of every collection of the database when `col` is missing) changed on the
   * service, e.g. a bulk update: editors without edits reload. Whatever fires a 'documents' change calls this.
   */
  private collectionChanged(collection: { accountId: string; db: string; col?: string }): void {
    const changed = vscode.workspace.textDocuments
      .filter((document) => document.uri.scheme === DOCUMENT_SCHEME && !isNewDocumentUri(document.uri) && !document.isDirty)
      .filter((document) => isInCollection(document.uri, collection))
      .map((document): vscode.FileChangeEvent => ({ type: vscode.FileChangeType.Changed, uri: document.uri }));
    if (changed.length > 0) this.changed.fire(changed);
  }

  /** The merge view sent the update of this text against `sent.base`: VS Code's save of the same text then only records it. */
  recordSent(uri: vscode.Uri, sent: SentUpdate): void {
    this.sentBeforeSave.set(uri.toString(), sent);
  }

  /** The version an editor's edits of this document started from: what its save is compared with. */
  heldVersion(uri: vscode.Uri): DocumentVersion | undefined {
    return isNewDocumentUri(uri) ? undefined : this.versions.held(uri.toString());
  }

  readDirectory(): never {
    throw vscode.FileSystemError.NoPermissions(
      vscode.l10n.t('DB Host folders cannot be listed: browse databases, collections and documents in the DB Host view.'),
    );
  }

  createDirectory(): never {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Create databases and collections from the DB Host view.'));
  }

  rename(): never {
    throw vscode.FileSystemError.NoPermissions(
      vscode.l10n.t('A document cannot be renamed: its _id cannot change. Create a new document instead.'),
    );
  }

  /** After a save that met changes made on the service: merged with them, or which of them were kept. */
  private sayWhatWasKept(address: DocumentAddress, base: DocumentVersion, edited: JsonObject, serviceText: string | undefined): void {
    if (serviceText === undefined || serviceText === base.text) return;
    let changes;
    try {
      changes = compareChanges(base.document, edited, parseDocumentText(serviceText));
    } catch {
      return;
    }
    const message = changes && savedAlongsideMessage(idKeyText(address.docId), changes);
    if (message) void this.services.prompts.info(message);
  }

  private afterUpdate(address: DocumentAddress, update: { $set?: object; $unset?: object }): void {
    const fields = [...Object.keys(update.$set ?? {}), ...Object.keys(update.$unset ?? {}).map((path) => `-${path}`)];
    this.services.logger
      .scoped('documents')
      .info(`Saved document ${idKeyText(address.docId)} in ${collectionLabel(address)}: ${fields.join(', ')}`);
    this.services.changes.fire({ accountId: address.accountId, db: address.db, col: address.col, docId: address.docId }, 'document');
  }

  private afterSave(uri: vscode.Uri): void {
    const key = uri.toString();
    if (this.reloadAfterSave.delete(key)) this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  private async fetch(address: DocumentAddress, action: 'read' | 'save'): Promise<DocumentVersion> {
    try {
      const client = await this.services.accounts.clientFor(address.accountId);
      const { document } = await client.getDocument(address.db, address.col, address.docId);
      return { text: documentText(document), document };
    } catch (error) {
      throw toFileSystemError(this.services.logger, error, address, action);
    }
  }

  /** What the service holds after a successful update; if reading it back fails, the save still succeeded. */
  private async storedTextAfterSave(address: DocumentAddress, written: string): Promise<string> {
    try {
      return (await this.fetch(address, 'read')).text;
    } catch (error) {
      this.services.logger
        .scoped('documents')
        .warn(
          vscode.l10n.t(
            'Saved document {0} in {1}, but could not read it back: {2}',
            idKeyText(address.docId),
            collectionLabel(address),
            error instanceof Error ? error.message : String(error),
          ),
        );
      return written;
    }
  }
}
