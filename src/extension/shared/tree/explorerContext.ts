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
  /** Makes the Schema item under a collection, once the schema feature is registered. */
  schemaNode?: (
    collection: ExplorerNode & { target: { accountId: string; db: string; col: string } },
    context: ExplorerContext,
  ) => ExplorerNode;
  /** Makes the items a database shows beyond its collections (users, operations, slow queries), once the original features are registered. */
  databaseExtras?: (
    database: ExplorerNode & { target: ResourceTarget },
    context: ExplorerContext,
    client: DbHostApi,
  ) => Promise<ExplorerNode[]>;
}
