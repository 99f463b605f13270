import * as vscode from 'vscode';
import { isServiceError } from '../../../core/api/serviceError';
import { idFromKeyText } from '../../../core/documents/documentId';
import { required } from '../../base/registerCommand';
import { resolveCollection } from '../../kit/targets/resolveTarget';
import type { Services } from '../../services';
import type { DocumentAddress } from '../../kit/targets/documentUri';
import { collectionLabel, documentUri } from '../../kit/targets/documentUri';
import { documentArgument } from './documentArgument';
import { showFreshDocument } from '../freshDocumentEditor';
import { documentText } from '../../../core/documents/documentText';

/** Opens a document in an editor; the tree's document items call this on click. */
export async function openDocument(services: Services, arg: unknown): Promise<void> {
  const address = arg === undefined ? undefined : documentArgument(arg);
  if (!address) await openDocumentById(services, arg);
  else await showDocument(services, address, { preview: true });
}

/** Asks for an `_id` in a collection and opens that document. */
export async function openDocumentById(services: Services, arg: unknown): Promise<void> {
  const title = vscode.l10n.t('Open Document by _id');
  const collection = await resolveCollection(services, arg);
  const typed = required(
    await services.prompts.input({
      title: vscode.l10n.t('{0} in {1}', title, collectionLabel(collection)),
      prompt: vscode.l10n.t(
        'An object id (24 hex digits), a number or a string; quote a string that reads as a number or an object id ("42"). Extended JSON such as {"$oid": "…"} works too.',
      ),
      placeHolder: '4ffde1398c1a4b6d6c000001',
      validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Enter the _id of the document.') : undefined),
    }),
  );
  const address: DocumentAddress = { ...collection, docId: idFromKeyText(typed.trim()) };
  const client = await services.accounts.clientFor(collection.accountId);
  let text: string;
  try {
    text = documentText((await client.getDocument(address.db, address.col, address.docId)).document);
  } catch (error) {
    if (isServiceError(error) && error.status === 404)
      throw new Error(vscode.l10n.t('No document with _id {0} in {1}.', typed.trim(), collectionLabel(collection)), { cause: error });
    throw error;
  }
  await showFreshDocument(documentUri(address), () => Promise.resolve(text), false);
}

async function showDocument(services: Services, address: DocumentAddress, options: { preview: boolean }): Promise<void> {
  const uri = documentUri(address);
  const serviceText = async () => {
    const client = await services.accounts.clientFor(address.accountId);
    return documentText((await client.getDocument(address.db, address.col, address.docId)).document);
  };
  await showFreshDocument(uri, serviceText, options.preview);
}
