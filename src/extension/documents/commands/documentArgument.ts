import * as vscode from 'vscode';
import type { ResourceTarget } from '../../base/resourceTarget';
import { hasTarget } from '../../base/resourceTarget';
import type { DocumentAddress } from '../../kit/targets/documentUri';
import { DOCUMENT_SCHEME, isNewDocumentUri, parseDocumentUri } from '../../kit/targets/documentUri';

/** What a command was handed: a tree node's target, a plain ResourceTarget, or nothing. */
export function targetOf(arg: unknown): Partial<ResourceTarget> {
  if (hasTarget(arg)) return arg.target;
  if (typeof arg === 'object' && arg !== null && typeof (arg as ResourceTarget).accountId === 'string') return arg as ResourceTarget;
  return {};
}

/**
 * The document a command acts on: a tree node or target naming one, a `dbhost:` URI (editor title menus
 * pass the editor's), or, with nothing given, the active editor's document.
 */
export function documentArgument(arg: unknown): DocumentAddress | undefined {
  const uri = arg instanceof vscode.Uri ? arg : arg === undefined ? vscode.window.activeTextEditor?.document.uri : undefined;
  if (uri) {
    if (uri.scheme !== DOCUMENT_SCHEME) return undefined;
    if (isNewDocumentUri(uri))
      throw new Error(vscode.l10n.t('This new document is not saved on the service yet: save it first, or close it to discard it.'));
    return parseDocumentUri(uri);
  }
  const { accountId, db, col, docId } = targetOf(arg);
  return accountId !== undefined && db !== undefined && col !== undefined && docId !== undefined
    ? { accountId, db, col, docId }
    : undefined;
}
