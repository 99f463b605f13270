import * as vscode from 'vscode';
import type { JsonObject } from '../../core/json/lossless';
import { stringifyLossless } from '../../core/json/lossless';
import type { VirtualDocuments } from '../base/virtualDocuments';

/** Opens VS Code's diff editor, read-only: a document as loaded beside the document as the service holds it now. */
export async function compareDocuments(documents: VirtualDocuments, title: string, loaded: JsonObject, current: JsonObject): Promise<void> {
  const kind = {
    scheme: 'dbhost-compare',
    gone: vscode.l10n.t('// This comparison was closed: compare the document again from its collection view.\n'),
  };
  await vscode.commands.executeCommand(
    'vscode.diff',
    documents.keep(kind, 'loaded.json', `${stringifyLossless(loaded, 2)}\n`),
    documents.keep(kind, 'service.json', `${stringifyLossless(current, 2)}\n`),
    title,
  );
}
