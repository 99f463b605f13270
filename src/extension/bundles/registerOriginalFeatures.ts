import { registerCommand } from '../base/registerCommand';
import type { ExplorerProvider } from '../explorer/explorerProvider';
import type { Services } from '../services';
import { originalFeatures } from './loadOriginalFeatures';

/** The original service's extras: database users, copy database, current operations, slow queries, deployment statistics. */
export function registerOriginalFeatures(services: Services, explorer: ExplorerProvider): void {
  explorer.showDatabaseExtras((database, context, client) => originalFeatures().databaseExtras(database, context, client));
  const commands: Record<string, (arg: unknown) => unknown> = {
    addUser: (arg) => originalFeatures().addUser(services, explorer, arg),
    removeUser: (arg) => originalFeatures().removeUser(services, explorer, arg),
    copyDatabase: (arg) => originalFeatures().copyDatabase(services, arg),
    showOperationDetails: (arg) => originalFeatures().showOperationDetails(services, arg),
    openSlowQueryInPlayground: (arg) => originalFeatures().openSlowQueryInPlayground(services, arg),
    showDeploymentStats: (arg) => originalFeatures().showDeploymentStats(services, arg),
  };
  for (const [name, run] of Object.entries(commands)) services.context.subscriptions.push(registerCommand(services, `dbhost.${name}`, (arg?: unknown) => run(arg)));
}
