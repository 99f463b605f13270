import { registerCommand } from '../base/registerCommand';
import type { Services } from '../services';
import { createDatabase } from './createDatabase';
import { deleteDatabase } from './deleteDatabase';

export function registerDatabaseCommands(services: Services): void {
  services.context.subscriptions.push(
    registerCommand(services, 'dbhost.createDatabase', (arg?: unknown) => createDatabase(services, arg)),
    registerCommand(services, 'dbhost.deleteDatabase', (arg?: unknown) => deleteDatabase(services, arg)),
  );
}
