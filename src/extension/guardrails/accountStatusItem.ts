import * as vscode from 'vscode';
import { accountTitle, hasGuardrails, modeLabel, modeOf } from '../../core/guardrails/accountGuardrails';
import type { AccountStore } from '../kit/accounts/accountStore';
import { Disposable } from '../base/disposable';
import { DOCUMENT_SCHEME } from '../kit/targets/documentUri';
import { lookTextOf } from './accountLookText';
import { CommandId } from '../kit/feature/commandIds';

/** While an editor of an account's documents is active: the account, its tag and mode, in its colour. */
export class AccountStatusItem extends Disposable {
  private readonly item = this.register(vscode.window.createStatusBarItem('dbhost.account', vscode.StatusBarAlignment.Left, 50));

  constructor(private readonly accounts: AccountStore) {
    super();
    this.item.name = vscode.l10n.t('DB Host Account');
    this.register(vscode.window.onDidChangeActiveTextEditor(() => this.update()));
    this.register(accounts.onDidChange(() => this.update()));
    this.update();
  }

  private update(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const account = uri?.scheme === DOCUMENT_SCHEME ? this.accounts.get(uri.authority) : undefined;
    if (!account || !hasGuardrails(account)) {
      this.item.hide();
      return;
    }
    const mode = modeOf(account);
    const look = lookTextOf(account);
    this.item.text = `$(${look.icon ?? 'database'}) ${accountTitle(account.label, account.tag)}${mode === 'normal' ? '' : ` · ${modeLabel(mode)}`}`;
    this.item.tooltip = vscode.l10n.t(
      'DB Host account "{0}" ({1}): {2}. Click for Account Settings.',
      account.label,
      account.baseUrl,
      modeLabel(mode),
    );
    this.item.color = look.color;
    this.item.command = {
      title: vscode.l10n.t('Account Settings…'),
      command: CommandId.accountSettings,
      arguments: [{ accountId: account.id }],
    };
    this.item.show();
  }
}
