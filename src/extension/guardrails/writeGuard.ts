import { isWriteMethod, modeOf } from '../../core/guardrails/accountGuardrails';
import { UserCancelledError } from '../base/registerCommand';
import type { Services } from '../services';
import { guardrailsBundle } from './loadGuardrails';

/** A write the account's mode does not allow: nothing was sent. */
export class WriteRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WriteRefusedError';
  }
}

/** The user cancelled a write at its confirmation: nothing was sent. Ends a command quietly, fails a save with this message. */
export class WriteCancelledError extends UserCancelledError {
  constructor(message: string) {
    super();
    this.message = message;
    this.name = 'WriteCancelledError';
  }
}

/**
 * Installs the guardrails at the account store's choke point: every request of every account's client
 * passes here before it is sent. Reads and the writes of Normal accounts pass at once; the others wait
 * for the decision of the guardrails bundle (refused in Read-only, asked in Confirm writes).
 */
export function installWriteGuard(services: Services): void {
  services.accounts.guardWrites((accountId) => async (request) => {
    if (!isWriteMethod(request.method)) return;
    const account = services.accounts.require(accountId);
    if (modeOf(account) === 'normal') return;
    const verdict = await guardrailsBundle().decideWrite(services, account, request);
    if ('refused' in verdict) {
      services.logger.info(verdict.refused);
      throw new WriteRefusedError(verdict.refused);
    }
    if ('cancelled' in verdict) throw new WriteCancelledError(verdict.cancelled);
  });
}
