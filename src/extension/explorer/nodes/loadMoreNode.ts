import * as vscode from 'vscode';
import type { ExplorerNode } from '../../kit/tree/explorerNode';
import { childId } from '../../kit/tree/explorerNode';
import { formatCount } from '../../../core/text/formatCount';
import { CommandId } from '../../kit/feature/commandIds';
import { ContextValue } from '../../kit/feature/contextValues';

export interface PagedList extends ExplorerNode {
  readonly remaining: number | undefined;
}

/** The last item of a paged list: fetches only the next page. */
export class LoadMoreNode implements ExplorerNode {
  readonly id: string;

  constructor(readonly parent: PagedList) {
    this.id = childId(parent, 'loadMore');
  }

  get target() {
    return this.parent.target;
  }

  treeItem(): vscode.TreeItem {
    const remaining = this.parent.remaining;
    const label = remaining === undefined ? vscode.l10n.t('Load more') : vscode.l10n.t('Load more ({0} remaining)', formatCount(remaining));
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = ContextValue.loadMore;
    item.iconPath = new vscode.ThemeIcon('fold-down');
    item.command = { command: CommandId.loadMoreDocuments, title: vscode.l10n.t('Load More'), arguments: [this] };
    return item;
  }
}
