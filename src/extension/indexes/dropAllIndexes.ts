import * as vscode from 'vscode';
import { confirmWrite } from '../kit/writes/confirmedWrites';
import { resolveCollection } from '../kit/targets/resolveTarget';
import type { Services } from '../services';

/** Drops every index but `_id_`, after a modal carrying the interface's own warning. */
export async function dropAllIndexes(services: Services, arg: unknown): Promise<void> {
  const { accountId, db, col } = await resolveCollection(services, arg);
  const confirmed = await confirmWrite(services, accountId, vscode.l10n.t('Drop all indexes of {0}.{1}?', db, col), {
    detail:
      vscode.l10n.t(
        'Dropping every index may seriously degrade performance of an active database: every query then scans the whole collection. ',
      ) + vscode.l10n.t('Only the _id_ index stays. This cannot be undone.'),
    confirmLabel: vscode.l10n.t('Drop All Indexes'),
  });
  if (!confirmed) return;
  await services.accounts.withConfirmedClient(accountId, (client) => client.dropAllIndexes(db, col));
  services.changes.fire({ accountId, db, col }, 'indexes');
  services.logger.scoped('indexes').info(`Dropped all indexes of ${db}.${col}`);
  void services.prompts.info(vscode.l10n.t('Dropped all indexes of {0}.{1}.', db, col));
}
