import type * as vscode from 'vscode';
import type { Services } from '../services';
import type { CollectionViewProbe } from './collectionViewProbe';
import { CollectionViews } from './collectionViews';
import { CompareDocuments } from './compareDocuments';

export { CollectionViews } from './collectionViews';
export { explainViewFilter } from './explainViewFilter';
export { exportSelectedRows } from './exportSelectedRows';

/**
 * The collection views' extension-side code, bundled apart as dist/collectionViewHost.js and loaded the first
 * time a view opens (see registerCollectionView.ts), so that activation and dist/extension.js stay small.
 */

export function createCollectionViews(services: Services, probe: CollectionViewProbe | undefined): CollectionViews & vscode.Disposable {
  const compare = new CompareDocuments();
  const views = new CollectionViews(services, compare, probe);
  return Object.assign(views, {
    dispose: () => {
      compare.dispose();
      views.disposeEvents();
    },
  });
}
