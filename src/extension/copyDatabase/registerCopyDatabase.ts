import type { FeatureModule } from '../kit/feature/featureModule';
import { CommandId } from '../kit/feature/commandIds';
import { originalFeatures } from '../kit/lazy/loadOriginalFeatures';

/** Copy Database (an endpoint of the original service). The work is in dist/originalFeatures.mjs. */
export const copyDatabaseFeature: FeatureModule = {
  name: 'copyDatabase',
  commands: {
    [CommandId.copyDatabase]: async ({ services }, arg?: unknown) => (await originalFeatures()).copyDatabase(services, arg),
  },
};
