import * as vscode from 'vscode';
import { lazyModule } from '../base/lazyModule';
import { registerCommand } from '../base/registerCommand';
import type { ExplorerProvider } from '../explorer/explorerProvider';
import { resolveCollection } from '../shared/resolveTarget';
import { isPlaygroundDocument } from '../shared/playgroundFiles';
import type { PlaygroundParts } from '../playground/registerPlaygrounds';
import type { Services } from '../services';
import type * as KnowledgeModule from './knowledgeBundle';
import { KNOWLEDGE_COMMANDS } from './knowledgeCommands';

/**
 * Registers what makes playgrounds know the data: the Schema item under collections and its report,
 * completion, hovers, Run All and the query history. Only these stand-ins live in the extension's
 * bundle; the work is in dist/playgroundKnowledge.js, loaded the first time anything needs it.
 */
export function registerKnowledge(services: Services, explorer: ExplorerProvider, playground: PlaygroundParts): void {
  const runAllLensesChanged = new vscode.EventEmitter<void>();
  const load = lazyModule('playgroundKnowledge.js', (module: typeof KnowledgeModule) => {
    const knowledge = module.createKnowledge({
      services,
      playground,
      runAllLensesChanged,
      resolveCollection: (arg) => resolveCollection(services, arg),
    });
    services.context.subscriptions.push(knowledge);
    return knowledge;
  });
  const selector: vscode.DocumentSelector = [{ language: 'jsonc' }, { pattern: '**/*.query.json' }, { scheme: 'dbhost-run-all' }];
  const loadFor = (document: vscode.TextDocument) => isPlaygroundDocument(document) && load();

  explorer.showSchemas((collection, context) => load().schemaNode(collection, context));
  services.context.subscriptions.push(
    ...KNOWLEDGE_COMMANDS.map((id) => registerCommand(services, id, (...args: unknown[]) => load().command(id, args))),
    runAllLensesChanged,
    playground.runner.onDidRun((run) => load().history.record(run)),
    vscode.languages.registerCompletionItemProvider(
      selector,
      { provideCompletionItems: (...args) => load().completions.provideCompletionItems(...args) },
      '"',
      '$',
      '.',
    ),
    vscode.languages.registerHoverProvider(selector, { provideHover: (...args) => load().hovers.provideHover(...args) }),
    vscode.languages.registerCodeLensProvider(selector, {
      onDidChangeCodeLenses: runAllLensesChanged.event,
      provideCodeLenses: (document) => load().runAll.provideCodeLenses(document),
    }),
    vscode.workspace.onDidOpenTextDocument(loadFor),
  );
  vscode.workspace.textDocuments.forEach(loadFor);
}
