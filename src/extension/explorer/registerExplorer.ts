import * as vscode from 'vscode';
import { hasTarget } from '../base/resourceTarget';
import { registerCommand } from '../base/registerCommand';
import type { Services } from '../services';
import type { ExplorerNode } from '../shared/tree/explorerNode';
import { EXPLORER_VIEW_ID, ExplorerProvider } from './explorerProvider';
import { LoadMoreNode } from './nodes/loadMoreNode';
import { DocumentsNode } from './nodes/documentsNode';
import { registerRevealInExplorer } from './revealInExplorer';
import { CommandId } from '../shared/commandIds';
import { registerCopyCommands } from './copyCommands';

/**
 * The tree view and its own commands: refresh everything, refresh one list, load the next page, copy a name.
 * Every other feature gets the tree (as an `ExplorerTree` that takes their contributions) in its `FeatureHost`.
 */
export function registerExplorer(services: Services): ExplorerProvider {
  const provider = new ExplorerProvider(services);
  const view = vscode.window.createTreeView(EXPLORER_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  provider.treeView = view;
  services.context.subscriptions.push(
    provider,
    view,
    registerRevealInExplorer(services, provider, view),
    ...registerCopyCommands(services),
    registerCommand(services, CommandId.refresh, () => provider.refresh()),
    registerCommand(services, CommandId.refreshNode, (node?: ExplorerNode) => provider.refresh(isNode(node) ? node : undefined)),
    registerCommand(services, CommandId.loadMoreDocuments, async (node?: LoadMoreNode | DocumentsNode) => {
      const documents = node instanceof LoadMoreNode ? node.parent : node;
      if (documents instanceof DocumentsNode) await documents.loadMore();
    }),
  );
  return provider;
}

function isNode(value: unknown): value is ExplorerNode {
  return hasTarget(value) || (typeof value === 'object' && value !== null && typeof (value as ExplorerNode).treeItem === 'function');
}
