import type * as vscode from 'vscode';
import type { ContributedItems, ExplorerContext, NodeKind, NodeTargets, TargetNode, TreeContribution } from './explorerContext';
import type { ExplorerNode } from './explorerNode';

export type { NodeKind, NodeTargets, TargetNode, TreeContribution } from './explorerContext';

/**
 * Where features add to the tree: the explorer takes their contributions by kind of node. Disposing what
 * `contribute` returns takes the contribution out again (a feature that failed to activate leaves none).
 */
export interface TreeContributor {
  contribute<K extends NodeKind>(kind: K, contribution: TreeContribution<K>): vscode.Disposable;
}

/** The contributions the explorer holds, by kind of node; the nodes ask them for their extra items. */
export class TreeContributions implements TreeContributor, ContributedItems {
  private readonly byKind = new Map<NodeKind, TreeContribution<NodeKind>[]>();

  /** `onContribute` returns what it set up for the contribution, disposed when the contribution is taken out. */
  constructor(
    private readonly onContribute: (contribution: TreeContribution<NodeKind>) => vscode.Disposable | undefined = () => undefined,
  ) {}

  contribute<K extends NodeKind>(kind: K, contribution: TreeContribution<K>): vscode.Disposable {
    const added = contribution as unknown as TreeContribution<NodeKind>;
    const list = this.byKind.get(kind) ?? [];
    list.push(added);
    this.byKind.set(kind, list);
    const setUp = this.onContribute(added);
    return {
      dispose: () => {
        this.byKind.set(
          kind,
          (this.byKind.get(kind) ?? []).filter((held) => held !== added),
        );
        setUp?.dispose();
      },
    };
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
