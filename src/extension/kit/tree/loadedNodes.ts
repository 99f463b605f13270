import type { ExplorerNode } from './explorerNode';
import type { ExplorerTree } from './explorerTree';

/** Every node already loaded under an account's node, without loading anything. */
export function loadedUnderAccount(explorer: ExplorerTree, accountId: string): ExplorerNode[] {
  const root = explorer.accountNode(accountId);
  const found: ExplorerNode[] = [];
  const visit = (node: ExplorerNode) => {
    found.push(node);
    for (const child of node.loadedChildren?.() ?? []) visit(child);
  };
  if (root) visit(root);
  return found;
}

/** Reloads the loaded nodes of a kind that match `where`. */
export async function refreshLoaded<T extends ExplorerNode>(
  explorer: ExplorerTree,
  accountId: string,
  kind: abstract new (...args: never[]) => T,
  where: (node: T) => boolean,
): Promise<void> {
  for (const node of loadedUnderAccount(explorer, accountId)) if (node instanceof kind && where(node)) await explorer.refresh(node);
}
