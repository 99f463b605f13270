import * as vscode from 'vscode';
import { isServiceError } from '../../core/api/serviceError';
import type { DbHostApi } from '../../core/api/types';
import type { Logger } from '../base/logger';

export type KeyCheck =
  | { kind: 'accepted'; databases: number }
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable'; message: string }
  | { kind: 'failed'; message: string };

/** Asks the service for the account's databases with the key, to tell a wrong key from an unreachable service. */
export async function checkApiKey(client: DbHostApi, baseUrl: string, logger: Logger): Promise<KeyCheck> {
  try {
    const databases = await client.listDatabases();
    return { kind: 'accepted', databases: databases.length };
  } catch (error) {
    if (isServiceError(error) && error.status === 401) {
      return {
        kind: 'refused',
        message: vscode.l10n.t('The service at {0} refused this key (401 Unauthorized): it is wrong or no longer valid.', baseUrl),
      };
    }
    if (isServiceError(error) && (error.kind === 'network' || error.kind === 'timeout')) {
      return {
        kind: 'unreachable',
        message: vscode.l10n.t('The service at {0} could not be reached to check the key: {1}', baseUrl, logger.describe(error)),
      };
    }
    return { kind: 'failed', message: vscode.l10n.t('Checking the key against {0} failed: {1}', baseUrl, logger.describe(error)) };
  }
}
