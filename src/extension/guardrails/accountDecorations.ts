import * as vscode from 'vscode';
import { hasGuardrails, modeLabel, modeOf } from '../../core/guardrails/accountGuardrails';
import { tagBadge } from '../../core/guardrails/accountSettingsChoices';
import type { AccountStore } from '../kit/accounts/accountStore';
import { Disposable } from '../base/disposable';
import { DOCUMENT_SCHEME } from '../kit/targets/documentUri';
import { accountColor } from './accountLookText';

/** Editor tabs and explorer entries of an account's documents carry its tag as a badge and its colour. */
export class AccountDecorations extends Disposable implements vscode.FileDecorationProvider {
  private readonly changed = this.register(new vscode.EventEmitter<undefined>());
  readonly onDidChangeFileDecorations = this.changed.event;

  constructor(private readonly accounts: AccountStore) {
    super();
    this.register(accounts.onDidChange(() => this.changed.fire(undefined)));
    this.register(vscode.window.registerFileDecorationProvider(this));
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== DOCUMENT_SCHEME) return undefined;
    const account = this.accounts.get(uri.authority);
    if (!account || !hasGuardrails(account)) return undefined;
    const badge = account.tag ? tagBadge(account.tag) : modeOf(account) === 'readOnly' ? 'RO' : undefined;
    const tooltip = `${account.label}${account.tag ? ` · ${account.tag}` : ''} · ${modeLabel(modeOf(account))}`;
    return new vscode.FileDecoration(badge, tooltip, accountColor(account));
  }
}
