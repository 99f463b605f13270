import type { ExplorerContext } from '../shared/tree/explorerContext';
import type { ExplorerNode } from '../shared/tree/explorerNode';
import type { NodeTargets, TargetNode } from '../shared/tree/treeContributions';
import { offers } from '../shared/featureAvailability';
import { UsersNode } from './usersNode';

/** The Users item under a database, where its service offers database users (asked once per client). */
export async function usersUnder(database: TargetNode<NodeTargets['database']>, context: ExplorerContext): Promise<ExplorerNode[]> {
  const client = await context.client(database.target.accountId);
  return (await offers(client, 'users', () => client.listUsers(database.target.db))) ? [new UsersNode(database, context)] : [];
}
