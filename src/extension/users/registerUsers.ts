import type { FeatureModule } from '../shared/featureModule';
import { CommandId } from '../shared/commandIds';
import { originalFeatures } from '../shared/loadOriginalFeatures';

/** A database's users (an endpoint of the original service): the Users item, Add User, Remove User. The work is in dist/originalFeatures.js. */
export const usersFeature: FeatureModule = {
  name: 'users',
  commands: {
    [CommandId.addUser]: ({ services, explorer }, arg?: unknown) => originalFeatures().addUser(services, explorer, arg),
    [CommandId.removeUser]: ({ services, explorer }, arg?: unknown) => originalFeatures().removeUser(services, explorer, arg),
  },
  register({ explorer }) {
    explorer.contribute('database', { children: (database, context) => originalFeatures().usersUnder(database, context) });
  },
};
