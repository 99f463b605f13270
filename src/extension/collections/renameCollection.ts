import * as vscode from 'vscode';
import { required } from '../base/registerCommand';
import { resolveCollection } from '../kit/targets/resolveTarget';
import { revealInExplorer } from '../kit/targets/revealInExplorer';
import type { Services } from '../services';
import { validateCollectionName } from '../../core/names/collectionName';

export async function renameCollection(services: Services, arg: unknown): Promise<void> {
  const { accountId, db, col } = await resolveCollection(services, arg);
  const client = await services.accounts.clientFor(accountId);
  const existing = (await client.listCollections(db)).map((record) => record.name).filter((name) => name !== col);
  const name = required(
    await services.prompts.input({
      title: vscode.l10n.t('Rename {0}.{1}', db, col),
      prompt: vscode.l10n.t('New name of the collection'),
      value: col,
      validateInput: (text) => validateCollectionName(text.trim(), existing),
    }),
  ).trim();
  if (name === col) return;
  const invalid = validateCollectionName(name, existing);
  if (invalid) throw new Error(invalid);
  await client.renameCollection(db, col, name);
  services.changes.fire({ accountId, db }, 'collections');
  services.logger.scoped('collections').info(`Renamed the collection ${db}.${col} to ${name}`);
  revealInExplorer({ accountId, db, col: name });
}
