import * as vscode from 'vscode';
import { CommandId } from '../kit/feature/commandIds';
import type { FeatureCommands } from '../kit/feature/featureModule';
import type { LoadKnowledge } from '../kit/lazy/loadKnowledge';
import { knowledgeLoader } from '../kit/lazy/loadKnowledge';
import { isPlaygroundDocument } from '../kit/playground/playgroundFiles';
import { onDidChangeAggregateAvailability } from '../kit/availability/aggregateAvailability';
import type { Services } from '../services';
import type { RunAfterActivation } from '../base/afterActivation';
import type { PlaygroundParts } from './playgroundParts';

/**
 * What makes playgrounds know the data: completion, hovers, Run All and the query history. Only these stand-ins
 * live in the extension's bundle; the work is in dist/playgroundKnowledge.mjs, loaded the first time anything needs
 * it (a playground opened, a collection's Schema shown). Returns its loader, which the schema feature shares. The
 * providers, and the loading ahead for the playgrounds already open, start right after activation.
 */
export function registerPlaygroundKnowledge(
  services: Services,
  playground: PlaygroundParts,
  afterActivation: RunAfterActivation,
): LoadKnowledge {
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
    vscode.workspace.onDidOpenTextDocument(loadFor),
  );
  afterActivation('the playground completion, hovers and Run All lenses', () => {
    services.context.subscriptions.push(...knowledgeProviders(selector, load, runAllLensesChanged.event));
    vscode.workspace.textDocuments.forEach(loadFor);
  });
  return load;
}

/** Completion, hovers and the Run All lens of playgrounds: each loads dist/playgroundKnowledge.mjs when first asked. */
function knowledgeProviders(
  selector: vscode.DocumentSelector,
  load: LoadKnowledge,
  runAllLensesChanged: vscode.Event<void>,
): vscode.Disposable[] {
  return [
    vscode.languages.registerCompletionItemProvider(
      selector,
      { provideCompletionItems: async (...args) => (await load()).completions.provideCompletionItems(...args) },
      '"',
      '$',
      '.',
    ),
    vscode.languages.registerHoverProvider(selector, { provideHover: async (...args) => (await load()).hovers.provideHover(...args) }),
    vscode.languages.registerCodeLensProvider(selector, {
      onDidChangeCodeLenses: runAllLensesChanged,
      provideCodeLenses: async (document) => (await load()).lenses(document),
    }),
  ];
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
