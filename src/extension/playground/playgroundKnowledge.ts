import * as vscode from 'vscode';
import { registerCommand } from '../base/registerCommand';
import { CommandId } from '../kit/feature/commandIds';
import type { LoadKnowledge } from '../kit/lazy/loadKnowledge';
import { knowledgeLoader } from '../kit/lazy/loadKnowledge';
import { isPlaygroundDocument } from '../kit/playground/playgroundFiles';
import { onDidChangeAggregateAvailability } from '../kit/availability/aggregateAvailability';
import type { Services } from '../services';
import type { PlaygroundParts } from './playgroundParts';

/**
 * What makes playgrounds know the data: completion, hovers, Run All and the query history. Only these stand-ins
 * live in the extension's bundle; the work is in dist/playgroundKnowledge.js, loaded the first time anything needs
 * it (a playground opened, a collection's Schema shown). Returns its loader, which the schema feature shares.
 */
export function registerPlaygroundKnowledge(services: Services, playground: PlaygroundParts): LoadKnowledge {
  const runAllLensesChanged = new vscode.EventEmitter<void>();
  const load = knowledgeLoader({ services, playground, runAllLensesChanged });
  const selector: vscode.DocumentSelector = [{ language: 'jsonc' }, { pattern: '**/*.query.json' }, { scheme: 'dbhost-run-all' }];
  // Loaded ahead for a playground; a failure to load shows when it is used.
  const loadFor = (document: vscode.TextDocument): void => {
    if (isPlaygroundDocument(document)) load().catch(() => undefined);
  };

  services.context.subscriptions.push(
    registerCommand(services, CommandId.runAllPlaygroundQueries, async (file?: unknown) => (await load()).runAll.run(file)),
    registerCommand(services, CommandId.pageRunAllResults, async (...args: unknown[]) =>
      (await load()).runAll.page(args[0], args[1], args[2]),
    ),
    registerCommand(services, CommandId.previewPipelineStage, async (...args: unknown[]) =>
      (await load()).previews.preview(args[0], args[1], args[2]),
    ),
    registerCommand(services, CommandId.clearQueryHistory, async () => (await load()).history.clear()),
    registerCommand(services, CommandId.showQueryHistory, async () => (await load()).history.pick()),
    runAllLensesChanged,
    onDidChangeAggregateAvailability(() => runAllLensesChanged.fire()),
    playground.runner.onDidRun((run) => void load().then((knowledge) => knowledge.history.record(run))),
    vscode.languages.registerCompletionItemProvider(
      selector,
      { provideCompletionItems: async (...args) => (await load()).completions.provideCompletionItems(...args) },
      '"',
      '$',
      '.',
    ),
    vscode.languages.registerHoverProvider(selector, { provideHover: async (...args) => (await load()).hovers.provideHover(...args) }),
    vscode.languages.registerCodeLensProvider(selector, {
      onDidChangeCodeLenses: runAllLensesChanged.event,
      provideCodeLenses: async (document) => (await load()).lenses(document),
    }),
    vscode.workspace.onDidOpenTextDocument(loadFor),
  );
  vscode.workspace.textDocuments.forEach(loadFor);
  return load;
}
