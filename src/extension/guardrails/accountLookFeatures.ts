import type * as vscode from 'vscode';
import type { AccountStore } from '../kit/accounts/accountStore';
import { AccountDecorations } from './accountDecorations';
import { AccountStatusItem } from './accountStatusItem';

/** The account's colour and tag on its documents' tabs and in the status bar, until disposed of. */
export function showAccountLook(accounts: AccountStore): vscode.Disposable {
  const decorations = new AccountDecorations(accounts);
  const status = new AccountStatusItem(accounts);
  return {
    dispose: () => {
      status.dispose();
      decorations.dispose();
    },
  };
}
