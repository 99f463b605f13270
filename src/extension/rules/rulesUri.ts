import * as vscode from 'vscode';
import { decodePathSegment, encodePathSegment } from '../../core/documents/pathSegment';
import { RULES_SCHEME } from './rulesScheme';

const FILE_NAME = 'rules.json';

/** The collection whose rules a file holds: the account (never its key), the database, the collection. */
export interface RulesAddress {
  accountId: string;
  db: string;
  col: string;
}

export function rulesUri(address: RulesAddress): vscode.Uri {
  const path = `/${encodePathSegment(address.db)}/${encodePathSegment(address.col)}/${FILE_NAME}`;
  return vscode.Uri.from({ scheme: RULES_SCHEME, authority: address.accountId, path });
}

/** Throws for a path that is not a collection's rules file. */
export function parseRulesUri(uri: vscode.Uri): RulesAddress {
  const segments = uri.path.split('/');
  if (uri.scheme !== RULES_SCHEME || !uri.authority || segments.length !== 4 || segments[0] !== '' || segments[3] !== FILE_NAME)
    throw vscode.FileSystemError.FileNotFound(vscode.l10n.t('{0} is not the rules file of a collection', uri.toString()));
  return { accountId: uri.authority, db: decodePathSegment(segments[1]), col: decodePathSegment(segments[2]) };
}
