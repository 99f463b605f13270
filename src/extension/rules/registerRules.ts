import * as vscode from 'vscode';
import { lazyPart } from '../base/lazyPart';
import type { LazyPart } from '../base/lazyPart';
import { CommandId } from '../kit/feature/commandIds';
import type { FeatureModule } from '../kit/feature/featureModule';
import type { LoadKnowledge } from '../kit/lazy/loadKnowledge';
import type * as RulesModule from './rulesBundle';
import { RULES_SCHEME, isRulesFolder } from './rulesScheme';
import { DOCUMENT_SCHEME } from '../kit/targets/documentUri';

/**
 * A collection's validation rules (issue 33): the Rules item under a collection that has rules, Open Rules and
 * Set Rules… (the rules as a JSON file; saving it is a guarded write), completion in that file. Its work is in
 * dist/rules.mjs; this registers the file system and completion at activation so that a restored rules editor reads.
 */
export const rulesFeature: FeatureModule<LoadKnowledge, void, LazyPart<RulesModule.Rules>> = {
  name: 'rules',
  commands: {
    [CommandId.openRules]: async ({ own: rules }, arg: unknown) => (await rules()).open(arg),
    [CommandId.setRules]: async ({ own: rules }, arg: unknown) => (await rules()).open(arg),
  },
  register({ services, explorer, afterActivation }, knowledge) {
    const rules = lazyPart('rules', (module: typeof RulesModule) => module.createRules(services, explorer, knowledge));
    const refuse = (): never => {
      throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('A rules file can only be read and saved.'));
    };
    const files: vscode.FileSystemProvider = {
      onDidChangeFile: () => new vscode.Disposable(() => undefined),
      watch: () => new vscode.Disposable(() => undefined),
      stat: async (uri) =>
        isRulesFolder(uri) ? { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 } : (await rules()).files.stat(uri),
      readFile: async (uri) => (await rules()).files.readFile(uri),
      writeFile: async (uri, content) => (await rules()).files.writeFile(uri, content),
      readDirectory: () => [],
      createDirectory: refuse,
      delete: refuse,
      rename: refuse,
    };
    // First what VS Code may refuse (the scheme taken): then nothing else of the feature is left in place.
    services.context.subscriptions.push(vscode.workspace.registerFileSystemProvider(RULES_SCHEME, files, { isCaseSensitive: true }));
    services.context.subscriptions.push(
      // A document shown (opened, or shown again: VS Code keeps a closed document a while) reads its rules again and is checked.
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        const uri = editor?.document.uri;
        if (uri?.scheme === DOCUMENT_SCHEME) void rules().then((loaded) => loaded.documents.reloadFor(uri));
      }),
    );
    services.context.subscriptions.push(
      explorer.contribute('collection', { children: async (collection, context) => (await rules()).children(collection, context) }),
      services.rulesSaveChecks.set(
        (uri, text) =>
          uri.scheme === DOCUMENT_SCHEME ? rules().then((loaded) => loaded.documents.refusal(uri, text)) : Promise.resolve(undefined),
        (collection) => rules().then((loaded) => loaded.rulesOf(collection)),
      ),
      afterActivation('the completion in rules files', () =>
        services.context.subscriptions.push(
          vscode.languages.registerCompletionItemProvider(
            { scheme: RULES_SCHEME },
            { provideCompletionItems: async (document, position) => (await rules()).complete(document, position) },
            '"',
          ),
        ),
      ),
    );
    return rules;
  },
};
