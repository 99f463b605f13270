import * as vscode from 'vscode';
import type { Services } from '../services';
import type { PlaygroundAccounts } from './playgroundAccounts';

/** Choose Account (of a playground): the given file's, or the active editor's. */
export async function choosePlaygroundAccount(services: Services, accounts: PlaygroundAccounts, file?: unknown): Promise<void> {
  const uri = file instanceof vscode.Uri ? file : vscode.window.activeTextEditor?.document.uri;
  if (!uri) throw new Error(vscode.l10n.t('Open a query playground to choose its account.'));
  await accounts.choose(uri, services.prompts);
}
