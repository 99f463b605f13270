import { lazyPart } from '../../base/lazyPart';
import type * as KnowledgeModule from '../../bundles/knowledgeBundle';
import type { Knowledge, KnowledgeDependencies } from '../../bundles/knowledgeBundle';

export type { Knowledge, KnowledgeDependencies };

/** Loads what knows the data behind playgrounds, dist/playgroundKnowledge.mjs, the first time it is called. */
export type LoadKnowledge = () => Promise<Knowledge>;

/**
 * The loader of dist/playgroundKnowledge.mjs (sampled schemas, completion, hovers, Run All, the query history), which
 * the playground feature makes and hands to the schema feature: both use the one Knowledge it loads.
 */
export function knowledgeLoader(dependencies: KnowledgeDependencies): LoadKnowledge {
  return lazyPart('playgroundKnowledge', (module: typeof KnowledgeModule) => {
    const knowledge = module.createKnowledge(dependencies);
    dependencies.services.context.subscriptions.push(knowledge);
    return knowledge;
  });
}
