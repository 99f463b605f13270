import * as vscode from 'vscode';
import { confirmWrite } from '../kit/writes/confirmedWrites';
import { required } from '../base/registerCommand';
import { resolveDatabase } from '../kit/targets/resolveTarget';
import type { Services } from '../services';

/** Deletes a database after a modal warning and the user typing its name exactly. */
export async function deleteDatabase(services: Services, arg: unknown): Promise<void> {
  const { accountId, db } = await resolveDatabase(services, arg);
  const confirmed = await confirmWrite(services, accountId, vscode.l10n.t('Delete the database {0}?', db), {
    detail: vscode.l10n.t('Every collection, document and index in it is deleted on the service. This cannot be undone.'),
    confirmLabel: vscode.l10n.t('Delete…'),
  });
  if (!confirmed) return;
  const typed = required(
    await services.prompts.input({
      title: vscode.l10n.t('Delete {0}: this cannot be undone', db),
      prompt: vscode.l10n.t('Type the name of the database, {0}, to delete it', db),
      placeHolder: db,
      validateInput: (text) => (text === db ? undefined : vscode.l10n.t('Type {0} exactly to delete it', db)),
    }),
  );
  if (typed !== db) {
    void services.prompts.warn(vscode.l10n.t('The name typed does not match {0}: nothing was deleted.', db));
    return;
  }
  await services.accounts.withConfirmedClient(accountId, (client) => client.deleteDatabase(db));
  services.changes.fire({ accountId }, 'databases');
  services.logger.scoped('databases').info(`Deleted the database ${db}`);
  void services.prompts.info(vscode.l10n.t('Deleted the database {0}.', db));
}
