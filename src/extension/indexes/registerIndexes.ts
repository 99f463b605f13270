import type { FeatureModule } from '../kit/feature/featureModule';
import * as vscode from 'vscode';
import { lazyPart } from '../base/lazyPart';
import { registerCommand } from '../base/registerCommand';
import type { Services } from '../services';
import { CommandId } from '../kit/feature/commandIds';
import type { PlaygroundAccountBinding } from '../kit/playground/playgroundFiles';
import type * as IndexesModule from './indexesBundle';
import { IndexBodyCodeLens, IndexJsonDrafts } from './indexJsonDrafts';
import { registerExplain } from './registerExplain';

/**
 * "Create Index…", "Edit Index as JSON…", the CodeLens that creates an index from its JSON body, dropping one or
 * all, and Explain with its suggested index (`playgroundAccounts`: the account each playground query runs against).
 * The commands' work is the lazily loaded dist/indexes.js; the drafts and their lens stay here, where VS Code asks for them.
 */
export function registerIndexes(services: Services, playgroundAccounts: PlaygroundAccountBinding): void {
  registerExplain(services, playgroundAccounts);
  const drafts = new IndexJsonDrafts();
  const commands = lazyPart('indexes', (bundle: typeof IndexesModule) => bundle.createIndexCommands(services, drafts));
  services.context.subscriptions.push(
    drafts,
    vscode.languages.registerCodeLensProvider({ language: 'json' }, new IndexBodyCodeLens(drafts)),
    registerCommand(services, CommandId.createIndex, async (arg?: unknown) => (await commands()).createIndex(arg)),
    registerCommand(services, CommandId.editIndexAsJson, async (arg?: unknown) => (await commands()).editIndexAsJson(arg)),
    registerCommand(services, CommandId.createIndexFromJson, async (uri?: vscode.Uri) => (await commands()).createIndexFromJson(uri)),
    registerCommand(services, CommandId.dropIndex, async (arg?: unknown) => (await commands()).dropIndex(arg)),
    registerCommand(services, CommandId.dropAllIndexes, async (arg?: unknown) => (await commands()).dropAllIndexes(arg)),
  );
}

export const indexesFeature: FeatureModule<PlaygroundAccountBinding> = {
  name: 'indexes',
  register: ({ services }, playgroundAccounts) => registerIndexes(services, playgroundAccounts),
};
