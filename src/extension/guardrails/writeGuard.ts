import { isWriteRequest, modeOf } from '../../core/guardrails/accountGuardrails';
import type { Services } from '../services';
import { guardrailsBundle } from '../kit/lazy/loadGuardrails';

/**
 * Installs the guardrails at the account store's choke point: every request of every account's client
 * passes here before it is sent. Reads and the writes of Normal accounts pass at once; the others are
 * refused (Read-only) or asked about (Confirm writes) by the guardrails bundle, which throws to stop them.
 */
export function installWriteGuard(services: Services): void {
  services.accounts.guardWrites((accountId) => async (request) => {
    if (!isWriteRequest(request)) return;
    const account = services.accounts.require(accountId);
    const mode = modeOf(account);
    // A write the user confirmed in the command's own question is not asked about again (shared/confirmedWrites.ts).
    if (mode === 'confirm' && services.confirmedWrites.isConfirmed(accountId)) return;
    if (mode !== 'normal') await guardrailsBundle().checkWrite(services, account, request);
  });
}
