import type { DbHostApi } from '../../core/api/types';
import type { ResourceTarget } from '../base/resourceTarget';
import { OperationsNode, SlowQueriesNode } from '../databaseActivity/activityNodes';
import type { ExplorerContext } from '../shared/tree/explorerContext';
import type { ExplorerNode } from '../shared/tree/explorerNode';
import { UsersNode } from '../users/usersNode';
import { offers } from '../shared/featureAvailability';

/**
 * The nodes a database shows beyond its collections, for the original endpoints its service offers:
 * Users, Current Operations, Slow Queries. Each is asked about once per client; a service that answers
 * "no such endpoint" simply shows none of it.
 */
export async function databaseExtras(
  database: ExplorerNode & { target: ResourceTarget },
  context: ExplorerContext,
  client: DbHostApi,
): Promise<ExplorerNode[]> {
  const db = database.target.db;
  if (db === undefined) return [];
  const parent = database as ExplorerNode & { target: ResourceTarget & { db: string } };
  const [users, operations, slowQueries] = await Promise.all([
    offers(client, 'users', () => client.listUsers(db)),
    offers(client, 'operations', () => client.listOperations(db)),
    offers(client, 'slowQueries', () => client.listSlowQueries(db)),
  ]);
  const extras: ExplorerNode[] = [];
  if (users) extras.push(new UsersNode(parent, context));
  if (operations) extras.push(new OperationsNode(parent, context));
  if (slowQueries) extras.push(new SlowQueriesNode(parent, context));
  return extras;
}
