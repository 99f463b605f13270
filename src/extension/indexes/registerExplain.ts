import { lazyPart } from '../base/lazyPart';
import type { LazyPart } from '../base/lazyPart';
import { CommandId } from '../kit/feature/commandIds';
import type { FeatureCommands } from '../kit/feature/featureModule';
import type { PlaygroundAccountBinding } from '../kit/playground/playgroundFiles';
import type { Services } from '../services';
import type * as ExplainModule from './indexesBundle';

/** Explain's work in dist/indexes.mjs, loaded the first time a query is explained. */
export function loadExplain(services: Services, accounts: PlaygroundAccountBinding): LazyPart<ExplainModule.ExplainFeature> {
  return lazyPart('indexes', (bundle: typeof ExplainModule) => bundle.createExplainFeature(services, accounts));
}

/** Explain on playground queries and any `{accountId, db, col, query}`, its view, and the suggested index's creation. */
export const explainCommands: FeatureCommands<{ readonly explain: LazyPart<ExplainModule.ExplainFeature> }> = {
  [CommandId.explainPlaygroundQuery]: async ({ own }, file?: unknown, index?: unknown) =>
    (await own.explain()).explainPlaygroundQuery(file, index),
  [CommandId.explainQuery]: async ({ own }, arg?: unknown) => (await own.explain()).explainQuery(arg),
  [CommandId.explainAgain]: async ({ own }, arg?: unknown) => (await own.explain()).explainAgain(arg),
  [CommandId.createSuggestedIndex]: async ({ own }, arg?: unknown) => (await own.explain()).createSuggestedIndex(arg),
};
