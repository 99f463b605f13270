import type * as vscode from 'vscode';
import type { ContributedItems, ExplorerContext, NodeKind, NodeTargets, TargetNode, TreeContribution } from './explorerContext';
import type { ExplorerNode } from './explorerNode';

export type { NodeKind, NodeTargets, TargetNode, TreeContribution } from './explorerContext';

/** Where features add to the tree: the explorer takes their contributions by kind of node. */
export interface TreeContributor {
  contribute<K extends NodeKind>(kind: K, contribution: TreeContribution<K>): void;
}

/** The contributions the explorer holds, by kind of node; the nodes ask them for their extra items. */
export class TreeContributions implements TreeContributor, ContributedItems {
  private readonly byKind = new Map<NodeKind, TreeContribution<NodeKind>[]>();

  constructor(private readonly onContribute: (contribution: TreeContribution<NodeKind>) => void = () => undefined) {}

  contribute<K extends NodeKind>(kind: K, contribution: TreeContribution<K>): void {
    const list = this.byKind.get(kind) ?? [];
    list.push(contribution as unknown as TreeContribution<NodeKind>);
    this.byKind.set(kind, list);
    this.onContribute(contribution as unknown as TreeContribution<NodeKind>);
  }

  async children<K extends NodeKind>(kind: K, parent: TargetNode<NodeTargets[K]>, context: ExplorerContext): Promise<ExplorerNode[]> {
    const lists = await Promise.all(this.of(kind).map((contribution) => contribution.children?.(parent, context) ?? []));
    return lists.flat();
  }

  decorate<K extends NodeKind>(kind: K, node: TargetNode<NodeTargets[K]>, item: vscode.TreeItem): void {
    for (const contribution of this.of(kind)) contribution.decorate?.(node, item);
  }

  private of<K extends NodeKind>(kind: K): TreeContribution<K>[] {
    return (this.byKind.get(kind) ?? []) as unknown as TreeContribution<K>[];
  }
}
