import type { FeatureModule } from '../kit/feature/featureModule';
import { CommandId } from '../kit/feature/commandIds';
import { originalFeatures } from '../kit/lazy/loadOriginalFeatures';

/** A database's current operations and slow query log (endpoints of the original service). The work is in dist/originalFeatures.mjs. */
export const databaseActivityFeature: FeatureModule = {
  name: 'databaseActivity',
  commands: {
    [CommandId.showOperationDetails]: async ({ services }, arg?: unknown) => (await originalFeatures()).showOperationDetails(services, arg),
    [CommandId.openSlowQueryInPlayground]: async ({ services }, arg?: unknown) =>
      (await originalFeatures()).openSlowQueryInPlayground(services, arg),
    [CommandId.explainSlowQuery]: async ({ services }, arg?: unknown) => (await originalFeatures()).explainSlowQuery(services, arg),
  },
  register({ services, explorer }) {
    services.context.subscriptions.push(
      explorer.contribute('database', {
        children: async (database, context) => (await originalFeatures()).activityUnder(database, context),
      }),
    );
  },
};
