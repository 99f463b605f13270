import * as vscode from 'vscode';
import { confirmWrite } from '../kit/writes/confirmedWrites';
import { required } from '../base/registerCommand';
import type { ExplorerTree } from '../kit/tree/explorerTree';
import { resolveDatabase } from '../kit/targets/resolveTarget';
import type { Services } from '../services';
import { UserNode } from './usersNode';
import { listUsersOrExplain, refreshUsers } from './usersOnService';

/** Removes a database user after a modal confirmation. */
export async function removeUser(services: Services, explorer: ExplorerTree, arg: unknown): Promise<void> {
  const { accountId, db } = await resolveDatabase(services, arg);
  const client = await services.accounts.clientFor(accountId);
  let user =
    arg instanceof UserNode ? arg.user : typeof (arg as { user?: unknown })?.user === 'string' ? (arg as { user: string }).user : undefined;
  if (user === undefined) {
    const users = await listUsersOrExplain(services, client, db);
    if (!users) return;
    if (users.length === 0) throw new Error(vscode.l10n.t('The database {0} has no users.', db));
    user = required(
      await services.prompts.pick(
        users.map((record) => ({ label: record.user, value: record.user })),
        { placeHolder: vscode.l10n.t('Choose a user of {0} to remove', db) },
      ),
    );
  }
  const confirmed = await confirmWrite(services, accountId, vscode.l10n.t('Remove the user {0} from {1}?', user, db), {
    detail: vscode.l10n.t(
      'Applications that sign in to {0} as {1} will no longer be able to. This cannot be undone: adding the user again needs a new password.',
      db,
      user,
    ),
    confirmLabel: vscode.l10n.t('Remove User'),
  });
  if (!confirmed) return;
  await services.accounts.withConfirmedClient(accountId, (confirmedClient) => confirmedClient.deleteUser(db, user));
  services.logger.info(`Removed the user ${user} from ${db}`);
  await refreshUsers(explorer, accountId, db);
}
