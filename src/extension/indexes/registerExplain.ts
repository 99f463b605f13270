import * as path from 'node:path';
import { registerCommand } from '../base/registerCommand';
import { CommandId } from '../shared/commandIds';
import type { PlaygroundAccountBinding } from '../shared/playgroundFiles';
import type { Services } from '../services';
import type * as ExplainModule from './indexesBundle';

/** Explain on playground queries and any `{accountId, db, col, query}`, its view, and the suggested index's creation. */
export function registerExplain(services: Services, accounts: PlaygroundAccountBinding): void {
  let feature: ExplainModule.ExplainFeature | undefined;
  const load = (): ExplainModule.ExplainFeature => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time path esbuild must not follow
    feature ??= (require(path.join(__dirname, 'indexes.js')) as typeof ExplainModule).createExplainFeature(services, accounts);
    return feature;
  };
  services.context.subscriptions.push(
    registerCommand(services, CommandId.explainPlaygroundQuery, (file?: unknown, index?: unknown) =>
      load().explainPlaygroundQuery(file, index),
    ),
    registerCommand(services, CommandId.explainQuery, (arg?: unknown) => load().explainQuery(arg)),
    registerCommand(services, CommandId.explainAgain, (arg?: unknown) => load().explainAgain(arg)),
    registerCommand(services, CommandId.createSuggestedIndex, (arg?: unknown) => load().createSuggestedIndex(arg)),
  );
}
