import * as vscode from 'vscode';
import { DatabaseNode } from './databaseNode';
import { isKnownAbsent } from '../../kit/availability/featureAvailability';
import { ContextValue } from '../../kit/feature/contextValues';
import { listNode } from '../../kit/tree/listNode';

export const DatabasesNode = listNode({
  kind: 'databases',
  label: () => vscode.l10n.t('Databases'),
  icon: 'database',
  contextValue: ContextValue.databases,
  target: (parent) => ({ accountId: parent.accountId }),
  what: () => 'databases',
  empty: () => vscode.l10n.t('No databases yet'),
  load: async (client, list, context) => {
    const databases = await client.listDatabases();
    const copyOffered = !isKnownAbsent(client, 'copyDatabase');
    return databases.map((record) => new DatabaseNode(list, record, context, copyOffered));
  },
  counts: (node) => node instanceof DatabaseNode,
});
