import type { FeatureModule } from '../kit/feature/featureModule';
import { showStartingPoint } from './showStartingPoint';

/** Where a window started with an account (`npm start`) opens: that account in the tree, and what it names to open. */
export const startFeature: FeatureModule<{ accountId: string; open?: string } | undefined> = {
  name: 'start',
  register({ services, explorer }, handedOver) {
    if (!handedOver) return;
    showStartingPoint(explorer, handedOver).catch((error: unknown) => services.logger.error('Could not show the starting point', error));
  },
};
