import type * as vscode from 'vscode';
import type { DbHostApi } from '../../../core/api/types';
import type { Logger } from '../../base/logger';
import type { ResourceTarget } from '../../base/resourceTarget';
import type { ExplorerNode } from './explorerNode';

/** What the tree's nodes need from the extension, handed down from the tree provider. */
export interface ExplorerContext {
  readonly logger: Logger;
  client(accountId: string): Promise<DbHostApi>;
  /** Runs a load with the progress bar of the DB Host view. */
  withProgress<T>(task: () => Promise<T>): Promise<T>;
  /** Redraws a node whose label or children changed without reloading it. */
  redraw(node: ExplorerNode): void;
  /** Documents per page, from `dbhost.pageSize`, within 1..100. */
  pageSize(): number;
  /** What features add to the tree, by kind of node (`ExplorerProvider.contribute`). */
  readonly contributions: ContributedItems;
}

// The types of tree contributions live beside ExplorerContext because each names the other: a contribution's
// children are made with the context, and the context carries the contributions (treeContributions.ts holds them).

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

/** What the nodes ask of the contributions the explorer holds. */
export interface ContributedItems {
  /** The items the contributions show below a node, in the order they were contributed. */
  children<K extends NodeKind>(kind: K, parent: TargetNode<NodeTargets[K]>, context: ExplorerContext): Promise<ExplorerNode[]>;
  decorate<K extends NodeKind>(kind: K, node: TargetNode<NodeTargets[K]>, item: vscode.TreeItem): void;
}
