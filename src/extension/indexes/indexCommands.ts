import * as vscode from 'vscode';
import { suggestFieldPaths } from '../../core/documents/fieldPaths';
import { parseIndexBody } from '../../core/indexes/indexDefinition';
import type { Services } from '../services';
import { resolveCollectionTarget } from '../kit/targets/collectionTarget';
import { createIndexOnService } from './createIndexOnService';
import { dropAllIndexes } from './dropAllIndexes';
import { dropIndex } from './dropIndex';
import type { IndexJsonDrafts } from './indexJsonDrafts';
import { isIndexBodyDocument } from './indexJsonDrafts';
import { askIndexDefinition, fieldSampleSize } from './indexWizard';

/** "Create Index…", "Edit Index as JSON…", "Create Index from This JSON", dropping one index or all: the work of each command. */
export function createIndexCommands(services: Services, drafts: IndexJsonDrafts) {
  return {
    async createIndex(arg?: unknown): Promise<void> {
      const target = await resolveCollectionTarget(services, arg);
      const client = await services.accounts.clientFor(target.accountId);
      const outcome = await askIndexDefinition(services, client, target);
      if (outcome.action === 'editAsJson') await drafts.open(target, outcome.definition);
      else await createIndexOnService(services, target, outcome.definition);
    },

    async editIndexAsJson(arg?: unknown): Promise<void> {
      const target = await resolveCollectionTarget(services, arg);
      const client = await services.accounts.clientFor(target.accountId);
      const sample = await client.listDocuments(target.db, target.col, { limit: fieldSampleSize });
      const field = suggestFieldPaths(sample.documents).find((suggestion) => suggestion.path !== '_id')?.path ?? 'field';
      await drafts.open(target, { spec: { [field]: 1 }, unique: false, drop_dups: false, background: true });
    },

    async createIndexFromJson(uri?: vscode.Uri): Promise<void> {
      const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
      if (!document || (!uri && !isIndexBodyDocument(document)))
        throw new Error(vscode.l10n.t('Open an index body (a .dbhost-index.json file) first: "Edit Index as JSON…" opens one.'));
      const definition = parseIndexBody(document.getText());
      const target = drafts.targetOf(document) ?? (await resolveCollectionTarget(services, undefined));
      await createIndexOnService(services, target, definition);
    },

    dropIndex: (arg?: unknown) => dropIndex(services, arg),
    dropAllIndexes: (arg?: unknown) => dropAllIndexes(services, arg),
  };
}

export type IndexCommands = ReturnType<typeof createIndexCommands>;
