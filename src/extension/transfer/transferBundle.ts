// The entry of dist/transfer.js: export and import load only when first used, so the extension's own
// bundle stays small. Loaded by loadTransfer.ts.
import { isCancellation } from '../base/registerCommand';
import type { Services } from '../services';
import { exportCollection, exportQueryResults } from './exportCommands';
import { importFromFile } from './importFromFile';

/**
 * This bundle has its own copy of the cancellation error classes, which the command wrapper of the
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

export const transferCommands = {
  exportCollection: quietOnCancel(exportCollection),
  exportQueryResults: quietOnCancel(exportQueryResults),
  importDocuments: quietOnCancel(importFromFile),
};

export type TransferCommands = typeof transferCommands;
