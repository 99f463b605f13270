import type { DbHostApi } from '../../../core/api/types';
import type { Logger } from '../../base/logger';
import type { ExplorerNode } from './explorerNode';
import type { TreeContributions } from './treeContributions';

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
  readonly contributions: TreeContributions;
}
