import type * as vscode from 'vscode';
import type { Services } from '../services';
import { testProbe } from '../base/testProbe';
import { CollectionViewProbe } from './collectionViewProbe';
import { CollectionViews } from './collectionViews';
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

/** The views, and in a test run (see base/testProbe.ts) the probe they report to. */
export function createCollectionViews(
  services: Services,
  merges: () => Promise<DocumentMerges>,
): {
  views: CollectionViews & vscode.Disposable;
  probe: CollectionViewProbe | undefined;
} {
  const probe = testProbe(services.context, () => new CollectionViewProbe());
  const views = new CollectionViews(services, new CellConflicts(services, merges), probe);
  return {
    views: Object.assign(views, {
      dispose: () => views.disposeEvents(),
    }),
    probe,
  };
}
