import { confirmWrite, sendConfirmed } from '../shared/confirmedWrites';
import { required } from '../base/registerCommand';
import { resolveDatabase } from '../shared/resolveTarget';
import type { Services } from '../services';

/** Deletes a database after a modal warning and the user typing its name exactly. */
export async function deleteDatabase(services: Services, arg: unknown): Promise<boolean> {
  const { accountId, db } = await resolveDatabase(services, arg);
  const confirmed = await confirmWrite(services, accountId, `Delete the database ${db}?`, {
    detail: 'Every collection, document and index in it is deleted on the service. This cannot be undone.',
    confirmLabel: 'Delete…',
  });
  if (!confirmed) return false;
  const typed = required(
    await services.prompts.input({
      title: `Delete ${db}: this cannot be undone`,
      prompt: `Type the name of the database, ${db}, to delete it`,
      placeHolder: db,
      validateInput: (text) => (text === db ? undefined : `Type ${db} exactly to delete it`),
    }),
  );
  if (typed !== db) {
    void services.prompts.warn(`The name typed does not match ${db}: nothing was deleted.`);
    return false;
  }
  const client = await services.accounts.clientFor(accountId);
  await sendConfirmed(accountId, () => client.deleteDatabase(db));
  services.changes.fire({ accountId }, 'databases');
  services.logger.scoped('databases').info(`Deleted the database ${db}`);
  void services.prompts.info(`Deleted the database ${db}.`);
  return true;
}
