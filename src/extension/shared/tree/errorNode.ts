import * as vscode from 'vscode';
import type { ExplorerNode } from './explorerNode';
import { childId } from './explorerNode';
import { CommandId } from '../commandIds';
import { ContextValue } from '../contextValues';

/** Stands in for a list that failed to load: its message, and a retry that reloads the list. */
export class ErrorNode implements ExplorerNode {
  readonly id: string;

  constructor(
    readonly parent: ExplorerNode,
    readonly message: string,
  ) {
    this.id = childId(parent, 'error');
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(firstLine(this.message), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = ContextValue.error;
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'));
    item.tooltip = `${this.message}\n\nClick to try again.`;
    item.command = { command: CommandId.refreshNode, title: 'Try Again', arguments: [this] };
    return item;
  }
}

function firstLine(text: string): string {
  const line = text.split(/\r?\n/, 1)[0];
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
