import type * as vscode from 'vscode';
import type { ExplorerNode } from './explorerNode';

/**
 * The DB Host tree as features outside the explorer see it: an account's node (to walk what is loaded
 * below it), a reload of one node, and the view that shows it. The composition root hands the explorer
 * over as this, so no feature imports the explorer's classes.
 */
export interface ExplorerTree {
  accountNode(accountId: string): ExplorerNode | undefined;
  /** Loads a node's list again (everything when no node is given). */
  refresh(node?: ExplorerNode): Promise<void>;
  readonly treeView: vscode.TreeView<ExplorerNode> | undefined;
}
