import { registerCommand } from '../base/registerCommand';
import type { ExplorerProvider } from '../explorer/explorerProvider';
import type { Services } from '../services';
import { addAccount } from './addAccount';
import { changeApiKey } from './changeApiKey';
import { removeAccount } from './removeAccount';
import { renameAccount } from './renameAccount';

export function registerAccountCommands(services: Services, explorer: ExplorerProvider): void {
  const refreshAccount = (accountId: string) => {
    const node = explorer.accountNode(accountId);
    if (node) void explorer.refresh(node);
  };
  services.context.subscriptions.push(
    registerCommand(services, 'dbhost.addAccount', () => addAccount(services)),
    registerCommand(services, 'dbhost.renameAccount', (arg?: unknown) => renameAccount(services, arg)),
    registerCommand(services, 'dbhost.changeApiKey', (arg?: unknown) => changeApiKey(services, arg, refreshAccount)),
    registerCommand(services, 'dbhost.removeAccount', (arg?: unknown) => removeAccount(services, arg)),
  );
}
