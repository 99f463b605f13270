import { isWriteRequest, modeOf } from '../../core/guardrails/accountGuardrails';
import type { OutgoingRequest } from '../../client/transport';
import type { Account } from '../kit/accounts/account';
import type { AccountStore, WriteGuard } from '../kit/accounts/accountStore';
import type { Services } from '../services';
import { guardrailsBundle } from '../kit/lazy/loadGuardrails';

/**
 * Installs the guardrails at the account store's choke point: every request of every account's client
 * passes here before it is sent, in the desktop and in the browser alike.
 */
export function installWriteGuard(services: Services): void {
  services.accounts.guardWrites(
    writeGuard(services.accounts, (account, request) => guardrailsBundle().checkWrite(services, account, request)),
  );
}

/**
 * Reads and the writes of Normal accounts pass at once; so do the writes of an account in Confirm writes sent by
 * a client the person confirmed in a command's own question, while that command runs (AccountStore's
 * `withConfirmedClient`). Every other write goes to `check`, which refuses it (Read-only) or asks about it
 * (Confirm writes) and throws to stop it.
 */
export function writeGuard(
  accounts: Pick<AccountStore, 'require'>,
  check: (account: Account, request: OutgoingRequest) => Promise<void>,
): WriteGuard {
  return (accountId, confirmation) => async (request) => {
    if (!isWriteRequest(request)) return;
    const account = accounts.require(accountId);
    const mode = modeOf(account);
    if (mode === 'normal' || (mode === 'confirm' && confirmation?.confirmed)) return;
    await check(account, request);
  };
}
