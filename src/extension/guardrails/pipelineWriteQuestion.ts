import * as vscode from 'vscode';
import type { PipelineWrite } from '../../core/aggregation/pipelineWrite';
import { accountTitle } from '../../core/guardrails/accountGuardrails';
import type { AggregateRequest } from '../../core/playground/playgroundRequest';
import { countOf } from '../../core/text/formatCount';
import type { Account } from '../kit/accounts/account';
import { confirmWrite } from '../kit/writes/confirmedWrites';
import type { Services } from '../services';

/** Why a playground pipeline that writes does not run on a Read-only account (shown at the query; nothing is sent). */
export function pipelineWriteRefusal(account: Account, write: PipelineWrite): string {
  return vscode.l10n.t(
    'The account "{0}" is Read-only: this pipeline writes into {1} with {2}, so it does not run and nothing was sent. Change its mode with "Account Settings…" on the account.',
    accountTitle(account.label, account.tag),
    write.collection,
    write.stage,
  );
}

/**
 * Asks, modally, before a playground pipeline writes: the collection it writes into, what that holds now (counted
 * with a read), and that `$out` cannot be undone. True only when the user confirms.
 */
export async function confirmPipelineWrite(
  services: Services,
  account: Account,
  request: AggregateRequest,
  write: PipelineWrite,
): Promise<boolean> {
  const db = write.db ?? request.database;
  const target = `${db}.${write.collection}`;
  let holds: string;
  try {
    const client = await services.accounts.clientFor(account.id);
    const total = (await client.listDocuments(db, write.collection, { limit: 1 })).total;
    holds =
      total === undefined
        ? vscode.l10n.t('the service did not say how many documents it holds')
        : vscode.l10n.t('it holds {0} now', countOf(total, 'document'));
  } catch (error) {
    // A collection that does not exist yet holds nothing: $out and $merge create it.
    holds = /does not exist/i.test(services.logger.describe(error))
      ? vscode.l10n.t('it does not exist yet')
      : vscode.l10n.t('what it holds could not be counted ({0})', services.logger.describe(error));
  }
  const effect =
    write.stage === '$out'
      ? vscode.l10n.t(
          '$out replaces everything {0} holds with the results of the pipeline on {1}.{2}; this cannot be undone.',
          target,
          request.database,
          request.collection,
        )
      : vscode.l10n.t(
          '$merge writes the results of the pipeline on {0}.{1} into {2}, changing documents it holds.',
          request.database,
          request.collection,
          target,
        );
  return confirmWrite(services, account.id, vscode.l10n.t('Run this pipeline and write into {0}?', target), {
    detail: vscode.l10n.t('{0}\n\n{1} ({2}).\n\nAccount: {3}', effect, target, holds, accountTitle(account.label, account.tag)),
    confirmLabel: vscode.l10n.t('Run and Write'),
  });
}
