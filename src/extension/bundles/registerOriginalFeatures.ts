import { registerCommand } from '../base/registerCommand';
import { CommandId } from '../shared/commandIds';
import type { ExplorerProvider } from '../explorer/explorerProvider';
import type { Services } from '../services';
import { originalFeatures } from './loadOriginalFeatures';

/** The original service's extras: database users, copy database, current operations, slow queries, deployment statistics. */
export function registerOriginalFeatures(services: Services, explorer: ExplorerProvider): void {
  explorer.showDatabaseExtras((database, context, client) => originalFeatures().databaseExtras(database, context, client));
  const commands = new Map<CommandId, (arg: unknown) => unknown>([
    [CommandId.addUser, (arg) => originalFeatures().addUser(services, explorer, arg)],
    [CommandId.removeUser, (arg) => originalFeatures().removeUser(services, explorer, arg)],
    [CommandId.copyDatabase, (arg) => originalFeatures().copyDatabase(services, arg)],
    [CommandId.showOperationDetails, (arg) => originalFeatures().showOperationDetails(services, arg)],
    [CommandId.openSlowQueryInPlayground, (arg) => originalFeatures().openSlowQueryInPlayground(services, arg)],
    [CommandId.showDeploymentStats, (arg) => originalFeatures().showDeploymentStats(services, arg)],
    [CommandId.explainSlowQuery, (arg) => originalFeatures().explainSlowQuery(services, arg)],
  ]);
  for (const [id, run] of commands) services.context.subscriptions.push(registerCommand(services, id, (arg?: unknown) => run(arg)));
}
