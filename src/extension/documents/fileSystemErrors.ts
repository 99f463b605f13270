import * as vscode from 'vscode';
import { isServiceError } from '../../core/api/serviceError';
import type { Logger } from '../base/logger';
import type { DocumentAddress } from '../kit/targets/documentUri';
import { collectionLabel } from '../kit/targets/documentUri';
import { idKeyText } from '../../core/documents/documentId';

/**
 * The error a file system call answers with when talking to the service failed: VS Code shows its
 * message in the editor (a failed save keeps the editor dirty), so it says what happened in words.
 */
export function toFileSystemError(
  logger: Logger,
  error: unknown,
  address: DocumentAddress,
  action: 'read' | 'save' | 'delete',
): vscode.FileSystemError {
  if (error instanceof vscode.FileSystemError) return error;
  const reason = logger.describe(error);
  if (!isServiceError(error)) return new vscode.FileSystemError(reason);
  if (error.kind === 'http' && error.status === 404) {
    const detail = error.serviceMessage ? ` (${error.serviceMessage})` : '';
    return vscode.FileSystemError.FileNotFound(
      vscode.l10n.t('The document {0} was not found in {1} on the service{2}.', idKeyText(address.docId), collectionLabel(address), detail),
    );
  }
  if (error.kind === 'http' && (error.status === 401 || error.status === 403)) {
    return vscode.FileSystemError.NoPermissions(vscode.l10n.t('The service refused to {0} the document: {1}', action, reason));
  }
  const unreachable = error.kind === 'network' || error.kind === 'timeout';
  const message = vscode.l10n.t(
    'Could not {0} the document {1}: {2}{3}',
    action,
    idKeyText(address.docId),
    reason,
    action === 'save' ? ' Your edit is kept; save again to retry.' : '',
  );
  return unreachable ? vscode.FileSystemError.Unavailable(message) : new vscode.FileSystemError(message);
}
