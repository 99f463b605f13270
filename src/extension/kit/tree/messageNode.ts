import * as vscode from 'vscode';
import type { ExplorerNode } from './explorerNode';
import { childId } from './explorerNode';
import { ContextValue } from '../feature/contextValues';

/** A calm note in place of a list: "No databases yet", "No deployments on this account's plans". */
export class MessageNode implements ExplorerNode {
  readonly id: string;

  constructor(
    readonly parent: ExplorerNode,
    readonly message: string,
    private readonly tooltip?: string,
  ) {
    this.id = childId(parent, 'message');
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.message, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = ContextValue.message;
    item.iconPath = new vscode.ThemeIcon('info');
    if (this.tooltip) item.tooltip = this.tooltip;
    return item;
  }
}
