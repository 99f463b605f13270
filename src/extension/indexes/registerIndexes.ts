import type { FeatureModule } from '../kit/feature/featureModule';
import * as vscode from 'vscode';
import { lazyPart } from '../base/lazyPart';
import type { LazyPart } from '../base/lazyPart';
import { CommandId } from '../kit/feature/commandIds';
import type { PlaygroundAccountBinding } from '../kit/playground/playgroundFiles';
import type * as IndexesModule from './indexesBundle';
import type { IndexCommands } from './indexCommands';
import { IndexBodyCodeLens, IndexJsonDrafts } from './indexJsonDrafts';
import { explainCommands, loadExplain } from './registerExplain';

/** The work of the index commands and of Explain, both in the lazily loaded dist/indexes.mjs. */
interface Indexes {
  readonly commands: LazyPart<IndexCommands>;
  readonly explain: LazyPart<IndexesModule.ExplainFeature>;
}

/**
 * "Create Index…", "Edit Index as JSON…", the CodeLens that creates an index from its JSON body, dropping one or
 * all, and Explain with its suggested index (`playgroundAccounts`: the account each playground query runs against).
 * The commands' work is the lazily loaded dist/indexes.mjs; the drafts and their lens stay here, where VS Code asks for them.
 */
export const indexesFeature: FeatureModule<PlaygroundAccountBinding, void, Indexes> = {
  name: 'indexes',
  commands: {
    ...explainCommands,
    [CommandId.createIndex]: async ({ own }, arg?: unknown) => (await own.commands()).createIndex(arg),
    [CommandId.editIndexAsJson]: async ({ own }, arg?: unknown) => (await own.commands()).editIndexAsJson(arg),
    [CommandId.createIndexFromJson]: async ({ own }, uri?: vscode.Uri) => (await own.commands()).createIndexFromJson(uri),
    [CommandId.dropIndex]: async ({ own }, arg?: unknown) => (await own.commands()).dropIndex(arg),
    [CommandId.dropAllIndexes]: async ({ own }, arg?: unknown) => (await own.commands()).dropAllIndexes(arg),
  },
  register({ services, afterActivation }, playgroundAccounts) {
    const explain = loadExplain(services, playgroundAccounts);
    const drafts = new IndexJsonDrafts();
    const commands = lazyPart('indexes', (bundle: typeof IndexesModule) => bundle.createIndexCommands(services, drafts));
    services.context.subscriptions.push(
      drafts,
      afterActivation('the lens of index drafts', () =>
        services.context.subscriptions.push(vscode.languages.registerCodeLensProvider({ language: 'json' }, new IndexBodyCodeLens(drafts))),
      ),
    );
    return { commands, explain };
  },
};
