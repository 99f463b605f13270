import * as vscode from 'vscode';
import type { Services } from '../../services';
import type { DocumentFileSystem } from '../documentFileSystem';
import { collectionLabel } from '../../kit/targets/documentUri';
import { documentArgument } from './documentArgument';
import { confirmWrite } from '../../kit/writes/confirmedWrites';
import { idKeyText } from '../../../core/documents/documentId';

/**
 * Deletes a document after a modal confirmation. Its editors without
 * edits close; one with edits stays open, marked deleted, so nothing the user typed is lost.
 */
export async function deleteDocument(services: Services, fileSystem: DocumentFileSystem, arg: unknown): Promise<void> {
  const address = documentArgument(arg);
  if (!address) throw new Error(vscode.l10n.t('Pick a document in the DB Host view, or run this from the editor of a DB Host document.'));
  const confirmed = await confirmWrite(
    services,
    address.accountId,
    vscode.l10n.t('Delete the document {0} from {1}?', idKeyText(address.docId), collectionLabel(address)),
    {
      detail: vscode.l10n.t('The document is deleted on the service. This cannot be undone.'),
      confirmLabel: vscode.l10n.t('Delete'),
    },
  );
  if (!confirmed) return;
  await services.accounts.withConfirmedClient(address.accountId, (client) => fileSystem.deleteDocument(address, client));
  void services.prompts.info(vscode.l10n.t('Deleted the document {0} from {1}.', idKeyText(address.docId), collectionLabel(address)));
}
