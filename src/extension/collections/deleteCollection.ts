import * as vscode from 'vscode';
import { confirmWrite } from '../kit/writes/confirmedWrites';
import { resolveCollection } from '../kit/targets/resolveTarget';
import type { Services } from '../services';

export async function deleteCollection(services: Services, arg: unknown): Promise<void> {
  const { accountId, db, col } = await resolveCollection(services, arg);
  const confirmed = await confirmWrite(services, accountId, vscode.l10n.t('Delete the collection {0}.{1}?', db, col), {
    detail: vscode.l10n.t('All its documents and indexes are deleted on the service. This cannot be undone.'),
    confirmLabel: vscode.l10n.t('Delete Collection'),
  });
  if (!confirmed) return;
  await services.accounts.withConfirmedClient(accountId, (client) => client.deleteCollection(db, col));
  services.changes.fire({ accountId, db }, 'collections');
  services.logger.scoped('collections').info(`Deleted the collection ${db}.${col}`);
  void services.prompts.info(vscode.l10n.t('Deleted the collection {0}.{1}.', db, col));
}
