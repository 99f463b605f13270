import { registerCommand } from '../base/registerCommand';
import type { Services } from '../services';
import { addAccount } from './addAccount';
import { changeApiKey } from './changeApiKey';
import { removeAccount } from './removeAccount';
import { renameAccount } from './renameAccount';
import { CommandId } from '../shared/commandIds';

export function registerAccountCommands(services: Services): void {
  services.context.subscriptions.push(
    registerCommand(services, CommandId.addAccount, () => addAccount(services)),
    registerCommand(services, CommandId.renameAccount, (arg?: unknown) => renameAccount(services, arg)),
    registerCommand(services, CommandId.changeApiKey, (arg?: unknown) => changeApiKey(services, arg)),
    registerCommand(services, CommandId.removeAccount, (arg?: unknown) => removeAccount(services, arg)),
  );
}
