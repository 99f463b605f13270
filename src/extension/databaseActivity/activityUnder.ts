import type { ExplorerContext } from '../kit/tree/explorerContext';
import type { ExplorerNode } from '../kit/tree/explorerNode';
import type { NodeTargets, TargetNode } from '../kit/tree/treeContributions';
import { offers } from '../kit/availability/featureAvailability';
import { OperationsNode, SlowQueriesNode } from './activityNodes';

/** Current Operations and Slow Queries under a database, each where its service offers it (asked once per client). */
export async function activityUnder(database: TargetNode<NodeTargets['database']>, context: ExplorerContext): Promise<ExplorerNode[]> {
  const { accountId, db } = database.target;
  const client = await context.client(accountId);
  const [operations, slowQueries] = await Promise.all([
    offers(client, 'operations', () => client.listOperations(db)),
    offers(client, 'slowQueries', () => client.listSlowQueries(db)),
  ]);
  return [...(operations ? [new OperationsNode(database, context)] : []), ...(slowQueries ? [new SlowQueriesNode(database, context)] : [])];
}
