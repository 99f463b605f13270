import * as vscode from 'vscode';
import type { ResourceTarget } from '../../base/resourceTarget';
import { hasTarget } from '../../base/resourceTarget';
import { required } from '../../base/registerCommand';
import type { Services } from '../../services';
import { textField } from '../display/recordText';

/**
 * Commands take a tree node, a plain ResourceTarget, or nothing (from the palette); whatever is
 * missing is asked for: account, then database, then collection.
 */
export function targetOf(arg: unknown): ResourceTarget | undefined {
  if (hasTarget(arg)) return arg.target;
  if (typeof arg === 'object' && arg !== null && typeof (arg as ResourceTarget).accountId === 'string') return arg as ResourceTarget;
  return undefined;
}

export async function resolveAccount(services: Services, arg: unknown): Promise<ResourceTarget> {
  const given = targetOf(arg);
  if (given) {
    services.accounts.require(given.accountId);
    return given;
  }
  const accounts = services.accounts.list();
  if (accounts.length === 0) throw new Error(vscode.l10n.t('There is no DB Host account yet. Add one with "DB Host: Add Account".'));
  if (accounts.length === 1) return { accountId: accounts[0].id };
  const accountId = required(
    await services.prompts.pick(
      accounts.map((account) => ({ label: account.label, description: account.baseUrl, value: account.id })),
      { placeHolder: vscode.l10n.t('Choose an account') },
    ),
  );
  return { accountId };
}

export async function resolveDatabase(services: Services, arg: unknown): Promise<ResourceTarget & { db: string }> {
  const target = await resolveAccount(services, arg);
  if (target.db !== undefined) return { ...target, db: target.db };
  const client = await services.accounts.clientFor(target.accountId);
  const databases = await loading('Loading databases…', () => client.listDatabases());
  if (databases.length === 0) throw new Error(vscode.l10n.t('This account has no databases yet.'));
  const db = required(
    await services.prompts.pick(
      databases.map((record) => ({ label: record.name, description: textField(record, 'plan', 'slug'), value: record.name })),
      { placeHolder: vscode.l10n.t('Choose a database') },
    ),
  );
  return { ...target, db };
}

export async function resolveCollection(services: Services, arg: unknown): Promise<ResourceTarget & { db: string; col: string }> {
  const target = await resolveDatabase(services, arg);
  if (target.col !== undefined) return { ...target, col: target.col };
  const client = await services.accounts.clientFor(target.accountId);
  const collections = await loading('Loading collections…', () => client.listCollections(target.db));
  if (collections.length === 0) throw new Error(vscode.l10n.t('The database {0} has no collections yet.', target.db));
  const col = required(
    await services.prompts.pick(
      collections.map((record) => ({ label: record.name, value: record.name })),
      { placeHolder: vscode.l10n.t('Choose a collection of {0}', target.db) },
    ),
  );
  return { ...target, col };
}

async function loading<T>(title: string, task: () => Promise<T>): Promise<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, task);
}
