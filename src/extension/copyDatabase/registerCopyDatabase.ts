import type { FeatureModule } from '../shared/featureModule';
import { CommandId } from '../shared/commandIds';
import { originalFeatures } from '../shared/loadOriginalFeatures';

/** Copy Database (an endpoint of the original service). The work is in dist/originalFeatures.js. */
export const copyDatabaseFeature: FeatureModule = {
  name: 'copyDatabase',
  commands: {
    [CommandId.copyDatabase]: async ({ services }, arg?: unknown) => (await originalFeatures()).copyDatabase(services, arg),
  },
};
