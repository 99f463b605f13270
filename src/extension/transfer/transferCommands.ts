import { isCancellation } from '../base/registerCommand';
import type { Services } from '../services';
import { exportCollection, exportQueryResults } from './exportCommands';
import { importFromFile } from './importFromFile';
import type { TransferFiles } from './transferFiles';
import { CommandId } from '../kit/feature/commandIds';

/**
 * A transfer bundle has its own copy of the cancellation error classes, which the command wrapper of the
 * extension's bundle does not know: a dismissed prompt ends here, quietly.
 */
function quietOnCancel<A extends unknown[], R>(run: (services: Services, ...args: A) => Promise<R>) {
  return async (services: Services, ...args: A): Promise<R | undefined> => {
    try {
      return await run(services, ...args);
    } catch (error) {
      if (isCancellation(error)) return undefined;
      throw error;
    }
  };
}

/**
 * Export and import over one platform's files, the same on the desktop and in the browser: each command's
 * handler, given the arguments VS Code gave the command.
 */
export function transferCommandsOver(files: TransferFiles) {
  return {
    /** On a collection (or a collection view's scope). */
    [CommandId.exportDocuments]: quietOnCancel((services, arg?: unknown) => exportCollection(services, files, arg)),
    /** On a playground query. */
    [CommandId.exportQueryResults]: quietOnCancel((services, file?: unknown, index?: unknown) =>
      exportQueryResults(services, files, file, index),
    ),
    /** On a database or a collection. */
    [CommandId.importDocuments]: quietOnCancel((services, arg?: unknown) => importFromFile(services, files, arg)),
  };
}

export type TransferCommands = ReturnType<typeof transferCommandsOver>;
