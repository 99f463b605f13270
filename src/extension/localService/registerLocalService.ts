import type { FeatureModule } from '../kit/feature/featureModule';
import { LocalService } from './localService';
import { CommandId } from '../kit/feature/commandIds';
import { startLocalService } from './startLocalService';
import { stopLocalService } from './stopLocalService';

/** The local service this window starts and stops, as a process; gives it, so the tree marks its account. */
export const localServiceFeature: FeatureModule<void, LocalService> = {
  name: 'localService',
  commands: {
    [CommandId.startLocalService]: ({ services, own: local }) => startLocalService(services, local),
    [CommandId.stopLocalService]: ({ services, own: local }) => stopLocalService(services, local),
  },
  register: ({ services }) => {
    const local = new LocalService(services);
    services.context.subscriptions.push(local);
    return local;
  },
};
