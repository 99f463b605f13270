import { DatabaseNode } from './databaseNode';
import { ContextValue } from '../../shared/contextValues';
import { listNode } from '../../shared/tree/listNode';

export const DatabasesNode = listNode({
  kind: 'databases',
  label: 'Databases',
  icon: 'database',
  contextValue: ContextValue.databases,
  target: (parent) => ({ accountId: parent.accountId }),
  what: () => 'databases',
  empty: 'No databases yet',
  load: async (client, list, context) => (await client.listDatabases()).map((record) => new DatabaseNode(list, record, context)),
  counts: (node) => node instanceof DatabaseNode,
});
