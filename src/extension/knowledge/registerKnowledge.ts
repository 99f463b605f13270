import * as path from 'node:path';
import * as vscode from 'vscode';
import { registerCommand } from '../base/registerCommand';
import type { ExplorerProvider } from '../explorer/explorerProvider';
import { resolveCollection } from '../explorer/resolveTarget';
import { isPlaygroundDocument } from '../playground/playgroundFiles';
import type { PlaygroundParts } from '../playground/registerPlaygrounds';
import type { Services } from '../services';
import type * as KnowledgeModule from './knowledgeModule';

/** The knowledge of the data, loaded from its own bundle the first time anything needs it. */
export interface LazyKnowledge {
  (): KnowledgeModule.Knowledge;
}

/**
 * Registers what makes playgrounds know the data: the Schema item under collections, its report,
 * completion and hovers. Only thin stand-ins live in the extension's bundle; the work is in
 * dist/playgroundKnowledge.js, loaded on first use.
 */
export function registerKnowledge(services: Services, explorer: ExplorerProvider, playground: PlaygroundParts): LazyKnowledge {
  let knowledge: KnowledgeModule.Knowledge | undefined;
  const load: LazyKnowledge = () => {
    if (!knowledge) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time path esbuild must not follow
      const module = require(path.join(__dirname, 'playgroundKnowledge.js')) as typeof KnowledgeModule;
      knowledge = module.createKnowledge({ services, playground });
      services.context.subscriptions.push(knowledge);
    }
    return knowledge;
  };
  const selector: vscode.DocumentSelector = [{ language: 'jsonc' }, { language: 'json' }, { pattern: '**/*.query.json' }];
  const loadFor = (document: vscode.TextDocument) => {
    if (isPlaygroundDocument(document)) load();
  };

  explorer.showSchemas((collection, context) => load().schemaNode(collection, context));
  services.context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument(loadFor),
    vscode.languages.registerCompletionItemProvider(
      selector,
      { provideCompletionItems: (...args) => load().completions.provideCompletionItems(...args) },
      '"',
      '$',
      '.',
    ),
    vscode.languages.registerHoverProvider(selector, { provideHover: (...args) => load().hovers.provideHover(...args) }),
    registerCommand(services, 'dbhost.showSchema', async (arg?: unknown) => {
      const { accountId, db, col } = await resolveCollection(services, arg);
      return (await load().reports.show({ accountId, db, col })).uri.toString();
    }),
    registerCommand(services, 'dbhost.refreshSchema', async (arg?: unknown) => {
      const { accountId, db, col } = await resolveCollection(services, arg);
      return (await load().schemas.refresh({ accountId, db, col })).schema;
    }),
  );
  vscode.workspace.textDocuments.forEach(loadFor);
  return load;
}
