import type { FeatureModule } from '../kit/feature/featureModule';
import { CommandId } from '../kit/feature/commandIds';
import { originalFeatures } from '../kit/lazy/loadOriginalFeatures';

/** A deployment's statistics as a chart (an endpoint of the original service). The work is in dist/originalFeatures.mjs. */
export const deploymentStatsFeature: FeatureModule = {
  name: 'deploymentStats',
  commands: {
    [CommandId.showDeploymentStats]: async ({ services }, arg?: unknown) => (await originalFeatures()).showDeploymentStats(services, arg),
  },
};
