import { registerCommand } from '../base/registerCommand';
import type { Services } from '../services';
import { createCollection } from './createCollection';
import { deleteCollection } from './deleteCollection';
import { renameCollection } from './renameCollection';

/** Create, rename and delete collections. */
export function registerCollectionCommands(services: Services): void {
  services.context.subscriptions.push(
    registerCommand(services, 'dbhost.createCollection', (arg?: unknown) => createCollection(services, arg)),
    registerCommand(services, 'dbhost.renameCollection', (arg?: unknown) => renameCollection(services, arg)),
    registerCommand(services, 'dbhost.deleteCollection', (arg?: unknown) => deleteCollection(services, arg)),
  );
}
