import * as vscode from 'vscode';
import type { DatabaseUserRecord } from '../../core/api/originalTypes';
import type { DbHostApi } from '../../core/api/types';
import type { ExplorerTree } from '../kit/tree/explorerTree';
import { isAbsentEndpoint, markAbsent } from '../kit/availability/featureAvailability';
import { refreshLoaded } from '../kit/tree/loadedNodes';
import type { Services } from '../services';
import { UsersNode } from './usersNode';

/** The database's users; undefined, after a calm note, when the service does not offer database users. */
export async function listUsersOrExplain(services: Services, client: DbHostApi, db: string): Promise<DatabaseUserRecord[] | undefined> {
  try {
    return await client.listUsers(db);
  } catch (error) {
    if (!isAbsentEndpoint(error)) throw error;
    markAbsent(client, 'users');
    void services.prompts.info(vscode.l10n.t('This service does not offer database users.'));
    return undefined;
  }
}

export function refreshUsers(explorer: ExplorerTree, accountId: string, db: string): Promise<void> {
  return refreshLoaded(explorer, accountId, UsersNode, (node) => node.target.db === db);
}
