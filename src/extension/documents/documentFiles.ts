import * as vscode from 'vscode';
import { DocumentPathError } from '../../core/documents/documentId';
import type { DocumentVersion, VersionStamp } from '../../core/documents/documentVersions';
import type { JsonObject } from '../../core/json/lossless';
import type { DocumentAddress } from '../kit/targets/documentUri';
import { parseDocumentUri } from '../kit/targets/documentUri';
import { idKeyText } from '../../core/documents/documentId';
import { compareChanges } from '../../core/documents/concurrentChanges';
import { parseDocumentText } from '../../core/documents/documentText';

/** What the document file system tells VS Code of a document: a file, its time and size those of the version held. */
export function fileStat(stamp: VersionStamp): vscode.FileStat {
  return { type: vscode.FileType.File, ctime: stamp.mtime, mtime: stamp.mtime, size: stamp.size };
}

/** Why a save was refused when the version the edits started from is no longer known. */
export function unknownBaseMessage(address: DocumentAddress): string {
  return vscode.l10n.t(
    'Not saved: the version of {0} your edits started from is no longer known, so they cannot be told apart from changes made on the service since. Your text stays in this editor: copy it, reopen the document (File: Revert File) to see what the service holds, then apply your edits again.',
    idKeyText(address.docId),
  );
}

export function isDirtyInEditor(uri: vscode.Uri): boolean {
  return openDocument(uri)?.isDirty ?? false;
}

export function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  const key = uri.toString();
  return vscode.workspace.textDocuments.find((document) => document.uri.toString() === key);
}

/** The document a dbhost:// URI names; a URI that names none is a file VS Code cannot find. */
export function addressOf(uri: vscode.Uri): DocumentAddress {
  try {
    return parseDocumentUri(uri);
  } catch (error) {
    if (error instanceof DocumentPathError) throw vscode.FileSystemError.FileNotFound(error.message);
    throw error;
  }
}

/** An update the save command sent itself, so that its failure is said once, in its words, and not by VS Code. */
export interface SentUpdate {
  text: string;
  edited: JsonObject;
  base: DocumentVersion;
  /** The service's text before the update: what it kept of other changes is said after the save. */
  serviceText: string;
}

/** Whether a document URI names a document of the collection (of any collection of the database when `col` is missing). */
export function isInCollection(uri: vscode.Uri, collection: { accountId: string; db: string; col?: string }): boolean {
  try {
    const address = parseDocumentUri(uri);
    return (
      address.accountId === collection.accountId &&
      address.db === collection.db &&
      (collection.col === undefined || address.col === collection.col)
    );
  } catch {
    return false;
  }
}

/**
 * Whether saving the editor's text keeps every change made on the service since the editor loaded `base`:
 * the save sends only the user's fields, so it does unless both sides changed the same field. Text that
 * cannot be saved counts as keeping them: the write then says what is wrong with it.
 */
export function keepsServiceChanges(
  base: DocumentVersion | undefined,
  editor: vscode.TextDocument | undefined,
  service: DocumentVersion,
): boolean {
  if (!base || !editor) return false;
  let mine: JsonObject;
  try {
    mine = parseDocumentText(editor.getText());
  } catch {
    return true;
  }
  const changes = compareChanges(base.document, mine, service.document);
  return changes !== undefined && changes.overlapping.length === 0;
}
