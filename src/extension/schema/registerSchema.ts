import { registerCommand } from '../base/registerCommand';
import { CommandId } from '../kit/feature/commandIds';
import type { FeatureModule } from '../kit/feature/featureModule';
import type { LoadKnowledge } from '../kit/lazy/loadKnowledge';
import { resolveCollection } from '../kit/targets/resolveTarget';

/**
 * A collection's sampled schema: the Schema item under each collection, Show Schema (the report) and Refresh
 * Schema. Its work is in dist/playgroundKnowledge.js, whose loader the playground feature hands it.
 */
export const schemaFeature: FeatureModule<LoadKnowledge> = {
  name: 'schema',
  register({ services, explorer }, knowledge) {
    explorer.contribute('collection', { children: async (collection, context) => [(await knowledge()).schemaNode(collection, context)] });
    services.context.subscriptions.push(
      registerCommand(services, CommandId.showSchema, async (arg?: unknown) =>
        (await (await knowledge()).reports.show(await resolveCollection(services, arg))).uri.toString(),
      ),
      registerCommand(
        services,
        CommandId.refreshSchema,
        async (arg?: unknown) => (await (await knowledge()).schemas.refresh(await resolveCollection(services, arg))).schema,
      ),
    );
  },
};
