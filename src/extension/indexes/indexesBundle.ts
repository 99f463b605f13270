import type { PlaygroundAccountBinding } from '../kit/playground/playgroundFiles';
import type { Services } from '../services';
import { createSuggestedIndex } from './createSuggestedIndex';
import { explainAgain } from './explainAgain';
import { explainPlaygroundQuery } from './explainPlaygroundQuery';
import { explainQuery } from './explainQuery';
import { ExplainViews } from './explainViews';

export { createIndexCommands } from './indexCommands';

/**
 * Explain and the suggested index (issue 21), bundled apart with the index commands as dist/indexes.mjs and loaded
 * the first time one of them runs, so that what activation loads stays small.
 */
export function createExplainFeature(services: Services, accounts: PlaygroundAccountBinding) {
  const views = new ExplainViews(services);
  return {
    explainPlaygroundQuery: (file?: unknown, index?: unknown) => explainPlaygroundQuery(services, views, accounts, file, index),
    explainQuery: (arg: unknown) => explainQuery(services, views, arg),
    explainAgain: (arg: unknown) => explainAgain(services, views, arg),
    createSuggestedIndex: (arg: unknown) => createSuggestedIndex(services, views, arg),
  };
}

export type ExplainFeature = ReturnType<typeof createExplainFeature>;
