import { CommandId } from '../kit/feature/commandIds';
import type { FeatureModule } from '../kit/feature/featureModule';
import type { LoadKnowledge } from '../kit/lazy/loadKnowledge';
import { resolveCollection } from '../kit/targets/resolveTarget';

/**
 * A collection's sampled schema: the Schema item under each collection, Show Schema (the report) and Refresh
 * Schema. Its work is in dist/playgroundKnowledge.mjs, whose loader the playground feature hands it.
 */
export const schemaFeature: FeatureModule<LoadKnowledge, void, LoadKnowledge> = {
  name: 'schema',
  commands: {
    [CommandId.showSchema]: async ({ services, own: knowledge }, arg?: unknown) => {
      await (await knowledge()).reports.show(await resolveCollection(services, arg));
    },
    [CommandId.refreshSchema]: async ({ services, own: knowledge }, arg?: unknown) => {
      await (await knowledge()).schemas.refresh(await resolveCollection(services, arg));
    },
  },
  register({ services, explorer }, knowledge) {
    services.context.subscriptions.push(
      explorer.contribute('collection', { children: async (collection, context) => [(await knowledge()).schemaNode(collection, context)] }),
    );
    return knowledge;
  },
};
