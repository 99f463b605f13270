import { registerAccountCommands } from '../accounts/registerAccountCommands';
import { registerCollectionCommands } from '../collections/registerCollectionCommands';
import { registerDatabaseCommands } from '../databases/registerDatabaseCommands';
import { registerDetails } from '../details/registerDetails';
import { registerLocalService } from '../localService/registerLocalService';
import type { Services } from '../services';
import { registerCopyCommands } from './copyCommands';
import type { ExplorerProvider } from './explorerProvider';
import { registerExplorer } from './registerExplorer';

/** The tree and everything that manages what it shows: accounts, the local service, databases, collections, details. */
export function registerExplorerFeatures(services: Services): ExplorerProvider {
  const explorer = registerExplorer(services);
  registerAccountCommands(services, explorer);
  registerLocalService(services, explorer);
  registerDatabaseCommands(services);
  registerCollectionCommands(services);
  registerDetails(services);
  registerCopyCommands(services);
  return explorer;
}
