import type { FeatureModule } from '../kit/feature/featureModule';
import { createCollection } from './createCollection';
import { deleteCollection } from './deleteCollection';
import { renameCollection } from './renameCollection';
import { CommandId } from '../kit/feature/commandIds';

/** Create, rename and delete collections. */
export const collectionsFeature: FeatureModule = {
  name: 'collections',
  commands: {
    [CommandId.createCollection]: ({ services }, arg?: unknown) => createCollection(services, arg),
    [CommandId.renameCollection]: ({ services }, arg?: unknown) => renameCollection(services, arg),
    [CommandId.deleteCollection]: ({ services }, arg?: unknown) => deleteCollection(services, arg),
  },
};
