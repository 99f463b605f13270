import type { OutgoingRequest } from '../../client/transport';
import { modeOf } from '../../core/guardrails/accountGuardrails';
import type { AffectedTarget } from '../../core/guardrails/requestText';
import { affectedTarget, affectedText, confirmationTitle, refusalText, requestText } from '../../core/guardrails/requestText';
import type { Account } from '../accounts/account';
import type { Services } from '../services';

/** Whether a write of an account that is not Normal goes out, and if not, what the user is told. */
export type WriteVerdict = { send: true } | { send: false; refused: string } | { send: false; cancelled: string };

/** Read-only refuses; Confirm writes shows the exact request and what it affects, and sends only on "Send". */
export async function decideWrite(services: Services, account: Account, request: OutgoingRequest): Promise<WriteVerdict> {
  const mode = modeOf(account);
  if (mode === 'normal') return { send: true };
  if (mode === 'readOnly') return { send: false, refused: refusalText(account.label, account.tag, mode, request) };
  const target = affectedTarget(request);
  const affected = affectedText(target, await countAffected(services, account.id, target));
  const confirmed = await services.prompts.confirm(confirmationTitle(account.label, account.tag, request), {
    detail: `${requestText(request)}\n\n${affected}\n\n"${account.label}" confirms every write (Account Settings… changes that).`,
    confirmLabel: 'Send',
  });
  return confirmed ? { send: true } : { send: false, cancelled: `Not sent: the ${request.method} to "${account.label}" was cancelled at its confirmation.` };
}

/** The documents or collections a write concerns, counted with reads (which the guard lets through); undefined when unknown. */
async function countAffected(services: Services, accountId: string, target: AffectedTarget | undefined): Promise<number | undefined> {
  if (!target || target.kind === 'document') return undefined;
  try {
    const client = await services.accounts.clientFor(accountId);
    if (target.kind === 'database') return (await client.listCollections(target.db)).length;
    return (await client.listDocuments(target.db, target.col, target.kind === 'matching' ? { q: target.criteria, limit: 1 } : { limit: 1 })).total;
  } catch (error) {
    services.logger.debug(`Could not count what a write affects: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
