import type { FeatureModule } from '../kit/feature/featureModule';
import { CommandId } from '../kit/feature/commandIds';
import { originalFeatures } from '../kit/lazy/loadOriginalFeatures';

/** A database's users (an endpoint of the original service): the Users item, Add User, Remove User. The work is in dist/originalFeatures.mjs. */
export const usersFeature: FeatureModule = {
  name: 'users',
  commands: {
    [CommandId.addUser]: async ({ services, explorer }, arg?: unknown) => (await originalFeatures()).addUser(services, explorer, arg),
    [CommandId.removeUser]: async ({ services, explorer }, arg?: unknown) => (await originalFeatures()).removeUser(services, explorer, arg),
  },
  register({ services, explorer }) {
    services.context.subscriptions.push(
      explorer.contribute('database', { children: async (database, context) => (await originalFeatures()).usersUnder(database, context) }),
    );
  },
};
