import { utf8Bytes, utf8Text } from '../../core/text/utf8';
import * as vscode from 'vscode';
import type { ChangeEntry, ChangeRecord } from '../../core/bulk/undoPlan';
import type { JsonObject } from '../../core/json/lossless';
import { isJsonObject, parseLossless, stringifyLossless } from '../../core/json/lossless';

/*
 * The last change to each collection, kept for its undo in the extension's global storage: one file per
 * account and collection (never in memento state, which is for small values), a header line and one line per
 * document, numbers and dates exactly as the service sent them.
 */

async function fileOf(context: vscode.ExtensionContext, accountId: string, db: string, col: string): Promise<vscode.Uri> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', utf8Bytes(`${accountId}\u0000${db}\u0000${col}`)));
  const name = Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return vscode.Uri.joinPath(context.globalStorageUri, 'changes', `${name}.ndjson`);
}

export async function saveChange(context: vscode.ExtensionContext, record: ChangeRecord): Promise<void> {
  const { entries, ...header } = record;
  const lines = [stringifyLossless(header), ...entries.map((entry) => stringifyLossless(entry))];
  const file = await fileOf(context, record.accountId, record.db, record.col);
  await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(file, '..'));
  await vscode.workspace.fs.writeFile(file, utf8Bytes(`${lines.join('\n')}\n`));
}

export async function loadChange(
  context: vscode.ExtensionContext,
  accountId: string,
  db: string,
  col: string,
): Promise<ChangeRecord | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await vscode.workspace.fs.readFile(await fileOf(context, accountId, db, col));
  } catch {
    return undefined;
  }
  const [headerLine, ...lines] = utf8Text(bytes).split('\n').filter(Boolean);
  const header = parseLossless(headerLine);
  if (!isJsonObject(header)) throw new Error(vscode.l10n.t('The kept change is damaged: it cannot be undone.'));
  const entries = lines.map((line) => parseLossless(line) as JsonObject as unknown as ChangeEntry);
  return { ...(header as unknown as Omit<ChangeRecord, 'entries'>), entries };
}

export async function forgetChange(context: vscode.ExtensionContext, accountId: string, db: string, col: string): Promise<void> {
  try {
    await vscode.workspace.fs.delete(await fileOf(context, accountId, db, col));
  } catch {
    // Nothing was kept.
  }
}
