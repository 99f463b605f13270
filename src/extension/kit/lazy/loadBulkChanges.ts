import { lazyPart } from '../../base/lazyPart';
import type * as BulkChangesModule from '../../bulkChanges/bulkChangesBundle';

/**
 * The preview and undo of bulk changes are bundled apart, as dist/bulkChanges.mjs (the extension's own update
 * operators for a service without a dry run are in it), and loaded the first time a bulk change runs: from
 * the palette, a playground or a collection view (whose own bundle loads it through this too).
 */
export const bulkChangesBundle = lazyPart<typeof BulkChangesModule>('bulkChanges');
