import { utf8Bytes, utf8Length } from '../../core/text/utf8';
import * as vscode from 'vscode';
import { idKeyText } from '../../core/documents/documentId';
import { newObjectId } from '../../core/documents/objectId';
import type { JsonObject } from '../../core/json/lossless';
import type { Services } from '../services';
import { documentText, parseDocumentText } from '../../core/documents/documentText';
import type { DocumentAddress, NewDocumentAddress } from '../kit/targets/documentUri';
import { collectionLabel, isNewDocumentUri, newDocumentUri, parseNewDocumentUri } from '../kit/targets/documentUri';
import { toFileSystemError } from './fileSystemErrors';

interface Template {
  address: NewDocumentAddress;
  /** The `_id` the document gets when the user leaves none: the same on every try, so a retry cannot create a second document. */
  generatedId: JsonObject;
  text: string;
  mtime: number;
  /** Set once the service stored it. */
  created?: DocumentAddress;
}

/** The numbers of the "New Document <n>.json" tabs open in this window, restored ones included. */
function openTemplateNumbers(): number[] {
  const names = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .flatMap((tab) => (tab.input instanceof vscode.TabInputText && isNewDocumentUri(tab.input.uri) ? [tab.input.uri.path] : []));
  return names.map((name) => Number(/(\d+)\.json$/.exec(name)?.[1] ?? 0));
}

/**
 * New documents before their first save: "New Document <n>.json" editors of a collection, held in
 * memory. Saving one POSTs it (with `safe: true` and an object id unless the user wrote an `_id`).
 * A template this extension host does not know (its editor was restored after a reload) is made again
 * from its URI, with a newly generated `_id`.
 */
export class NewDocumentTemplates {
  private readonly templates = new Map<string, Template>();
  private nextNumber = 1;

  constructor(private readonly services: Services) {}

  create(collection: { accountId: string; db: string; col: string }): vscode.Uri {
    const number = Math.max(this.nextNumber, ...openTemplateNumbers().map((open) => open + 1));
    this.nextNumber = number + 1;
    return newDocumentUri(this.add({ ...collection, number }).address);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const template = this.require(uri);
    return { type: vscode.FileType.File, ctime: template.mtime, mtime: template.mtime, size: utf8Length(template.text) };
  }

  read(uri: vscode.Uri): Uint8Array {
    return utf8Bytes(this.require(uri).text);
  }

  /** The document created from this template, once saved. */
  createdFrom(uri: vscode.Uri): DocumentAddress | undefined {
    return this.templates.get(uri.toString())?.created;
  }

  forget(uri: vscode.Uri): void {
    this.templates.delete(uri.toString());
  }

  async save(uri: vscode.Uri, text: string): Promise<DocumentAddress> {
    const template = this.require(uri);
    if (template.created) {
      throw vscode.FileSystemError.NoPermissions(
        vscode.l10n.t('This new document was already saved as {0}; edit it in its own editor.', idKeyText(template.created.docId)),
      );
    }
    let edited: JsonObject;
    try {
      edited = parseDocumentText(text);
    } catch (error) {
      throw new vscode.FileSystemError(error instanceof Error ? error.message : String(error));
    }
    const document: JsonObject = Object.hasOwn(edited, '_id') ? edited : { _id: template.generatedId, ...edited };
    const { accountId, db, col } = template.address;
    const created: DocumentAddress = { accountId, db, col, docId: document._id };
    try {
      const client = await this.services.accounts.clientFor(accountId);
      await client.createDocument(db, col, document, { safe: true });
    } catch (error) {
      throw toFileSystemError(this.services.logger, error, created, 'save');
    }
    this.services.logger.scoped('documents').info(`Created document ${idKeyText(created.docId)} in ${collectionLabel(created)}`);
    template.created = created;
    template.text = text;
    template.mtime = Math.max(Date.now(), template.mtime + 1);
    this.services.changes.fire({ accountId, db, col }, 'documents');
    return created;
  }

  private add(address: NewDocumentAddress): Template {
    const generatedId: JsonObject = { $oid: newObjectId() };
    const template: Template = { address, generatedId, text: documentText({ _id: generatedId }), mtime: Date.now() };
    this.templates.set(newDocumentUri(address).toString(), template);
    return template;
  }

  private require(uri: vscode.Uri): Template {
    const known = this.templates.get(uri.toString());
    if (known) return known;
    let address: NewDocumentAddress;
    try {
      address = parseNewDocumentUri(uri);
    } catch (error) {
      throw vscode.FileSystemError.FileNotFound(error instanceof Error ? error.message : String(error));
    }
    this.nextNumber = Math.max(this.nextNumber, address.number + 1);
    return this.add(address);
  }
}
