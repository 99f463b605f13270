import * as vscode from 'vscode';
import { isServiceError } from '../../core/api/serviceError';
import { DocumentTextError, parseDocumentText } from '../../core/documents/documentText';
import type { DocumentVersion } from '../../core/documents/documentVersions';
import { diffToUpdate } from '../../core/documents/updateDiff';
import { accountTitle, modeOf } from '../../core/guardrails/accountGuardrails';
import type { JsonObject } from '../../core/json/lossless';
import type { Services } from '../services';
import type { DocumentAddress } from '../kit/targets/documentUri';
import { collectionLabel, isNewDocumentUri, parseDocumentUri, parseNewDocumentUri } from '../kit/targets/documentUri';
import { idKeyText } from '../../core/documents/documentId';

/** Why a save would fail, found before anything is written: one line that leads with the cause. */
export interface SaveProblem {
  message: string;
  /** Where in the text the problem is: the notification offers Go to Problem. */
  offset?: number;
  /** The account whose mode refuses the save: the notification offers Account Settings…. */
  accountId?: string;
}

/** What the check needs of the document file system: the version the editor's edits started from. */
export type HeldVersionOf = (uri: vscode.Uri) => DocumentVersion | undefined;

/**
 * Everything that can be known before VS Code writes: the account's mode, the text, the `_id`, the version
 * the edits started from, and whether the service answers for the document now. Undefined: the write will go.
 */
export async function findSaveProblem(
  services: Services,
  uri: vscode.Uri,
  text: string,
  heldOf: HeldVersionOf,
): Promise<SaveProblem | undefined> {
  const account = services.accounts.get(uri.authority);
  if (account && modeOf(account) === 'readOnly')
    return {
      message: vscode.l10n.t(
        "Not saved: the account {0} is Read-only. Your edit stays in the editor; Account Settings… changes the account's mode.",
        accountTitle(account.label, account.tag),
      ),
      accountId: account.id,
    };
  const isNew = isNewDocumentUri(uri);
  const where = isNew ? vscode.l10n.t('a new document in {0}', collectionLabel(parseNewDocumentUri(uri))) : placeOf(parseDocumentUri(uri));
  let edited: JsonObject;
  try {
    edited = parseDocumentText(text);
  } catch (error) {
    if (!(error instanceof DocumentTextError)) throw error;
    const offset = error.offset ?? 0;
    return { message: `Not saved: ${where}: ${lineAndColumn(text, offset)}: ${lowerFirst(error.reason)}.`, offset };
  }
  const refusal = await services.rulesSaveChecks.refusal(uri, text);
  if (refusal) return { message: refusal };
  if (isNew) return undefined;
  const address = parseDocumentUri(uri);
  const base = heldOf(uri);
  if (base) {
    const { error } = diffToUpdate(base.document, edited);
    if (error) return { message: `Not saved: ${where}: ${lowerFirst(error.replace(/^Not saved: /, ''))}` };
  }
  const unreachable = await serviceProblem(services, address);
  if (unreachable)
    return { message: vscode.l10n.t('Not saved: {0}: {1} Your edit stays in the editor; save again to retry.', where, unreachable) };
  if (!base)
    return {
      message: vscode.l10n.t(
        'Not saved: {0}: the version your edits started from is no longer known, so they cannot be told apart from changes made on the service since. Your text stays in this editor: copy it, reopen the document (File: Revert File), then apply your edits again.',
        where,
      ),
    };
  return undefined;
}

/** The update the save sent first failed: why, cause first, with the edit kept. */
export function sendProblem(services: Services, uri: vscode.Uri, error: unknown): SaveProblem {
  const where = placeOf(parseDocumentUri(uri));
  if (error instanceof vscode.CancellationError)
    return {
      message: vscode.l10n.t('Not saved: {0}: the write was cancelled at its confirmation. Your edit stays in the editor.', where),
    };
  const reason = services.logger.describe(error);
  return {
    message: vscode.l10n.t(
      'Not saved: {0}: {1} Your edit stays in the editor; save again to retry.',
      where,
      /[.!?]$/.test(reason) ? reason : `${reason}.`,
    ),
  };
}

/** Whether the service answers for the document now: a read, which every account's mode lets through. */
async function serviceProblem(services: Services, address: DocumentAddress): Promise<string | undefined> {
  try {
    const client = await services.accounts.clientFor(address.accountId);
    await client.getDocument(address.db, address.col, address.docId);
    return undefined;
  } catch (error) {
    if (isServiceError(error) && error.kind === 'http' && error.status === 404)
      return vscode.l10n.t('the document is no longer on the service (it was deleted since you opened it).');
    const reason = services.logger.describe(error);
    return /[.!?]$/.test(reason) ? reason : `${reason}.`;
  }
}

/** `inventory.products 63b0…`: the collection and the document's `_id` as the tree shows them. */
function placeOf(address: DocumentAddress): string {
  return `${collectionLabel(address)} ${idKeyText(address.docId)}`;
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return `line ${line}, column ${column}`;
}

function lowerFirst(text: string): string {
  return text.length > 1 && /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}
