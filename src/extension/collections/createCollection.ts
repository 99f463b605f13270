import * as vscode from 'vscode';
import { required } from '../base/registerCommand';
import { resolveDatabase } from '../kit/targets/resolveTarget';
import { revealInExplorer } from '../kit/targets/revealInExplorer';
import type { Services } from '../services';
import { validateCollectionName } from '../../core/names/collectionName';

export async function createCollection(services: Services, arg: unknown): Promise<void> {
  const { accountId, db } = await resolveDatabase(services, arg);
  const client = await services.accounts.clientFor(accountId);
  const existing = (await client.listCollections(db)).map((record) => record.name);
  const name = required(
    await services.prompts.input({
      title: vscode.l10n.t('Create a collection in {0}', db),
      prompt: vscode.l10n.t('Name of the new collection'),
      validateInput: (text) => validateCollectionName(text.trim(), existing),
    }),
  ).trim();
  const invalid = validateCollectionName(name, existing);
  if (invalid) throw new Error(invalid);
  await client.createCollection(db, name);
  services.changes.fire({ accountId, db }, 'collections');
  services.logger.scoped('collections').info(`Created the collection ${db}.${name}`);
  revealInExplorer({ accountId, db, col: name });
}
