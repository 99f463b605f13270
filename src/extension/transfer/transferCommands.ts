import type { Services } from '../services';
import { exportCollection, exportQueryResults } from './exportCommands';
import { importFromFile } from './importFromFile';
import type { TransferFiles } from './transferFiles';
import { CommandId } from '../kit/feature/commandIds';

/**
 * Export and import over one platform's files, the same on the desktop and in the browser: each command's
 * handler, given the arguments VS Code gave the command.
 */
export function transferCommandsOver(files: TransferFiles) {
  return {
    /** On a collection (or a collection view's scope). */
    [CommandId.exportDocuments]: (services: Services, arg?: unknown) => exportCollection(services, files, arg),
    /** On a playground query. */
    [CommandId.exportQueryResults]: (services: Services, file?: unknown, index?: unknown) =>
      exportQueryResults(services, files, file, index),
    /** On a database or a collection. */
    [CommandId.importDocuments]: (services: Services, arg?: unknown) => importFromFile(services, files, arg),
  };
}

export type TransferCommands = ReturnType<typeof transferCommandsOver>;
