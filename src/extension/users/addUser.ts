import * as vscode from 'vscode';
import { validatePassword, validatePasswordRepeat, validateUserName } from '../../core/users/userInput';
import { required } from '../base/registerCommand';
import type { ExplorerTree } from '../kit/tree/explorerTree';
import { resolveDatabase } from '../kit/targets/resolveTarget';
import { isAbsentEndpoint, markAbsent } from '../kit/availability/featureAvailability';
import type { Services } from '../services';
import { listUsersOrExplain, refreshUsers } from './usersOnService';

/**
 * Asks for a name, a password (typed twice, in a password box) and the access, and adds the user. The
 * password lives only in this call: it is sent once in the request body and never logged or kept.
 */
export async function addUser(services: Services, explorer: ExplorerTree, arg: unknown): Promise<void> {
  const { accountId, db } = await resolveDatabase(services, arg);
  const client = await services.accounts.clientFor(accountId);
  const users = await listUsersOrExplain(services, client, db);
  if (!users) return;
  const existing = users.map((record) => record.user);
  const name = required(
    await services.prompts.input({
      title: vscode.l10n.t('Add a user to {0}', db),
      prompt: vscode.l10n.t('Name of the new user'),
      validateInput: (text) => validateUserName(text.trim(), existing),
    }),
  ).trim();
  const invalid = validateUserName(name, existing);
  if (invalid) throw new Error(invalid);
  const password = required(
    await services.prompts.input({
      title: vscode.l10n.t('Password for {0}', name),
      prompt: vscode.l10n.t('Password for {0} on {1}', name, db),
      password: true,
      validateInput: validatePassword,
    }),
  );
  const passwordError = validatePassword(password);
  if (passwordError) throw new Error(passwordError);
  const repeated = required(
    await services.prompts.input({
      title: vscode.l10n.t('Password for {0}', name),
      prompt: vscode.l10n.t('Type the password again'),
      password: true,
      validateInput: (text) => validatePasswordRepeat(password, text),
    }),
  );
  const mismatch = validatePasswordRepeat(password, repeated);
  if (mismatch) throw new Error(vscode.l10n.t('{0}; the user was not added', mismatch));
  const readOnly = required(
    await services.prompts.pick(
      [
        {
          label: vscode.l10n.t('Read and write'),
          description: vscode.l10n.t('May read and change the data of the database'),
          value: false,
        },
        { label: vscode.l10n.t('Read only'), description: vscode.l10n.t('May only read'), value: true },
      ],
      { title: vscode.l10n.t('What may {0} do on {1}?', name, db) },
    ),
  );
  try {
    await client.createUser(db, name, password, readOnly);
  } catch (error) {
    if (isAbsentEndpoint(error)) markAbsent(client, 'users');
    throw error;
  }
  services.logger.info(`Added the user ${name} to ${db}${readOnly ? ' (read only)' : ''}`);
  await refreshUsers(explorer, accountId, db);
}
