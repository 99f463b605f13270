import * as assert from 'node:assert/strict';
import { DbHostClient } from '../../../src/client/dbHostClient';
import type { DbHostApi } from '../../../src/core/api/types';
import type { AccountGuardrails } from '../../../src/core/guardrails/accountGuardrails';
import { modeLabel, modeOf } from '../../../src/core/guardrails/accountGuardrails';
import { ACCOUNT_COLORS } from '../../../src/core/guardrails/accountSettingsChoices';
import type { Account } from '../../../src/extension/kit/accounts/account';
import type { FakeAnswer } from './fakePrompts';
import { runScripted } from './extensionUnderTest';
import { treeViewOf } from './registrations';
import type { ServiceEndpoint } from './test-config';

// Accounts as a person makes and changes them: through the product's own commands, their questions answered.

/** A client of the test's own, straight to `service`: how a test sets up and checks data past the extension. */
export function serviceClient(service: ServiceEndpoint): DbHostApi {
  return new DbHostClient({ baseUrl: service.url, apiKey: service.apiKey });
}

/**
 * Adds an account on `service` with "Add Account", its questions answered (and, when the service refuses the
 * key or cannot be reached, "Save Account Anyway" chosen); and a client of the test's own to the same service.
 */
export async function addAccount(label: string, service: ServiceEndpoint): Promise<{ accountId: string; client: DbHostApi }> {
  const script: FakeAnswer[] = [{ input: service.url }, { input: label }, { input: service.apiKey }, { confirm: true }];
  const {
    added: [account],
    ran: { prompts },
  } = await accountsAddedBy(() => runScripted(script, 'dbhost.addAccount'));
  assert.ok(account, `"Add Account" added no account "${label}": ${prompts.errors.join(' | ')}`);
  assert.equal(account.label, label, `"Add Account" added "${account.label}", not "${label}"`);
  return { accountId: account.id, client: serviceClient(service) };
}

/**
 * Runs `change` (Add Account, Start Local Service…) and gives the accounts the DB Host view shows after it and not
 * before, as a person sees an account appear there; and what `change` gave.
 */
export async function accountsAddedBy<T>(change: () => Promise<T>): Promise<{ added: Account[]; ran: T }> {
  const before = new Set((await shownAccounts()).map((account) => account.id));
  const ran = await change();
  return { added: (await shownAccounts()).filter((account) => !before.has(account.id)), ran };
}

/** Whether the DB Host view shows the account. */
export async function isShown(accountId: string): Promise<boolean> {
  return (await shownAccounts()).some((account) => account.id === accountId);
}

/** Removes the account with "Remove Account", its modal question confirmed, failing when the view still shows it. */
export async function removeAccount(accountId: string): Promise<void> {
  const { prompts } = await runScripted([{ confirm: true }], 'dbhost.removeAccount', { accountId });
  assert.ok(!(await isShown(accountId)), `"Remove Account" did not remove the account ${accountId}: ${prompts.errors.join(' | ')}`);
}

const colorLabel = (color: string | undefined): string =>
  color ? (ACCOUNT_COLORS.find((entry) => entry.id === color)?.label ?? color) : 'No colour';

/**
 * Sets the account's mode, colour and tag with "Account Settings" (what is not given: Normal, no colour, no tag),
 * confirming the switch from Read-only to Normal when it is asked for; gives the account as the DB Host view shows it then.
 */
export async function setGuardrails(accountId: string, guardrails: AccountGuardrails): Promise<Account> {
  const exact = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const script: FakeAnswer[] = [
    { pick: exact(modeLabel(modeOf(guardrails))) },
    { pick: exact(colorLabel(guardrails.color)) },
    { input: guardrails.tag ?? '' },
    { confirm: true },
  ];
  const { prompts } = await runScripted(script, 'dbhost.accountSettings', { accountId });
  assert.deepEqual(prompts.errors, [], `"Account Settings" saved nothing for the account ${accountId}`);
  const shown = await shownAccount(accountId);
  assert.equal(modeOf(shown), modeOf(guardrails), `"Account Settings" did not set the mode of the account ${accountId}`);
  return shown;
}

/** The accounts the DB Host view shows, as the product holds them. */
export async function shownAccounts(): Promise<Account[]> {
  const { provider } = treeViewOf('dbhost.explorer');
  const roots = ((await provider.getChildren()) ?? []) as Array<{ account?: Account }>;
  return roots.flatMap((node) => (node.account ? [node.account] : []));
}

/** The account as the DB Host view shows it, failing when it shows none with that id. */
export async function shownAccount(accountId: string): Promise<Account> {
  const account = (await shownAccounts()).find((candidate) => candidate.id === accountId);
  assert.ok(account, `the DB Host view shows no account ${accountId}`);
  return account;
}
