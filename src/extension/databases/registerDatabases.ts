import type { FeatureModule } from '../kit/feature/featureModule';
import { lazyPart } from '../base/lazyPart';
import type * as DatabasesModule from './databasesBundle';
import { CommandId } from '../kit/feature/commandIds';

/** dist/databases.mjs, loaded the first time a database is created or deleted. */
const databases = lazyPart<typeof DatabasesModule>('databases');

/** Create and delete databases. */
export const databasesFeature: FeatureModule = {
  name: 'databases',
  commands: {
    [CommandId.createDatabase]: async ({ services }, arg?: unknown) => (await databases()).createDatabase(services, arg),
    [CommandId.deleteDatabase]: async ({ services }, arg?: unknown) => (await databases()).deleteDatabase(services, arg),
  },
};
