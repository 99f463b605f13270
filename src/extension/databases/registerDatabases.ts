import type { FeatureModule } from '../shared/featureModule';
import { lazyModule } from '../base/lazyModule';
import type * as DatabasesModule from './databasesBundle';
import { CommandId } from '../shared/commandIds';

/** dist/databases.js, loaded the first time a database is created or deleted. */
const databases = lazyModule<typeof DatabasesModule>('databases.js');

/** Create and delete databases. */
export const databasesFeature: FeatureModule = {
  name: 'databases',
  commands: {
    [CommandId.createDatabase]: ({ services }, arg?: unknown) => databases().createDatabase(services, arg),
    [CommandId.deleteDatabase]: ({ services }, arg?: unknown) => databases().deleteDatabase(services, arg),
  },
};
