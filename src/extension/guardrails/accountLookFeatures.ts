import type * as vscode from 'vscode';
import type { AccountStore } from '../kit/accounts/accountStore';
import { AccountDecorations } from './accountDecorations';
import { AccountStatusItem } from './accountStatusItem';

/** The account's colour and tag on its documents' tabs and in the status bar. */
export interface AccountLook extends vscode.Disposable {
  readonly status: AccountStatusItem;
  readonly decorations: AccountDecorations;
}

export function showAccountLook(accounts: AccountStore): AccountLook {
  const decorations = new AccountDecorations(accounts);
  const status = new AccountStatusItem(accounts);
  return {
    status,
    decorations,
    dispose: () => {
      status.dispose();
      decorations.dispose();
    },
  };
}
