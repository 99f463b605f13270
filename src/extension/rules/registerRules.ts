import * as vscode from 'vscode';
import { lazyModule } from '../base/lazyModule';
import { CommandId } from '../shared/commandIds';
import type { FeatureModule } from '../shared/featureModule';
import type { LoadKnowledge } from '../shared/loadKnowledge';
import { registerCommand } from '../base/registerCommand';
import type * as RulesModule from './rulesBundle';
import { RULES_SCHEME, isRulesFolder } from './rulesUri';
import { DOCUMENT_SCHEME } from '../shared/documentUri';

/**
 * A collection's validation rules (issue 33): the Rules item under a collection that has rules, Open Rules and
 * Set Rules… (the rules as a JSON file; saving it is a guarded write), completion in that file. Its work is in
 * dist/rules.js; this registers the file system and completion at activation so that a restored rules editor reads.
 */
export const rulesFeature: FeatureModule<LoadKnowledge> = {
  name: 'rules',
  register({ services, explorer }, knowledge) {
    const rules = lazyModule('rules.js', (module: typeof RulesModule) => module.createRules(services, explorer, knowledge));
    explorer.contribute('collection', { children: (collection, context) => rules().children(collection, context) });
    const refuse = (): never => {
      throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('A rules file can only be read and saved.'));
    };
    const files: vscode.FileSystemProvider = {
      onDidChangeFile: () => new vscode.Disposable(() => undefined),
      watch: () => new vscode.Disposable(() => undefined),
      stat: (uri) => (isRulesFolder(uri) ? { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 } : rules().files.stat(uri)),
      readFile: (uri) => rules().files.readFile(uri),
      writeFile: (uri, content) => rules().files.writeFile(uri, content),
      readDirectory: () => [],
      createDirectory: refuse,
      delete: refuse,
      rename: refuse,
    };
    services.rulesSaveChecks.set(
      (uri, text) => (uri.scheme === DOCUMENT_SCHEME ? rules().documents.refusal(uri, text) : Promise.resolve(undefined)),
      (collection) => rules().rulesOf(collection),
    );
    services.context.subscriptions.push(
      vscode.workspace.registerFileSystemProvider(RULES_SCHEME, files, { isCaseSensitive: true }),
      vscode.languages.registerCompletionItemProvider(
        { scheme: RULES_SCHEME },
        { provideCompletionItems: (document, position) => rules().complete(document, position) },
        '"',
      ),
      // A document shown (opened, or shown again: VS Code keeps a closed document a while) reads its rules again and is checked.
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor?.document.uri.scheme === DOCUMENT_SCHEME) rules().documents.reloadFor(editor.document.uri);
      }),
      registerCommand(services, CommandId.openRules, (arg: unknown) => rules().open(arg)),
      registerCommand(services, CommandId.setRules, (arg: unknown) => rules().open(arg)),
    );
  },
};
