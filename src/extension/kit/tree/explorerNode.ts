import type * as vscode from 'vscode';
import type { ResourceTarget } from '../../base/resourceTarget';

/** One item of the DB Host tree. */
export interface ExplorerNode {
  /** Unique in the whole tree and stable across reloads, so VS Code keeps expansion and selection. */
  readonly id: string;
  readonly parent: ExplorerNode | undefined;
  /** What commands run on this item act on; absent for items that stand for nothing on the service. */
  readonly target?: ResourceTarget;
  treeItem(): vscode.TreeItem;
  /** A tooltip worked out when the item is hovered, for an item whose tooltip changes without a redraw. */
  resolveTooltip?(): string | undefined;
  /** Absent for leaves. Children are cached until {@link reset}. */
  children?(): Promise<ExplorerNode[]>;
  /** Forgets what was loaded below this node, so the next look loads it again. */
  reset?(): void;
  /** Takes over the record of a freshly loaded node with the same id, keeping what is cached below this one. */
  adopt?(fresh: ExplorerNode): boolean;
  /** Tries again what failed below this node; an error item's Retry asks its parent, and reloads it when absent. */
  retry?(): Promise<void>;
  /** Children already loaded, without loading anything. */
  loadedChildren?(): readonly ExplorerNode[] | undefined;
}

/** A tree id segment: names may hold any character, ids are joined with '/'. */
export function idPart(kind: string, name?: string | number): string {
  return name === undefined ? kind : `${kind}:${encodeURIComponent(String(name))}`;
}

export function childId(parent: ExplorerNode | undefined, kind: string, name?: string | number): string {
  return parent ? `${parent.id}/${idPart(kind, name)}` : idPart(kind, name);
}
