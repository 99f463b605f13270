import * as vscode from 'vscode';
import { isServiceError } from '../../core/api/serviceError';
import type { DbHostApi, IndexDefinition } from '../../core/api/types';
import { formatCount } from '../../core/text/formatCount';
import { UserCancelledError } from '../base/registerCommand';
import { revealInExplorer } from '../kit/targets/revealInExplorer';
import type { Services } from '../services';
import type { CollectionTarget } from '../kit/targets/collectionTarget';
import type { DuplicatesAtStake } from './duplicateCount';
import { countDuplicatesAtStake, duplicateCountLimit } from './duplicateCount';
import { generatedIndexName } from '../../core/indexes/indexDefinition';

async function duplicatesAtStake(
  services: Services,
  client: DbHostApi,
  target: CollectionTarget,
  paths: string[],
): Promise<DuplicatesAtStake> {
  return vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Counting the duplicates in {0}.{1}…', target.db, target.col),
      cancellable: true,
    },
    async (_progress, token) => {
      const abort = new AbortController();
      const subscription = token.onCancellationRequested(() => abort.abort());
      try {
        return await countDuplicatesAtStake(client, target.db, target.col, paths, abort.signal);
      } catch (error) {
        if (token.isCancellationRequested) return { kind: 'uncountable', reason: vscode.l10n.t('counting was cancelled') };
        return { kind: 'uncountable', reason: `counting failed (${services.logger.describe(error)})` };
      } finally {
        subscription.dispose();
      }
    },
  );
}

function stakeSentence(stake: DuplicatesAtStake): string {
  switch (stake.kind) {
    case 'counted':
      return stake.duplicates === 0
        ? vscode.l10n.t('None of the {0} documents duplicates another now.', formatCount(stake.documents))
        : vscode.l10n.t('{0} of {1} documents would be deleted.', formatCount(stake.duplicates), formatCount(stake.documents));
    case 'too-many':
      return vscode.l10n.t(
        'How many would be deleted cannot be counted beforehand: the collection holds {0} documents (counted up to {1}).',
        formatCount(stake.documents),
        formatCount(duplicateCountLimit),
      );
    case 'uncountable':
      return vscode.l10n.t('How many would be deleted cannot be counted beforehand: {0}.', stake.reason);
  }
}

/** The modal warning drop_dups needs: true only when the user goes ahead. */
async function confirmDropDups(
  services: Services,
  client: DbHostApi,
  target: CollectionTarget,
  definition: IndexDefinition,
): Promise<boolean> {
  const paths = Object.keys(definition.spec);
  const stake = await duplicatesAtStake(services, client, target, paths);
  return services.prompts.confirm(
    vscode.l10n.t(
      'Create {0} with drop_dups, deleting documents from {1}.{2}?',
      generatedIndexName(definition.spec),
      target.db,
      target.col,
    ),
    {
      detail:
        vscode.l10n.t(
          'drop_dups keeps the first document indexed and deletes every later document that duplicates an earlier one on {0}. ',
          paths.join(', '),
        ) + vscode.l10n.t('Deleted documents cannot be recovered.\n\n{0}', stakeSentence(stake)),
      confirmLabel: vscode.l10n.t('Create and Delete Duplicates'),
    },
  );
}

/**
 * Sends the index exactly as the interface's POST body, after the drop_dups warning when it applies,
 * and tells the explorer what changed. The service's own message is shown when it refuses.
 */
export async function createIndexOnService(services: Services, target: CollectionTarget, definition: IndexDefinition): Promise<void> {
  const client = await services.accounts.clientFor(target.accountId);
  const name = generatedIndexName(definition.spec);
  // The service drops duplicates only while building a unique index; without unique, drop_dups deletes nothing.
  const dropsDuplicates = definition.unique === true && definition.drop_dups === true;
  if (dropsDuplicates && !(await confirmDropDups(services, client, target, definition))) throw new UserCancelledError();
  try {
    await client.createIndex(target.db, target.col, definition);
  } catch (error) {
    const said = isServiceError(error) && error.serviceMessage ? error.serviceMessage : services.logger.describe(error);
    throw new Error(vscode.l10n.t('Could not create the index {0} on {1}.{2}: {3}', name, target.db, target.col, said), { cause: error });
  }
  const collection = { accountId: target.accountId, db: target.db, col: target.col };
  services.changes.fire(collection, 'indexes');
  if (dropsDuplicates) {
    services.changes.fire(collection, 'documents');
    services.changes.fire({ accountId: target.accountId, db: target.db }, 'collections');
  }
  void services.prompts.info(vscode.l10n.t('Created the index {0} on {1}.{2}.', name, target.db, target.col));
  revealInExplorer({ ...collection, index: name });
}
