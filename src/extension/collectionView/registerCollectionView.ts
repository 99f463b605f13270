import type { FeatureModule } from '../kit/feature/featureModule';
import * as vscode from 'vscode';
import { lazyPart } from '../base/lazyPart';
import type { LazyPart } from '../base/lazyPart';
import { resolveCollectionTarget } from '../kit/targets/collectionTarget';
import type * as HostModule from './collectionViewHost';
import { CommandId } from '../kit/feature/commandIds';
import type { DocumentMerges } from '../kit/writes/documentMerge';

/** The loaded dist/collectionViewHost.mjs and the views it made. */
type LoadHost = LazyPart<{ host: typeof HostModule; views: HostModule.CollectionViews }>;

const COLLECTION_VIEW_TYPE = 'dbhost.collectionView';

/**
 * Open Collection View on a collection (with a filter and sort given, for Open as Table on playground
 * results); views come back after a reload with their filter, sort, page, columns and staged edits. The
 * views' own code is the lazily loaded dist/collectionViewHost.mjs. Needs the documents' three-way merge views:
 * a cell save that meets a same-field change offers Merge….
 */
export const collectionViewFeature: FeatureModule<() => Promise<DocumentMerges>, void, LoadHost> = {
  name: 'collectionView',
  commands: {
    [CommandId.openCollectionView]: async ({ services, own: loadHost }, arg?: unknown, state?: unknown) => {
      const { accountId, db, col } = await resolveCollectionTarget(services, arg);
      (await loadHost()).views.open({ accountId, db, col }, state);
    },
    [CommandId.explainCollectionViewFilter]: async ({ own: loadHost }) => {
      const { host, views } = await loadHost();
      return host.explainViewFilter(views);
    },
    [CommandId.aggregateCollectionView]: async ({ services, own: loadHost }) => {
      const { host, views } = await loadHost();
      return host.aggregateViewFilter(services, views);
    },
    [CommandId.exportSelectedRows]: async ({ own: loadHost }, context?: unknown) => {
      const { host, views } = await loadHost();
      return host.exportSelectedRows(views, context);
    },
  },
  register({ services }, merges) {
    const loadHost = lazyPart('collectionViewHost', (host: typeof HostModule) => {
      const views = host.createCollectionViews(services, merges);
      return { host, views };
    });
    services.context.subscriptions.push(
      vscode.window.registerWebviewPanelSerializer(COLLECTION_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel, kept) => (await loadHost()).views.restore(panel, kept),
      }),
    );
    return loadHost;
  },
};
