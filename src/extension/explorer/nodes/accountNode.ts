import * as vscode from 'vscode';
import type { Account } from '../../kit/accounts/account';
import { sendsKeyInClear } from '../../kit/accounts/account';
import type { ResourceTarget } from '../../base/resourceTarget';
import { lookOf } from '../../kit/accounts/accountLook';
import type { ExplorerContext } from '../../kit/tree/explorerContext';
import type { ExplorerNode } from '../../kit/tree/explorerNode';
import { childId } from '../../kit/tree/explorerNode';
import { DatabasesNode } from './databasesNode';
import { DeploymentsNode } from './deploymentsNode';
import { InvoicesNode } from './invoicesNode';
import { PlansNode } from './plansNode';
import { ContextValue } from '../../kit/feature/contextValues';

/** An account: its four groups are fixed, so expanding it fetches nothing. */
export class AccountNode implements ExplorerNode {
  readonly id: string;
  readonly parent = undefined;
  readonly target: ResourceTarget;
  private groups: ExplorerNode[] | undefined;

  constructor(
    public account: Account,
    private readonly context: ExplorerContext,
    /** Set when this is the account of the local service this window runs. */
    public localServiceRunning = false,
  ) {
    this.id = childId(undefined, 'account', account.id);
    this.target = { accountId: account.id };
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.account.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = ContextValue.account;
    const look = lookOf(this.account);
    item.description =
      (look?.prefix ?? '') + (this.localServiceRunning ? `${hostOf(this.account.baseUrl)} · running here` : hostOf(this.account.baseUrl));
    item.iconPath = new vscode.ThemeIcon(this.localServiceRunning ? 'vm-running' : (look?.icon ?? 'account'), look?.color);
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(`**${escapeMarkdown(this.account.label)}**\n\n`);
    tooltip.appendText(this.account.baseUrl);
    if (sendsKeyInClear(this.account.baseUrl)) tooltip.appendMarkdown(vscode.l10n.t('\n\n$(warning) The key travels in clear over http.'));
    tooltip.supportThemeIcons = true;
    item.tooltip = tooltip;
    return item;
  }

  async children(): Promise<ExplorerNode[]> {
    this.groups ??= [
      new DatabasesNode(this, this.context),
      new DeploymentsNode(this, this.context),
      new InvoicesNode(this, this.context),
      new PlansNode(this, this.context),
    ];
    return this.groups;
  }

  loadedChildren(): readonly ExplorerNode[] | undefined {
    return this.groups;
  }

  reset(): void {
    this.groups = undefined;
  }
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
