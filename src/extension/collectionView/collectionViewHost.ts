import type * as vscode from 'vscode';
import type { Services } from '../services';
import { CollectionViews } from './collectionViews';
import { CompareDocuments } from './compareDocuments';
import { CellConflicts } from './cellConflicts';
import type { DocumentMerges } from '../shared/documentMerge';

export { CollectionViews } from './collectionViews';
export { aggregateViewFilter } from './aggregateViewFilter';
export { explainViewFilter } from './explainViewFilter';
export { exportSelectedRows } from './exportSelectedRows';

/**
 * The collection views' extension-side code, bundled apart as dist/collectionViewHost.js and loaded the first
 * time a view opens (see registerCollectionView.ts), so that activation and dist/extension.js stay small.
 */

/** The open views, and what they hold to be disposed with the extension. */
export function createCollectionViews(services: Services, merges: () => Promise<DocumentMerges>): CollectionViews & vscode.Disposable {
  const compare = new CompareDocuments();
  const views = new CollectionViews(services, new CellConflicts(services, compare, merges));
  return Object.assign(views, { dispose: () => compare.dispose() });
}
