import * as vscode from 'vscode';
import { required } from '../base/registerCommand';
import { validateCollectionName } from '../../core/names/collectionName';
import { resolveDatabase } from '../kit/targets/resolveTarget';
import type { Services } from '../services';

export interface ImportTarget {
  accountId: string;
  db: string;
  col: string;
  /** The collection does not exist yet: the import creates it. */
  isNew: boolean;
}

const NEW_COLLECTION = Symbol('new collection');

/**
 * Where an import goes: the collection it was started on; on a database, a new collection named by the
 * user; from the palette, an existing collection or a new one.
 */
export async function resolveImportTarget(services: Services, arg: unknown): Promise<ImportTarget> {
  const target = await resolveDatabase(services, arg);
  if (target.col !== undefined) return { accountId: target.accountId, db: target.db, col: target.col, isNew: false };
  const client = await services.accounts.clientFor(target.accountId);
  const existing = (await client.listCollections(target.db)).map((record) => record.name);
  const fromTree = arg !== undefined;
  if (!fromTree && existing.length > 0) {
    const choice = required(
      await services.prompts.pick<string | typeof NEW_COLLECTION>(
        [
          { label: vscode.l10n.t('$(add) New collection…'), value: NEW_COLLECTION },
          ...existing.map((name) => ({ label: name, value: name })),
        ],
        { title: vscode.l10n.t('Import into which collection of {0}?', target.db) },
      ),
    );
    if (choice !== NEW_COLLECTION) return { accountId: target.accountId, db: target.db, col: choice, isNew: false };
  }
  const col = required(
    await services.prompts.input({
      title: vscode.l10n.t('Import into a new collection of {0}', target.db),
      prompt: vscode.l10n.t('Name of the new collection'),
      validateInput: (name) => validateCollectionName(name, existing),
    }),
  );
  return { accountId: target.accountId, db: target.db, col, isNew: true };
}
