import * as vscode from 'vscode';
import { documentText } from '../../../core/documents/documentText';
import type { DocumentVersion } from '../../../core/documents/documentVersions';
import type { DocumentUpdate } from '../../../core/documents/updateDiff';
import type { JsonObject } from '../../../core/json/lossless';
import type { Services } from '../../services';
import type { DocumentAddress } from '../targets/documentUri';

/** A save that meets a change made on the service since the user's version was loaded, to a field the user changed too. */
export interface SaveConflict {
  /** The version the user's edits started from. */
  base: DocumentVersion;
  /** The user's version as text, and as parsed. */
  text: string;
  mine: JsonObject;
  /** The service's version now. */
  current: DocumentVersion;
  /** The update paths both sides changed. */
  overlapping: string[];
}

/** What saving a merge came to: saved, not saved because the service's version changed meanwhile, or a problem. */
export type MergeWriteOutcome = { kind: 'saved' } | { kind: 'changed'; current: DocumentVersion } | { kind: 'problem'; message: string };

/** Saves a merge made against `made.theirs` (`made.editorText`: the user's version as text when the merge began). */
export type MergeWrite = (
  uri: vscode.Uri,
  made: { theirs: DocumentVersion; editorText: string },
  merged: JsonObject,
) => Promise<MergeWriteOutcome>;

/** The three-way merge views, which the documents feature gives to the features that save documents too. */
export interface DocumentMerges {
  /** Opens the merge view of the document `uri` names; Save Merge saves through `write`. */
  open(uri: vscode.Uri, conflict: SaveConflict, write?: MergeWrite): void;
}

/**
 * The conflict-checked write itself: when the service still holds `theirs`, sends `update` (the fields in which the merge
 * differs from it, see diffToUpdate) through the account's guardrails; otherwise sends nothing and gives the newer
 * version. Throws what the service or the guardrails threw.
 */
export async function sendMergeIfUnchanged(
  services: Services,
  address: DocumentAddress,
  theirs: DocumentVersion,
  update: DocumentUpdate | undefined,
): Promise<{ sent: DocumentVersion } | { changed: DocumentVersion }> {
  const client = await services.accounts.clientFor(address.accountId);
  const { document } = await client.getDocument(address.db, address.col, address.docId);
  const current = { text: documentText(document), document };
  if (current.text !== theirs.text) return { changed: current };
  if (update) await client.updateDocument(address.db, address.col, address.docId, update, { safe: true });
  return { sent: current };
}

/** Why a merge's write was not sent (cancelled at its confirmation, or refused): cause first, the choices kept. */
export function mergeNotSentMessage(services: Services, error: unknown): string {
  if (error instanceof vscode.CancellationError)
    return vscode.l10n.t('Not saved: the write was cancelled at its confirmation. Your choices and your edit are kept.');
  const reason = services.logger.describe(error);
  return vscode.l10n.t(
    'Not saved: {0} Your choices and your edit are kept; save again to retry.',
    /[.!?]$/.test(reason) ? reason : `${reason}.`,
  );
}
