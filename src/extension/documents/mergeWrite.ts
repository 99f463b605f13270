import * as vscode from 'vscode';
import { idKeyText } from '../../core/documents/documentId';
import { documentText } from '../../core/documents/documentText';
import type { DocumentVersion } from '../../core/documents/documentVersions';
import { diffToUpdate } from '../../core/documents/updateDiff';
import type { Services } from '../services';
import { collectionLabel, parseDocumentUri } from '../kit/targets/documentUri';
import type { MergeWrite, MergeWriteOutcome } from '../kit/writes/documentMerge';
import { mergeNotSentMessage, sendMergeIfUnchanged } from '../kit/writes/documentMerge';
import type { SentUpdate } from './documentFiles';
import { openDocument } from './documentFiles';

export type { MergeWrite, MergeWriteOutcome } from '../kit/writes/documentMerge';

/** What the merge needs of the document file system: to record an update it sent, so the editor's save only records it. */
export interface MergeRecorder {
  recordSent(uri: vscode.Uri, sent: SentUpdate): void;
}

/**
 * The conflict-checked write of a merge: when the service's version is still the one the merge was made against,
 * sends the fields that differ from it (through the account's guardrails), then saves the editor with the merged
 * text, which VS Code's save only records. Otherwise sends nothing and gives the newer version to merge against.
 */
export function mergeWriter(services: Services, recorder: MergeRecorder): MergeWrite {
  return async (uri, made, merged) => {
    const editor = openDocument(uri);
    if (editor && editor.getText() !== made.editorText)
      return problem(
        vscode.l10n.t(
          'Not saved: the document’s editor changed since this merge began, and the merge does not hold those edits. Save the editor again to merge with them.',
        ),
      );
    const { update, error } = diffToUpdate(made.theirs.document, merged);
    if (error) return problem(vscode.l10n.t('Not saved: {0}', error));
    const address = parseDocumentUri(uri);
    let current: DocumentVersion;
    try {
      const written = await sendMergeIfUnchanged(services, address, made.theirs, update);
      if ('changed' in written) return { kind: 'changed', current: written.changed };
      current = written.sent;
    } catch (failure) {
      return problem(mergeNotSentMessage(services, failure));
    }
    const where = `${collectionLabel(address)} ${idKeyText(address.docId)}`;
    services.logger.scoped('documents').info(`Saved the merge of document ${where}`);
    services.changes.fire({ accountId: address.accountId, db: address.db, col: address.col, docId: address.docId }, 'document');
    if (!editor) return { kind: 'saved' };
    const text = documentText(merged);
    recorder.recordSent(uri, { text, edited: merged, base: current, serviceText: current.text });
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(editor.positionAt(0), editor.positionAt(editor.getText().length)), text);
    if ((await vscode.workspace.applyEdit(edit)) && (await editor.save())) return { kind: 'saved' };
    return problem(
      vscode.l10n.t(
        'The merge of {0} was saved on the service, but its editor could not be saved; it holds the merged text. Revert the editor to see what the service holds.',
        where,
      ),
    );
  };
}

const problem = (message: string): MergeWriteOutcome => ({ kind: 'problem', message });
