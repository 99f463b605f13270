import { registerCommand } from '../base/registerCommand';
import type { Services } from '../services';
import { createDatabase } from './createDatabase';
import { deleteDatabase } from './deleteDatabase';
import { CommandId } from '../shared/commandIds';

export function registerDatabaseCommands(services: Services): void {
  services.context.subscriptions.push(
    registerCommand(services, CommandId.createDatabase, (arg?: unknown) => createDatabase(services, arg)),
    registerCommand(services, CommandId.deleteDatabase, (arg?: unknown) => deleteDatabase(services, arg)),
  );
}
