import * as vscode from 'vscode';
import type { ResourceTarget } from '../../base/resourceTarget';
import type { ExplorerContext } from '../../shared/tree/explorerContext';
import type { ExplorerNode } from '../../shared/tree/explorerNode';
import { childId } from '../../shared/tree/explorerNode';
import { ListNode } from '../../shared/tree/listNode';
import { IndexNode } from './indexNode';
import { ContextValue } from '../../shared/contextValues';
import type { TargetNode } from '../../shared/tree/treeContributions';

export class IndexesNode extends ListNode {
  declare readonly target: ResourceTarget & { db: string; col: string };

  constructor(parent: TargetNode<ResourceTarget & { db: string; col: string }>, context: ExplorerContext) {
    const { accountId, db, col } = parent.target;
    super(childId(parent, 'indexes'), parent, { accountId, db, col }, context);
  }

  protected get what(): string {
    return vscode.l10n.t('the indexes of {0}', this.target.col);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Indexes'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = ContextValue.indexes;
    item.iconPath = new vscode.ThemeIcon('list-tree');
    const loaded = this.loadedChildren()?.filter((node) => node instanceof IndexNode);
    if (loaded) item.description = String(loaded.length);
    return item;
  }

  protected override emptyMessage(): string {
    return vscode.l10n.t('No indexes');
  }

  protected async load(): Promise<ExplorerNode[]> {
    const client = await this.context.client(this.target.accountId);
    const indexes = await client.listIndexes(this.target.db, this.target.col);
    return indexes.map((record) => new IndexNode(this, record));
  }
}
