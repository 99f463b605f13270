import * as vscode from 'vscode';
import { confirmWrite } from '../kit/writes/confirmedWrites';
import { required } from '../base/registerCommand';
import { BUILTIN_INDEX } from '../../core/api/indexes';
import { resolveCollection } from '../kit/targets/resolveTarget';
import type { Services } from '../services';

/** Drops one index after a modal confirmation; `_id_` cannot be dropped. */
export async function dropIndex(services: Services, arg: unknown): Promise<void> {
  const target = await resolveCollection(services, arg);
  const { accountId, db, col } = target;
  const client = await services.accounts.clientFor(accountId);
  let index = target.index;
  if (index === undefined) {
    const droppable = (await client.listIndexes(db, col)).filter((record) => record.name !== BUILTIN_INDEX);
    if (droppable.length === 0)
      throw new Error(vscode.l10n.t('{0}.{1} has no index other than {2}, which cannot be dropped.', db, col, BUILTIN_INDEX));
    index = required(
      await services.prompts.pick(
        droppable.map((record) => ({
          label: record.name,
          description: record.key ? JSON.stringify(record.key) : undefined,
          value: record.name,
        })),
        { placeHolder: vscode.l10n.t('Choose the index of {0}.{1} to drop', db, col) },
      ),
    );
  }
  if (index === BUILTIN_INDEX) throw new Error(vscode.l10n.t('The {0} index of every collection cannot be dropped.', BUILTIN_INDEX));
  const confirmed = await confirmWrite(services, accountId, vscode.l10n.t('Drop the index {0} of {1}.{2}?', index, db, col), {
    detail: vscode.l10n.t('Queries that use it become slower until it is created again. This cannot be undone.'),
    confirmLabel: vscode.l10n.t('Drop Index'),
  });
  if (!confirmed) return;
  await services.accounts.withConfirmedClient(accountId, (confirmedClient) => confirmedClient.dropIndex(db, col, index));
  services.changes.fire({ accountId, db, col }, 'indexes');
  services.logger.scoped('indexes').info(`Dropped the index ${index} of ${db}.${col}`);
  void services.prompts.info(vscode.l10n.t('Dropped the index {0} of {1}.{2}.', index, db, col));
}
