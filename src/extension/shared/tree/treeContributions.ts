import type * as vscode from 'vscode';
import type { ResourceTarget } from '../../base/resourceTarget';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';

/** A node of the tree with what it stands for on the service. */
export type TargetNode<T extends ResourceTarget = ResourceTarget> = ExplorerNode & { readonly target: T };

/** The kinds of node a feature may add to, and what each stands for. */
export interface NodeTargets {
  database: ResourceTarget & { db: string };
  collection: ResourceTarget & { db: string; col: string };
  deployment: ResourceTarget & { deployment: string };
}

export type NodeKind = keyof NodeTargets;

/** What a feature adds to the nodes of one kind: items below them, a mark on their own item. */
export interface TreeContribution<K extends NodeKind> {
  /** Items shown below such a node, after its own; made when the node's list is (re)loaded. */
  children?(parent: TargetNode<NodeTargets[K]>, context: ExplorerContext): ExplorerNode[] | Promise<ExplorerNode[]>;
  /** Changes the item of such a node, for example its context value. */
  decorate?(node: TargetNode<NodeTargets[K]>, item: vscode.TreeItem): void;
  /** Fires with what a node stands for when its item must be drawn again (its decoration changed). */
  readonly onDidChange?: vscode.Event<Partial<NodeTargets[K]> & ResourceTarget>;
}

/** Where features add to the tree: the explorer takes their contributions by kind of node. */
export interface TreeContributor {
  contribute<K extends NodeKind>(kind: K, contribution: TreeContribution<K>): void;
}

/** The contributions the explorer holds, by kind of node; the nodes ask them for their extra items. */
export class TreeContributions implements TreeContributor {
  private readonly byKind = new Map<NodeKind, TreeContribution<NodeKind>[]>();

  constructor(private readonly onContribute: (contribution: TreeContribution<NodeKind>) => void = () => undefined) {}

  contribute<K extends NodeKind>(kind: K, contribution: TreeContribution<K>): void {
    const list = this.byKind.get(kind) ?? [];
    list.push(contribution as unknown as TreeContribution<NodeKind>);
    this.byKind.set(kind, list);
    this.onContribute(contribution as unknown as TreeContribution<NodeKind>);
  }

  /** The items the contributions show below a node, in the order they were contributed. */
  async children<K extends NodeKind>(kind: K, parent: TargetNode<NodeTargets[K]>, context: ExplorerContext): Promise<ExplorerNode[]> {
    const lists = await Promise.all(this.of(kind).map((contribution) => contribution.children?.(parent, context) ?? []));
    return lists.flat();
  }

  /** The same, for contributions that make their items at once (a collection's children are drawn without a load). */
  childrenNow<K extends NodeKind>(kind: K, parent: TargetNode<NodeTargets[K]>, context: ExplorerContext): ExplorerNode[] {
    return this.of(kind).flatMap((contribution) => {
      const made = contribution.children?.(parent, context) ?? [];
      return Array.isArray(made) ? made : [];
    });
  }

  decorate<K extends NodeKind>(kind: K, node: TargetNode<NodeTargets[K]>, item: vscode.TreeItem): void {
    for (const contribution of this.of(kind)) contribution.decorate?.(node, item);
  }

  private of<K extends NodeKind>(kind: K): TreeContribution<K>[] {
    return (this.byKind.get(kind) ?? []) as unknown as TreeContribution<K>[];
  }
}
