import * as vscode from 'vscode';
import { DatabaseNode } from './databaseNode';
import { ContextValue } from '../../shared/contextValues';
import { listNode } from '../../shared/tree/listNode';

export const DatabasesNode = listNode({
  kind: 'databases',
  label: () => vscode.l10n.t('Databases'),
  icon: 'database',
  contextValue: ContextValue.databases,
  target: (parent) => ({ accountId: parent.accountId }),
  what: () => 'databases',
  empty: () => vscode.l10n.t('No databases yet'),
  load: async (client, list, context) => (await client.listDatabases()).map((record) => new DatabaseNode(list, record, context)),
  counts: (node) => node instanceof DatabaseNode,
});
