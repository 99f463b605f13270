import * as vscode from 'vscode';
import { accountTitle, modeLabel, modeOf } from '../../core/guardrails/accountGuardrails';
import type { Account } from '../kit/accounts/account';

/** How an account with guardrails shows on its tree item and playground CodeLens. */
export interface AccountLookText {
  /** " · production · Read-only": the tag and any mode other than Normal, after a label. */
  suffix: string;
  /** "production · Read-only · ": the same before a description, where a narrow view still shows it. */
  prefix: string;
  /** A lock for Read-only, a shield for Confirm writes. */
  icon: string | undefined;
  color: vscode.ThemeColor | undefined;
}

export function accountColor(account: Account): vscode.ThemeColor | undefined {
  return account.color ? new vscode.ThemeColor(account.color) : undefined;
}

export function lookTextOf(account: Account): AccountLookText {
  const mode = modeOf(account);
  const suffix = `${account.tag ? ` · ${account.tag}` : ''}${mode === 'normal' ? '' : ` · ${modeLabel(mode)}`}`;
  return {
    suffix,
    prefix: suffix ? `${suffix.slice(3)} · ` : '',
    icon: mode === 'readOnly' ? 'lock' : mode === 'confirm' ? 'shield' : undefined,
    color: accountColor(account),
  };
}

/** Why a playground update of a Read-only account does not run (shown at the query). */
export function updateRefusal(account: Account): string {
  return vscode.l10n.t(
    'The account "{0}" is Read-only: this update does not run. Change its mode with "Account Settings…" on the account.',
    accountTitle(account.label, account.tag),
  );
}

/** The account labels, where a `*.query.json` names its `"account"` and the cursor is in that string. */
export function accountLabelItems(
  accounts: Account[],
  document: vscode.TextDocument,
  position: vscode.Position,
): vscode.CompletionItem[] | undefined {
  const typed = /"account"\s*:\s*"([^"\\]*)$/.exec(document.lineAt(position.line).text.slice(0, position.character));
  if (!typed) return undefined;
  const range = new vscode.Range(position.translate(0, -typed[1].length), position);
  return accounts.map((account) => {
    const item = new vscode.CompletionItem(account.label, vscode.CompletionItemKind.Value);
    item.range = range;
    item.detail = account.baseUrl + lookTextOf(account).suffix;
    return item;
  });
}
