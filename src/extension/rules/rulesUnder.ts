import { collectionRulesOf } from '../../core/api/collectionRules';
import { isCancellation } from '../base/registerCommand';
import { isKnownAbsent } from '../kit/availability/featureAvailability';
import type { ExplorerContext } from '../kit/tree/explorerContext';
import type { ExplorerNode } from '../kit/tree/explorerNode';
import type { NodeTargets, TargetNode } from '../kit/tree/treeContributions';
import { RulesNode } from './rulesNode';

type CollectionNode = TargetNode<NodeTargets['collection']>;

/**
 * The Rules item under a collection whose statistics show rules; nothing on a service known not to keep rules
 * (asked nothing then) or when the statistics cannot be read (the rest of the collection's items still show).
 */
export async function rulesUnder(
  collection: CollectionNode,
  context: ExplorerContext,
  shown: (node: CollectionNode) => void,
): Promise<ExplorerNode[]> {
  const { accountId, db, col } = collection.target;
  shown(collection);
  try {
    const client = await context.client(accountId);
    if (isKnownAbsent(client, 'rules')) return [];
    const rules = collectionRulesOf(await client.getCollectionStats(db, col));
    return rules ? [new RulesNode(collection, rules)] : [];
  } catch (error) {
    if (!isCancellation(error)) context.logger.warn(`Could not read the rules of ${db}.${col}: ${context.logger.describe(error)}`);
    return [];
  }
}
