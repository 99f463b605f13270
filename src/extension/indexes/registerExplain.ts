import * as path from 'node:path';
import * as vscode from 'vscode';
import { registerCommand } from '../base/registerCommand';
import { CommandId } from '../shared/commandIds';
import type { PlaygroundAccountBinding } from '../shared/playgroundFiles';
import type { Services } from '../services';
import type * as ExplainModule from './indexesBundle';
import { EXPLAIN_SCHEME, NOT_KEPT } from './explainScheme';

/** Explain on playground queries and any `{accountId, db, col, query}`, its view, and the suggested index's creation. */
export function registerExplain(services: Services, accounts: PlaygroundAccountBinding): void {
  const events = { content: new vscode.EventEmitter<vscode.Uri>(), lenses: new vscode.EventEmitter<void>() };
  let feature: ExplainModule.ExplainFeature | undefined;
  const load = (): ExplainModule.ExplainFeature => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time path esbuild must not follow
    feature ??= (require(path.join(__dirname, 'indexes.js')) as typeof ExplainModule).createExplainFeature(services, accounts, events);
    return feature;
  };
  services.context.subscriptions.push(
    events.content,
    events.lenses,
    vscode.workspace.registerTextDocumentContentProvider(EXPLAIN_SCHEME, {
      onDidChange: events.content.event,
      provideTextDocumentContent: (uri) => (feature ? feature.text(uri) : NOT_KEPT),
    }),
    vscode.languages.registerCodeLensProvider(
      { scheme: EXPLAIN_SCHEME },
      { onDidChangeCodeLenses: events.lenses.event, provideCodeLenses: (document) => (feature ? feature.lenses(document) : []) },
    ),
    registerCommand(services, CommandId.explainPlaygroundQuery, (file?: unknown, index?: unknown) =>
      load().explainPlaygroundQuery(file, index),
    ),
    registerCommand(services, CommandId.explainQuery, (arg?: unknown) => load().explainQuery(arg)),
    registerCommand(services, CommandId.explainAgain, (arg?: unknown) => load().explainAgain(arg)),
    registerCommand(services, CommandId.createSuggestedIndex, (arg?: unknown) => load().createSuggestedIndex(arg)),
  );
}
