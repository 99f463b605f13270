import { lazyPart } from '../base/lazyPart';
import { registerCommand } from '../base/registerCommand';
import { CommandId } from '../kit/feature/commandIds';
import type { PlaygroundAccountBinding } from '../kit/playground/playgroundFiles';
import type { Services } from '../services';
import type * as ExplainModule from './indexesBundle';

/** Explain on playground queries and any `{accountId, db, col, query}`, its view, and the suggested index's creation. */
export function registerExplain(services: Services, accounts: PlaygroundAccountBinding): void {
  const load = lazyPart('indexes', (bundle: typeof ExplainModule) => bundle.createExplainFeature(services, accounts));
  services.context.subscriptions.push(
    registerCommand(services, CommandId.explainPlaygroundQuery, async (file?: unknown, index?: unknown) =>
      (await load()).explainPlaygroundQuery(file, index),
    ),
    registerCommand(services, CommandId.explainQuery, async (arg?: unknown) => (await load()).explainQuery(arg)),
    registerCommand(services, CommandId.explainAgain, async (arg?: unknown) => (await load()).explainAgain(arg)),
    registerCommand(services, CommandId.createSuggestedIndex, async (arg?: unknown) => (await load()).createSuggestedIndex(arg)),
  );
}
