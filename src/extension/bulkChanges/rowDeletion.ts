import * as vscode from 'vscode';
import { MAX_UNDO_BYTES, MAX_UNDO_DOCUMENTS, idKey, readByIds } from '../../core/bulk/changeImages';
import { documentIdSegment } from '../../core/api/documentIdSegment';
import type { JsonObject } from '../../core/json/lossless';
import { stringifyLossless } from '../../core/json/lossless';
import { countOf } from '../../core/text/formatCount';
import type { Services } from '../services';
import { confirmWrite } from '../kit/writes/confirmedWrites';
import { refuseReadOnly } from './bulkUpdateFlow';
import { saveChange } from './changeStore';

export interface RowDeletion {
  accountId: string;
  db: string;
  col: string;
  /** The documents as the view loaded them (perhaps only some of their fields): what is deleted is found by their `_id`. */
  documents: JsonObject[];
}

/** Why the deleted documents cannot be kept for an undo, or undefined when they can. */
function undoProblem(documents: readonly JsonObject[], images: readonly JsonObject[]): string | undefined {
  if (documents.some((doc) => doc._id === undefined || doc._id === null)) return 'a document without an _id cannot be found again';
  if (images.length > MAX_UNDO_DOCUMENTS) return `more than ${MAX_UNDO_DOCUMENTS.toLocaleString('en-US')} documents`;
  const bytes = images.reduce((sum, doc) => sum + stringifyLossless(doc).length, 0);
  if (bytes > MAX_UNDO_BYTES) return `their documents take more than ${MAX_UNDO_BYTES / 1024 / 1024} MB`;
  return undefined;
}

/**
 * Deletes rows of a collection view after one modal question, keeping each deleted document whole (read again
 * by `_id`, so a projected view loses no field) for Undo Last Change, which inserts them again with their `_id`.
 * `deleted` is told each row as it goes; returns whether the user went ahead.
 */
export async function deleteRows(services: Services, deletion: RowDeletion, deleted: (document: JsonObject) => void): Promise<boolean> {
  const { accountId, db, col, documents } = deletion;
  await refuseReadOnly(services, deletion, undefined, {
    method: 'DELETE',
    under: `/${encodeURIComponent(documentIdSegment(documents[0]._id ?? null))}`,
  });
  const client = await services.accounts.clientFor(accountId);
  const ids = documents.map((doc) => doc._id ?? null);
  const found = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Reading ${db}.${col}` }, () =>
    readByIds(client, db, col, ids),
  );
  const images = ids.map((id) => found.get(idKey(id))).filter((doc): doc is JsonObject => doc !== undefined);
  const problem = undoProblem(documents, images);
  const count = documents.length === 1 ? 'this document' : `these ${documents.length} documents`;
  const confirmed = await confirmWrite(services, accountId, `Delete ${count} from ${db}/${col}?`, {
    detail: problem
      ? `This cannot be undone: ${problem}.`
      : 'Undo Last Change to a Collection… can insert them again with their _id (until another change to the collection is kept).',
    confirmLabel: 'Delete',
  });
  if (!confirmed) return false;
  const gone: JsonObject[] = [];
  try {
    await services.accounts.withConfirmedClient(accountId, async (confirmedClient) => {
      for (const document of documents) {
        await confirmedClient.deleteDocument(db, col, document._id ?? null);
        const image = found.get(idKey(document._id));
        if (image) gone.push(image);
        deleted(document);
      }
    });
  } finally {
    // What was deleted before a failure is kept too: its undo is as possible as the rest's would have been.
    if (!problem && gone.length > 0) {
      await saveChange(services.context, {
        accountId,
        db,
        col,
        kind: 'delete',
        at: new Date().toISOString(),
        description: `the delete of ${countOf(gone.length, 'document')} from the collection view`,
        entries: gone.map((doc) => ({ id: doc._id ?? null, before: doc, after: null })),
      });
    }
  }
  return true;
}
