import * as vscode from 'vscode';
import type { OutgoingRequest } from '../../client/transport';
import { modeOf } from '../../core/guardrails/accountGuardrails';
import type { AffectedTarget } from '../../core/guardrails/requestText';
import { affectedTarget, affectedText, confirmationTitle, refusalText, requestText } from '../../core/guardrails/requestText';
import type { Account } from '../kit/accounts/account';
import type { Services } from '../services';

/** A write the account's mode does not allow: nothing was sent. */
export class WriteRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WriteRefusedError';
  }
}

/**
 * The user cancelled a write at its confirmation: nothing was sent. A command ends quietly (it is
 * vscode's CancellationError, the one class both bundles share); a save fails with this message.
 */
export class WriteCancelledError extends vscode.CancellationError {
  constructor(message: string) {
    super();
    this.message = message;
    this.name = 'WriteCancelledError';
  }
}

/**
 * A write of an account that is not Normal: Read-only refuses it; Confirm writes shows the exact
 * request and what it affects, and lets it go only on "Send". Throws when it must not be sent.
 */
export async function checkWrite(services: Services, account: Account, request: OutgoingRequest): Promise<void> {
  const mode = modeOf(account);
  if (mode === 'normal') return;
  if (mode === 'readOnly') {
    const refusal = refusalText(account.label, account.tag, mode, request);
    services.logger.info(refusal);
    throw new WriteRefusedError(refusal);
  }
  const target = affectedTarget(request);
  const affected = affectedText(target, await countAffected(services, account.id, target));
  const confirmed = await services.prompts.confirm(confirmationTitle(account.label, account.tag, request), {
    detail: vscode.l10n.t(
      '{0}\n\n{1}\n\n"{2}" confirms every write (Account Settings… changes that).',
      requestText(request),
      affected,
      account.label,
    ),
    confirmLabel: vscode.l10n.t('Send'),
  });
  if (!confirmed)
    throw new WriteCancelledError(
      vscode.l10n.t('Not sent: the {0} to "{1}" was cancelled at its confirmation.', request.method, account.label),
    );
}

/** The documents or collections a write concerns, counted with reads (which the guard lets through); undefined when unknown. */
async function countAffected(services: Services, accountId: string, target: AffectedTarget | undefined): Promise<number | undefined> {
  if (!target || target.kind === 'document') return undefined;
  try {
    const client = await services.accounts.clientFor(accountId);
    if (target.kind === 'database') return (await client.listCollections(target.db)).length;
    if (target.kind === 'pipelineOutput') return (await client.listDocuments(target.db, target.into, { limit: 1 })).total;
    return (await client.listDocuments(target.db, target.col, target.kind === 'matching' ? { q: target.criteria, limit: 1 } : { limit: 1 }))
      .total;
  } catch (error) {
    services.logger.debug(`Could not count what a write affects: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
