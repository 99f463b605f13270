import * as vscode from 'vscode';
import { hasTarget } from '../base/resourceTarget';
import type { Services } from '../services';
import type { FeatureModule } from '../kit/feature/featureModule';
import type { ExplorerNode } from '../kit/tree/explorerNode';
import { EXPLORER_VIEW_ID, ExplorerProvider } from './explorerProvider';
import { LoadMoreNode } from './nodes/loadMoreNode';
import { DocumentsNode } from './nodes/documentsNode';
import type { ExplorerView } from './revealInExplorer';
import { revealInExplorer } from './revealInExplorer';
import type { ResourceTarget } from '../base/resourceTarget';
import type { RevealOptions } from '../kit/targets/revealInExplorer';
import { CommandId } from '../kit/feature/commandIds';
import { copyCommands } from './copyCommands';

/** The DB Host tree: made first, since every feature gets it (as an `ExplorerTree` that takes their contributions) in its `FeatureHost`. */
export function createExplorer(services: Services): ExplorerProvider {
  const provider = new ExplorerProvider(services);
  services.context.subscriptions.push(provider);
  return provider;
}

/**
 * The tree view and its own commands: refresh everything, refresh one list, load the next page, copy a name,
 * reveal a resource (which walks the view its `register` made). Needs the tree `createExplorer` made.
 */
export const explorerFeature: FeatureModule<ExplorerProvider, void, ExplorerView> = {
  name: 'explorer',
  commands: {
    ...copyCommands,
    [CommandId.refresh]: ({ explorer }) => explorer.refresh(),
    [CommandId.refreshNode]: ({ explorer }, node?: ExplorerNode) => explorer.refresh(isNode(node) ? node : undefined),
    [CommandId.loadMoreDocuments]: async (_host, node?: LoadMoreNode | DocumentsNode) => {
      const documents = node instanceof LoadMoreNode ? node.parent : node;
      if (documents instanceof DocumentsNode) await documents.loadMore();
    },
    [CommandId.revealInExplorer]: ({ services, own }, target: ResourceTarget, options?: RevealOptions) =>
      revealInExplorer(services, own, target, options),
  },
  register: ({ services }, provider) => {
    const view = vscode.window.createTreeView(EXPLORER_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
    provider.treeView = view;
    services.context.subscriptions.push(view);
    return { provider, view };
  },
};

function isNode(value: unknown): value is ExplorerNode {
  return hasTarget(value) || (typeof value === 'object' && value !== null && typeof (value as ExplorerNode).treeItem === 'function');
}
