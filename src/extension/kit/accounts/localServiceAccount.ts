import type { Services } from '../../services';

/** Where the id of the account "Start Local Service" made is kept (global state). */
export const LOCAL_ACCOUNT_KEY = 'dbhost.localService.accountId';

/** Whether an account is the one "Start Local Service" made. */
export function isLocalServiceAccount(services: Services, accountId: string): boolean {
  return services.context.globalState.get<string>(LOCAL_ACCOUNT_KEY) === accountId;
}
