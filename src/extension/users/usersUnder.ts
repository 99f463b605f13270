import type { ExplorerContext } from '../kit/tree/explorerContext';
import type { ExplorerNode } from '../kit/tree/explorerNode';
import type { NodeTargets, TargetNode } from '../kit/tree/treeContributions';
import { offers } from '../kit/availability/featureAvailability';
import { UsersNode } from './usersNode';

/** The Users item under a database, where its service offers database users (asked once per client). */
export async function usersUnder(database: TargetNode<NodeTargets['database']>, context: ExplorerContext): Promise<ExplorerNode[]> {
  const client = await context.client(database.target.accountId);
  return (await offers(client, 'users', () => client.listUsers(database.target.db))) ? [new UsersNode(database, context)] : [];
}
