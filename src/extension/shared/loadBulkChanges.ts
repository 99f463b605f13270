import * as path from 'node:path';
import type * as BulkChangesModule from '../bulkChanges/bulkChangesBundle';

let bundle: typeof BulkChangesModule | undefined;

/**
 * The preview and undo of bulk changes are bundled apart, as dist/bulkChanges.js (the extension's own update
 * operators for a service without a dry run are in it), and loaded the first time a bulk change runs.
 */
export function bulkChangesBundle(): typeof BulkChangesModule {
  if (!bundle) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time path esbuild must not follow
    bundle = require(path.join(__dirname, 'bulkChanges.js')) as typeof BulkChangesModule;
  }
  return bundle;
}
