import type * as vscode from 'vscode';
import { compareChanges } from '../../core/documents/concurrentChanges';
import { documentText, parseDocumentText } from '../../core/documents/documentText';
import type { DocumentVersion } from '../../core/documents/documentVersions';
import type { JsonObject } from '../../core/json/lossless';
import type { Services } from '../services';
import { parseDocumentUri } from '../shared/documentUri';

/** A save that meets a change made on the service since the editor loaded, to a field the user changed too. */
export interface SaveConflict {
  /** The version the user's edits started from. */
  base: DocumentVersion;
  /** The editor's text, and as parsed: the user's version. */
  text: string;
  mine: JsonObject;
  /** The service's version now. */
  current: DocumentVersion;
  /** The update paths both sides changed. */
  overlapping: string[];
}

/** Undefined when the save can go as usual: no base known, text that does not parse, or no field changed on both sides. */
export async function findSaveConflict(services: Services, uri: vscode.Uri, text: string, base: DocumentVersion | undefined) {
  if (!base) return undefined;
  let mine: JsonObject;
  try {
    mine = parseDocumentText(text);
  } catch {
    return undefined;
  }
  const address = parseDocumentUri(uri);
  const client = await services.accounts.clientFor(address.accountId);
  const { document } = await client.getDocument(address.db, address.col, address.docId);
  const current = { text: documentText(document), document };
  if (current.text === base.text) return undefined;
  const changes = compareChanges(base.document, mine, document);
  if (!changes || changes.overlapping.length === 0) return undefined;
  return { base, text, mine, current, overlapping: changes.overlapping } satisfies SaveConflict;
}
