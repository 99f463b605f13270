import * as vscode from 'vscode';
import { modeLabel, modeOf } from '../../core/guardrails/accountGuardrails';
import type { Account } from '../accounts/account';

/** The account's colour as a theme colour, when it has one. */
export function accountColor(account: Account): vscode.ThemeColor | undefined {
  return account.color ? new vscode.ThemeColor(account.color) : undefined;
}

/** " · production · Read-only": the tag and any mode other than Normal, for descriptions. */
export function guardrailsSuffix(account: Account): string {
  const mode = modeOf(account);
  return `${account.tag ? ` · ${account.tag}` : ''}${mode === 'normal' ? '' : ` · ${modeLabel(mode)}`}`;
}

/** The codicon of a mode: a lock for Read-only, a shield for Confirm writes. */
export function modeIcon(account: Account): string | undefined {
  const mode = modeOf(account);
  return mode === 'readOnly' ? 'lock' : mode === 'confirm' ? 'shield' : undefined;
}
