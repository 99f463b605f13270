import { lazyModule } from '../base/lazyModule';
import { registerCommand } from '../base/registerCommand';
import { CommandId } from '../shared/commandIds';
import type { PlaygroundAccountBinding } from '../shared/playgroundFiles';
import type { Services } from '../services';
import type * as ExplainModule from './indexesBundle';

/** Explain on playground queries and any `{accountId, db, col, query}`, its view, and the suggested index's creation. */
export function registerExplain(services: Services, accounts: PlaygroundAccountBinding): void {
  const load = lazyModule('indexes.js', (bundle: typeof ExplainModule) => bundle.createExplainFeature(services, accounts));
  services.context.subscriptions.push(
    registerCommand(services, CommandId.explainPlaygroundQuery, (file?: unknown, index?: unknown) =>
      load().explainPlaygroundQuery(file, index),
    ),
    registerCommand(services, CommandId.explainQuery, (arg?: unknown) => load().explainQuery(arg)),
    registerCommand(services, CommandId.explainAgain, (arg?: unknown) => load().explainAgain(arg)),
    registerCommand(services, CommandId.createSuggestedIndex, (arg?: unknown) => load().createSuggestedIndex(arg)),
  );
}
