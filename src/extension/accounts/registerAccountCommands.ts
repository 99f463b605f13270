import { registerCommand } from '../base/registerCommand';
import type { Services } from '../services';
import { addAccount } from './addAccount';
import { changeApiKey } from './changeApiKey';
import { removeAccount } from './removeAccount';
import { renameAccount } from './renameAccount';

export function registerAccountCommands(services: Services): void {
  services.context.subscriptions.push(
    registerCommand(services, 'dbhost.addAccount', () => addAccount(services)),
    registerCommand(services, 'dbhost.renameAccount', (arg?: unknown) => renameAccount(services, arg)),
    registerCommand(services, 'dbhost.changeApiKey', (arg?: unknown) => changeApiKey(services, arg)),
    registerCommand(services, 'dbhost.removeAccount', (arg?: unknown) => removeAccount(services, arg)),
  );
}
