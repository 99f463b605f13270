import type { FeatureModule } from '../shared/featureModule';
import { CommandId } from '../shared/commandIds';
import { originalFeatures } from '../shared/loadOriginalFeatures';

/** A database's current operations and slow query log (endpoints of the original service). The work is in dist/originalFeatures.js. */
export const databaseActivityFeature: FeatureModule = {
  name: 'databaseActivity',
  commands: {
    [CommandId.showOperationDetails]: ({ services }, arg?: unknown) => originalFeatures().showOperationDetails(services, arg),
    [CommandId.openSlowQueryInPlayground]: ({ services }, arg?: unknown) => originalFeatures().openSlowQueryInPlayground(services, arg),
    [CommandId.explainSlowQuery]: ({ services }, arg?: unknown) => originalFeatures().explainSlowQuery(services, arg),
  },
  register({ explorer }) {
    explorer.contribute('database', { children: (database, context) => originalFeatures().activityUnder(database, context) });
  },
};
