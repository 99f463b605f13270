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
      return { kind: 'refused', message: `The service at ${baseUrl} refused this key (401 Unauthorized): it is wrong or no longer valid.` };
    }
    if (isServiceError(error) && (error.kind === 'network' || error.kind === 'timeout')) {
      return { kind: 'unreachable', message: `The service at ${baseUrl} could not be reached to check the key: ${logger.describe(error)}` };
    }
    return { kind: 'failed', message: `Checking the key against ${baseUrl} failed: ${logger.describe(error)}` };
  }
}
