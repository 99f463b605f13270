import type { Services } from '../services';
import { CollectionViews } from './collectionViews';
import { CellConflicts } from './cellConflicts';
import type { DocumentMerges } from '../kit/writes/documentMerge';

export { CollectionViews } from './collectionViews';
export { aggregateViewFilter } from './aggregateViewFilter';
export { explainViewFilter } from './explainViewFilter';
export { exportSelectedRows } from './exportSelectedRows';

/**
 * The collection views' extension-side code, bundled apart as dist/collectionViewHost.mjs and loaded the first
 * time a view opens (see registerCollectionView.ts), so that what activation loads stays small.
 */

/** The open views. */
export function createCollectionViews(services: Services, merges: () => Promise<DocumentMerges>): CollectionViews {
  return new CollectionViews(services, new CellConflicts(services, merges));
}
