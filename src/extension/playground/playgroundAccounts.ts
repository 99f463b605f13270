import * as vscode from 'vscode';
import type { Account } from '../kit/accounts/account';
import type { AccountStore } from '../kit/accounts/accountStore';
import { Disposable } from '../base/disposable';
import { required } from '../base/registerCommand';
import type { Prompts } from '../base/prompts';

/** The playground names an account label that no account has. */
export class UnknownAccountLabelError extends Error {
  constructor(label: string, accounts: Account[]) {
    const known = accounts.map((account) => JSON.stringify(account.label)).join(', ');
    super(
      vscode.l10n.t(
        'No DB Host account is labelled {0}{1}.',
        JSON.stringify(label),
        known ? `: your accounts are ${known}` : ': add the account first',
      ),
    );
    this.name = 'UnknownAccountLabelError';
  }
}

const BINDINGS_KEY = 'dbhost.playgroundAccounts';

/**
 * Which account a playground runs against: the label its query names; else the account the file is
 * bound to (the one picked for it, or the only account at its first run), kept in the workspace state so
 * it survives closing the file and reloading the window. Never the account selected in the tree.
 */
export class PlaygroundAccounts extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly accounts: AccountStore,
    private readonly state: vscode.Memento,
  ) {
    super();
    this.register(accounts.onDidChange(() => this.changed.fire()));
  }

  /** The account a query will run against without asking, if that is already settled. */
  settled(file: vscode.Uri, label: string | undefined): Account | undefined {
    const accounts = this.accounts.list();
    if (label !== undefined) return accounts.find((account) => account.label === label);
    const chosenId = this.bindings()[file.toString()];
    const chosen = chosenId === undefined ? undefined : accounts.find((account) => account.id === chosenId);
    if (chosen) return chosen;
    return accounts.length === 1 ? accounts[0] : undefined;
  }

  async resolve(file: vscode.Uri, label: string | undefined, prompts: Prompts): Promise<Account> {
    const settled = this.settled(file, label);
    // The only account, used at a first run, stays this file's account when others are added.
    if (settled && label === undefined && this.bindings()[file.toString()] !== settled.id) this.remember(file, settled.id);
    if (settled) return settled;
    if (label !== undefined) throw new UnknownAccountLabelError(label, this.accounts.list());
    return this.choose(file, prompts);
  }

  /** Asks which account the file's queries without an `account` run against, and remembers it. */
  async choose(file: vscode.Uri, prompts: Prompts): Promise<Account> {
    const accounts = this.accounts.list();
    if (accounts.length === 0) throw new Error(vscode.l10n.t('Add a DB Host account first: the playground has no account to run against.'));
    const accountId = required(
      await prompts.pick(
        accounts.map((account) => ({ label: account.label, description: account.baseUrl, value: account.id })),
        {
          title: vscode.l10n.t('Run the playground against which account?'),
          placeHolder: vscode.l10n.t('Queries that name no "account" run against this one, remembered for this file'),
        },
      ),
    );
    this.remember(file, accountId);
    return this.accounts.require(accountId);
  }

  remember(file: vscode.Uri, accountId: string): void {
    void this.state.update(BINDINGS_KEY, { ...this.bindings(), [file.toString()]: accountId });
    this.changed.fire();
  }

  private bindings(): Record<string, string> {
    return this.state.get<Record<string, string>>(BINDINGS_KEY) ?? {};
  }
}
