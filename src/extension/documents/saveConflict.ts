import type * as vscode from 'vscode';
import { compareChanges } from '../../core/documents/concurrentChanges';
import { documentText, parseDocumentText } from '../../core/documents/documentText';
import type { DocumentVersion } from '../../core/documents/documentVersions';
import type { JsonObject } from '../../core/json/lossless';
import type { Services } from '../services';
import type { SaveConflict } from '../kit/writes/documentMerge';
import { parseDocumentUri } from '../kit/targets/documentUri';

export type { SaveConflict } from '../kit/writes/documentMerge';

/** Undefined when the save can go as usual: no base known, text that does not parse, or no field changed on both sides. */
export async function findSaveConflict(services: Services, uri: vscode.Uri, text: string, base: DocumentVersion | undefined) {
  if (!base) return undefined;
  const address = parseDocumentUri(uri);
  const client = await services.accounts.clientFor(address.accountId);
  const { document } = await client.getDocument(address.db, address.col, address.docId);
  return conflictWith(base, text, { text: documentText(document), document });
}

/** The conflict of a save of `text` with the service's version `current`, if both changed the same field since `base`. */
export function conflictWith(base: DocumentVersion | undefined, text: string, current: DocumentVersion): SaveConflict | undefined {
  if (!base || current.text === base.text) return undefined;
  let mine: JsonObject;
  try {
    mine = parseDocumentText(text);
  } catch {
    return undefined;
  }
  const changes = compareChanges(base.document, mine, current.document);
  if (!changes || changes.overlapping.length === 0) return undefined;
  return { base, text, mine, current, overlapping: changes.overlapping };
}
