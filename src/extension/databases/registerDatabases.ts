import type { FeatureModule } from '../shared/featureModule';
import { createDatabase } from './createDatabase';
import { deleteDatabase } from './deleteDatabase';
import { CommandId } from '../shared/commandIds';

/** Create and delete databases. */
export const databasesFeature: FeatureModule = {
  name: 'databases',
  commands: {
    [CommandId.createDatabase]: ({ services }, arg?: unknown) => createDatabase(services, arg),
    [CommandId.deleteDatabase]: ({ services }, arg?: unknown) => deleteDatabase(services, arg),
  },
};
