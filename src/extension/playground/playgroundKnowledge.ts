import * as vscode from 'vscode';
import { CommandId } from '../kit/feature/commandIds';
import type { FeatureCommands } from '../kit/feature/featureModule';
import type { LoadKnowledge } from '../kit/lazy/loadKnowledge';
import { knowledgeLoader } from '../kit/lazy/loadKnowledge';
import { isPlaygroundDocument } from '../kit/playground/playgroundFiles';
import { onDidChangeAggregateAvailability } from '../kit/availability/aggregateAvailability';
import type { Services } from '../services';
import type { PlaygroundParts } from './playgroundParts';

/**
 * What makes playgrounds know the data: completion, hovers, Run All and the query history. Only these stand-ins
 * live in the extension's bundle; the work is in dist/playgroundKnowledge.mjs, loaded the first time anything needs
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

/** Run All, its pages, the pipeline stage preview and the query history: their work is in dist/playgroundKnowledge.mjs. */
export const knowledgeCommands: FeatureCommands<{ readonly knowledge: LoadKnowledge }> = {
  [CommandId.runAllPlaygroundQueries]: async ({ own }, file?: unknown) => (await own.knowledge()).runAll.run(file),
  [CommandId.pageRunAllResults]: async ({ own }, ...args: unknown[]) => (await own.knowledge()).runAll.page(args[0], args[1], args[2]),
  [CommandId.previewPipelineStage]: async ({ own }, ...args: unknown[]) =>
    (await own.knowledge()).previews.preview(args[0], args[1], args[2]),
  [CommandId.clearQueryHistory]: async ({ own }) => (await own.knowledge()).history.clear(),
  [CommandId.showQueryHistory]: async ({ own }) => (await own.knowledge()).history.pick(),
};
