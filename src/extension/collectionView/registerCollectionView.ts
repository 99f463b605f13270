import type { FeatureModule } from '../kit/feature/featureModule';
import * as vscode from 'vscode';
import { lazyPart } from '../base/lazyPart';
import { registerCommand } from '../base/registerCommand';
import { resolveCollectionTarget } from '../kit/targets/collectionTarget';
import type { Services } from '../services';
import type * as HostModule from './collectionViewHost';
import { CommandId } from '../kit/feature/commandIds';
import type { DocumentMerges } from '../kit/writes/documentMerge';

type CollectionViews = HostModule.CollectionViews;

const COLLECTION_VIEW_TYPE = 'dbhost.collectionView';

/**
 * Open Collection View on a collection (with a filter and sort given, for Open as Table on playground
 * results); views come back after a reload with their filter, sort, page, columns and staged edits. The
 * views' own code is the lazily loaded dist/collectionViewHost.js.
 */
function registerCollectionView(services: Services, merges: () => Promise<DocumentMerges>): void {
  const loadHost = lazyPart('collectionViewHost', (host: typeof HostModule) => {
    const views = host.createCollectionViews(services, merges);
    return { host, views };
  });
  const load = async (): Promise<CollectionViews> => (await loadHost()).views;
  services.context.subscriptions.push(
    registerCommand(services, CommandId.openCollectionView, async (arg?: unknown, state?: unknown) => {
      const { accountId, db, col } = await resolveCollectionTarget(services, arg);
      return (await load()).open({ accountId, db, col }, state);
    }),
    registerCommand(services, CommandId.explainCollectionViewFilter, async () => {
      const { host, views } = await loadHost();
      return host.explainViewFilter(views);
    }),
    registerCommand(services, CommandId.aggregateCollectionView, async () => {
      const { host, views } = await loadHost();
      return host.aggregateViewFilter(services, views);
    }),
    registerCommand(services, CommandId.exportSelectedRows, async (context?: unknown) => {
      const { host, views } = await loadHost();
      return host.exportSelectedRows(views, context);
    }),
    vscode.window.registerWebviewPanelSerializer(COLLECTION_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, kept) => (await load()).restore(panel, kept),
    }),
  );
}

/** Needs the documents' three-way merge views: a cell save that meets a same-field change offers Merge…. */
export const collectionViewFeature: FeatureModule<() => Promise<DocumentMerges>> = {
  name: 'collectionView',
  register: ({ services }, merges) => registerCollectionView(services, merges),
};
