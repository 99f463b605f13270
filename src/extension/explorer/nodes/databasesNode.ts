import * as vscode from 'vscode';
import type { ExplorerContext } from '../../shared/tree/explorerContext';
import type { ExplorerNode } from '../../shared/tree/explorerNode';
import { childId } from '../../shared/tree/explorerNode';
import { ListNode } from '../../shared/tree/listNode';
import { DatabaseNode } from './databaseNode';
import { ContextValue } from '../../shared/contextValues';
import type { TargetNode } from '../../shared/tree/treeContributions';

export class DatabasesNode extends ListNode {
  protected readonly what = 'databases';

  constructor(parent: TargetNode, context: ExplorerContext) {
    super(childId(parent, 'databases'), parent, { accountId: parent.target.accountId }, context);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Databases'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = ContextValue.databases;
    item.iconPath = new vscode.ThemeIcon('database');
    const loaded = this.loadedChildren()?.filter((node) => node instanceof DatabaseNode);
    if (loaded) item.description = String(loaded.length);
    return item;
  }

  protected override emptyMessage(): string {
    return vscode.l10n.t('No databases yet');
  }

  protected async load(): Promise<ExplorerNode[]> {
    const client = await this.context.client(this.target.accountId);
    const databases = await client.listDatabases();
    return databases.map((record) => new DatabaseNode(this, record, this.context));
  }
}
