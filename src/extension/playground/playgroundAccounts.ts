import * as vscode from 'vscode';
import type { Account } from '../shared/account';
import type { AccountStore } from '../shared/accountStore';
import { Disposable } from '../base/disposable';
import { required } from '../base/registerCommand';
import type { Prompts } from '../ui/prompts';

/** The playground names an account label that no account has. */
export class UnknownAccountLabelError extends Error {
  constructor(label: string, accounts: Account[]) {
    const known = accounts.map((account) => JSON.stringify(account.label)).join(', ');
    super(`No DB Host account is labelled ${JSON.stringify(label)}${known ? `: your accounts are ${known}` : ': add the account first'}.`);
    this.name = 'UnknownAccountLabelError';
  }
}

/**
 * Which account a playground runs against: the label its query names; else the only account; else
 * the one the user picked for this file, remembered until the window closes.
 */
export class PlaygroundAccounts extends Disposable {
  private readonly chosen = new Map<string, string>();
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly accounts: AccountStore) {
    super();
    this.register(accounts.onDidChange(() => this.changed.fire()));
  }

  /** The account a query will run against without asking, if that is already settled. */
  settled(file: vscode.Uri, label: string | undefined): Account | undefined {
    const accounts = this.accounts.list();
    if (label !== undefined) return accounts.find((account) => account.label === label);
    const chosenId = this.chosen.get(file.toString());
    const chosen = chosenId === undefined ? undefined : accounts.find((account) => account.id === chosenId);
    if (chosen) return chosen;
    return accounts.length === 1 ? accounts[0] : undefined;
  }

  async resolve(file: vscode.Uri, label: string | undefined, prompts: Prompts): Promise<Account> {
    const settled = this.settled(file, label);
    if (settled) return settled;
    if (label !== undefined) throw new UnknownAccountLabelError(label, this.accounts.list());
    return this.choose(file, prompts);
  }

  /** Asks which account the file's queries without an `account` run against, and remembers it. */
  async choose(file: vscode.Uri, prompts: Prompts): Promise<Account> {
    const accounts = this.accounts.list();
    if (accounts.length === 0) throw new Error('Add a DB Host account first: the playground has no account to run against.');
    const accountId = required(
      await prompts.pick(
        accounts.map((account) => ({ label: account.label, description: account.baseUrl, value: account.id })),
        { title: 'Run the playground against which account?', placeHolder: 'Queries that name no "account" use this one until the window closes' },
      ),
    );
    this.remember(file, accountId);
    return this.accounts.require(accountId);
  }

  remember(file: vscode.Uri, accountId: string): void {
    this.chosen.set(file.toString(), accountId);
    this.changed.fire();
  }
}
