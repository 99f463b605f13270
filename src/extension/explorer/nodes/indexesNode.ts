import * as vscode from 'vscode';
import { IndexNode } from './indexNode';
import { ContextValue } from '../../kit/feature/contextValues';
import { listNode } from '../../kit/tree/listNode';

export const IndexesNode = listNode({
  kind: 'indexes',
  label: () => vscode.l10n.t('Indexes'),
  icon: 'list-tree',
  contextValue: ContextValue.indexes,
  target: (parent) => ({ accountId: parent.accountId, db: parent.db ?? '', col: parent.col ?? '' }),
  what: (target) => vscode.l10n.t('the indexes of {0}', target.col),
  empty: () => vscode.l10n.t('No indexes'),
  load: async (client, list) => (await client.listIndexes(list.target.db, list.target.col)).map((record) => new IndexNode(list, record)),
  counts: (node) => node instanceof IndexNode,
});
export type IndexesNode = InstanceType<typeof IndexesNode>;
