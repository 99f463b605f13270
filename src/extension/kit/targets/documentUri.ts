import * as vscode from 'vscode';
import type { DocumentLocation } from '../../../core/documents/documentId';
import { decodeDocumentPath, encodeDocumentPath } from '../../../core/documents/documentId';
import { decodePathSegment, encodePathSegment } from '../../../core/documents/pathSegment';

export const DOCUMENT_SCHEME = 'dbhost';

/** One document on the service: the account (never its key), the database, the collection, the `_id` path segment. */
export interface DocumentAddress extends DocumentLocation {
  accountId: string;
}

/** A collection that a new, not yet saved document belongs to, and the template's number. */
export interface NewDocumentAddress {
  accountId: string;
  db: string;
  col: string;
  number: number;
}

/**
 * New-document templates are named "New Document <n>.json". Real document paths never hold a raw space
 * (the path segment escaping writes it as ~20), so a template can never be mistaken for a document.
 */
const NEW_DOCUMENT_NAME = /^New Document (\d+)\.json$/;

/** `dbhost://<account-id>/<db>/<col>/<doc_id>.json` */
export function documentUri(address: DocumentAddress): vscode.Uri {
  return vscode.Uri.from({ scheme: DOCUMENT_SCHEME, authority: address.accountId, path: encodeDocumentPath(address) });
}

export function newDocumentUri(address: NewDocumentAddress): vscode.Uri {
  const path = `/${encodePathSegment(address.db)}/${encodePathSegment(address.col)}/New Document ${address.number}.json`;
  return vscode.Uri.from({ scheme: DOCUMENT_SCHEME, authority: address.accountId, path });
}

export function isNewDocumentUri(uri: vscode.Uri): boolean {
  return uri.scheme === DOCUMENT_SCHEME && NEW_DOCUMENT_NAME.test(uri.path.slice(uri.path.lastIndexOf('/') + 1));
}

export function parseNewDocumentUri(uri: vscode.Uri): NewDocumentAddress {
  const segments = uri.path.split('/');
  const match = NEW_DOCUMENT_NAME.exec(segments[3] ?? '');
  if (segments.length !== 4 || !match || !uri.authority) throw new Error(vscode.l10n.t('{0} is not a new document', uri.toString()));
  return { accountId: uri.authority, db: decodePathSegment(segments[1]), col: decodePathSegment(segments[2]), number: Number(match[1]) };
}

/** Throws a `DocumentPathError` for a path that is not a document's. */
export function parseDocumentUri(uri: vscode.Uri): DocumentAddress {
  if (!uri.authority) throw new Error(vscode.l10n.t('{0} names no account', uri.toString()));
  return { accountId: uri.authority, ...decodeDocumentPath(uri.path) };
}

/** The database and collection folders above documents: `/`, `/<db>`, `/<db>/<col>`. */
export function isFolderPath(uri: vscode.Uri): boolean {
  const segments = uri.path.split('/').filter((segment) => segment !== '');
  return segments.length <= 2;
}

/** `db.col` for messages. */
export function collectionLabel(address: { db: string; col: string }): string {
  return `${address.db}.${address.col}`;
}
