import * as vscode from 'vscode';
import { utf8Text } from '../../core/text/utf8';
import type { AccountStore } from '../kit/accounts/accountStore';

/** The account handed over, and the file `npm start` asks to open beside it. */
export interface ImportedAccount {
  accountId: string;
  open?: string;
}

/**
 * `npm start` hands the demo account over in a file named by DBHOST_IMPORT_ACCOUNT_FILE:
 * `{"label", "baseUrl", "apiKey", "open"?}`. The key goes to SecretStorage and the file is deleted at once,
 * so the key never sits in settings or state. An account with the same label is updated in place.
 */
export async function importAccountFile(accounts: AccountStore, file: string | undefined): Promise<ImportedAccount | undefined> {
  if (!file) return undefined;
  const uri = vscode.Uri.file(file);
  let text: string;
  try {
    text = utf8Text(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
  await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
  let details: { label?: unknown; baseUrl?: unknown; apiKey?: unknown; open?: unknown };
  try {
    details = JSON.parse(text) as typeof details;
  } catch {
    // JSON.parse's message quotes the text around the error, which may be the key.
    throw new Error(vscode.l10n.t('The account file handed to DB Host is not valid JSON.'));
  }
  if (typeof details !== 'object' || details === null)
    throw new Error(vscode.l10n.t('The account file handed to DB Host is not a JSON object.'));
  if (typeof details.label !== 'string' || typeof details.baseUrl !== 'string' || typeof details.apiKey !== 'string') {
    throw new Error(vscode.l10n.t('The account file handed to DB Host lacks a label, baseUrl or apiKey.'));
  }
  const open = typeof details.open === 'string' ? details.open : undefined;
  const existing = accounts.list().find((account) => account.label === details.label);
  if (existing) {
    await accounts.update(existing.id, { baseUrl: details.baseUrl });
    await accounts.setApiKey(existing.id, details.apiKey);
    return { accountId: existing.id, open };
  }
  const added = await accounts.add({ label: details.label, baseUrl: details.baseUrl, apiKey: details.apiKey });
  return { accountId: added.id, open };
}
