import { registerCommand } from '../base/registerCommand';
import type { Services } from '../services';
import { createCollection } from './createCollection';
import { deleteCollection } from './deleteCollection';
import { renameCollection } from './renameCollection';
import { CommandId } from '../shared/commandIds';

/** Create, rename and delete collections. */
export function registerCollectionCommands(services: Services): void {
  services.context.subscriptions.push(
    registerCommand(services, CommandId.createCollection, (arg?: unknown) => createCollection(services, arg)),
    registerCommand(services, CommandId.renameCollection, (arg?: unknown) => renameCollection(services, arg)),
    registerCommand(services, CommandId.deleteCollection, (arg?: unknown) => deleteCollection(services, arg)),
  );
}
