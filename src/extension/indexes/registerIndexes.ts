import * as vscode from 'vscode';
import type { IndexDefinition } from '../../core/api/types';
import { registerCommand } from '../base/registerCommand';
import type { Services } from '../services';
import { resolveCollectionTarget } from '../shared/collectionTarget';
import { createIndexOnService } from './createIndexOnService';
import { dropAllIndexes } from './dropAllIndexes';
import { dropIndex } from './dropIndex';
import { suggestFieldPaths } from '../../core/documents/fieldPaths';
import { parseIndexBody } from '../../core/indexes/indexDefinition';
import { IndexBodyCodeLens, IndexJsonDrafts, isIndexBodyDocument } from './indexJsonDrafts';
import { askIndexDefinition, fieldSampleSize } from './indexWizard';
import { CommandId } from '../shared/commandIds';
import type { PlaygroundAccountBinding } from '../shared/playgroundFiles';
import { registerExplain } from './registerExplain';

/**
 * "Create Index…", "Edit Index as JSON…", the CodeLens that creates an index from its JSON body, dropping one or
 * all, and Explain with its suggested index (`playgroundAccounts`: the account each playground query runs against).
 */
export function registerIndexes(services: Services, playgroundAccounts: PlaygroundAccountBinding): void {
  registerExplain(services, playgroundAccounts);
  const drafts = new IndexJsonDrafts();
  services.context.subscriptions.push(
    drafts,
    vscode.languages.registerCodeLensProvider({ language: 'json' }, new IndexBodyCodeLens(drafts)),

    registerCommand(services, CommandId.createIndex, async (arg?: unknown): Promise<IndexDefinition | undefined> => {
      const target = await resolveCollectionTarget(services, arg);
      const client = await services.accounts.clientFor(target.accountId);
      const outcome = await askIndexDefinition(services, client, target);
      if (outcome.action === 'editAsJson') {
        await drafts.open(target, outcome.definition);
        return undefined;
      }
      return createIndexOnService(services, target, outcome.definition);
    }),

    registerCommand(services, CommandId.editIndexAsJson, async (arg?: unknown): Promise<vscode.Uri> => {
      const target = await resolveCollectionTarget(services, arg);
      const client = await services.accounts.clientFor(target.accountId);
      const sample = await client.listDocuments(target.db, target.col, { limit: fieldSampleSize });
      const field = suggestFieldPaths(sample.documents).find((suggestion) => suggestion.path !== '_id')?.path ?? 'field';
      const editor = await drafts.open(target, { spec: { [field]: 1 }, unique: false, drop_dups: false, background: true });
      return editor.document.uri;
    }),

    registerCommand(services, CommandId.createIndexFromJson, async (uri?: vscode.Uri): Promise<IndexDefinition> => {
      const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
      if (!document || (!uri && !isIndexBodyDocument(document)))
        throw new Error('Open an index body (a .dbhost-index.json file) first: "Edit Index as JSON…" opens one.');
      const definition = parseIndexBody(document.getText());
      const target = drafts.targetOf(document) ?? (await resolveCollectionTarget(services, undefined));
      return createIndexOnService(services, target, definition);
    }),

    registerCommand(services, CommandId.dropIndex, (arg?: unknown) => dropIndex(services, arg)),
    registerCommand(services, CommandId.dropAllIndexes, (arg?: unknown) => dropAllIndexes(services, arg)),
  );
}
