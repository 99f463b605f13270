import * as vscode from 'vscode';
import { clampPageSize } from '../../core/paging/pager';
import { setting } from '../base/settings';
import type { Account } from '../kit/accounts/account';
import type { ChangedList, ResourceTarget } from '../base/resourceTarget';
import { Disposable } from '../base/disposable';
import type { Services } from '../services';
import type { ExplorerContext } from '../kit/tree/explorerContext';
import type { ExplorerNode } from '../kit/tree/explorerNode';
import type { ExplorerTree } from '../kit/tree/explorerTree';
import type { NodeKind, TreeContribution, TreeContributor } from '../kit/tree/treeContributions';
import { TreeContributions } from '../kit/tree/treeContributions';
import { AccountNode } from './nodes/accountNode';
import { DatabaseNode } from './nodes/databaseNode';
import { DatabasesNode } from './nodes/databasesNode';
import { DeploymentLogsNode, DeploymentNode } from './nodes/deploymentNode';
import { DeploymentsNode } from './nodes/deploymentsNode';
import { DocumentsNode } from './nodes/documentsNode';
import { ErrorNode } from '../kit/tree/errorNode';
import { IndexesNode } from './nodes/indexesNode';
import { InvoicesNode } from './nodes/invoicesNode';
import { PlansNode } from './nodes/plansNode';

export const EXPLORER_VIEW_ID = 'dbhost.explorer';

/**
 * The DB Host tree. Nothing is fetched until a node is expanded; what was fetched is kept until that
 * node is refreshed, by the user or because a command changed it (`services.changes`).
 */
export class ExplorerProvider extends Disposable implements vscode.TreeDataProvider<ExplorerNode>, ExplorerTree, TreeContributor {
  private readonly changed = this.register(new vscode.EventEmitter<ExplorerNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private accountNodes = new Map<string, AccountNode>();
  private readonly context: ExplorerContext;
  private localAccountId: string | undefined;
  private readonly contributions = new TreeContributions((contribution) =>
    contribution.onDidChange ? this.register(contribution.onDidChange((target) => this.redrawMatching(target))) : undefined,
  );
  /** The view that shows this tree, once created: what it has selected is what the user sees selected. */
  treeView: vscode.TreeView<ExplorerNode> | undefined;

  constructor(private readonly services: Services) {
    super();
    this.context = {
      logger: services.logger,
      client: (accountId) => services.accounts.clientFor(accountId),
      withProgress: async (task) => vscode.window.withProgress({ location: { viewId: EXPLORER_VIEW_ID } }, task),
      redraw: (node) => this.changed.fire(node),
      pageSize: () => pageSizeSetting(),
      contributions: this.contributions,
    };
    this.register(services.accounts.onDidChange(() => this.syncAccounts()));
    this.register(services.changes.onDidChange(({ target, list }) => this.refreshChanged(target, list)));
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('dbhost.pageSize')) this.refreshAll(DocumentsNode);
      }),
    );
  }

  getTreeItem(node: ExplorerNode): vscode.TreeItem {
    const item = node.treeItem();
    if (isDeploymentItem(node)) this.contributions.decorate('deployment', node, item);
    return item;
  }

  resolveTreeItem(item: vscode.TreeItem, node: ExplorerNode): vscode.TreeItem {
    if (item.tooltip === undefined && node.resolveTooltip) item.tooltip = node.resolveTooltip();
    return item;
  }

  /** Adds a feature's items below the nodes of a kind, or its mark on their items. */
  contribute<K extends NodeKind>(kind: K, contribution: TreeContribution<K>): vscode.Disposable {
    return this.contributions.contribute(kind, contribution);
  }

  /** Draws again the loaded deployment items a contribution's change concerns. */
  private redrawMatching(target: ResourceTarget & { deployment?: string }): void {
    const account = this.accountNodes.get(target.accountId);
    if (!account) return;
    for (const node of loadedNodes(account)) {
      if (isDeploymentItem(node) && node.target.deployment === target.deployment) this.changed.fire(node);
    }
  }

  async getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    if (!node) return this.roots();
    return node.children ? node.children() : [];
  }

  getParent(node: ExplorerNode): ExplorerNode | undefined {
    return node.parent;
  }

  /** Loads a node's list again; on an error item, retries what failed. */
  async refresh(node?: ExplorerNode): Promise<void> {
    if (!node) {
      for (const account of this.accountNodes.values()) account.reset();
      this.changed.fire(undefined);
      return;
    }
    if (node instanceof ErrorNode) {
      const parent = node.parent;
      if (parent.retry) return parent.retry();
      return this.refresh(parent);
    }
    if (node.reset) {
      node.reset();
      this.changed.fire(node);
    } else if (node.parent) {
      return this.refresh(node.parent);
    }
  }

  /** Marks the account whose local service this window runs. */
  setLocalAccount(accountId: string | undefined): void {
    for (const id of [this.localAccountId, accountId]) {
      const node = id === undefined ? undefined : this.accountNodes.get(id);
      if (node) {
        node.localServiceRunning = id === accountId;
        this.changed.fire(node);
      }
    }
    this.localAccountId = accountId;
  }

  accountNode(accountId: string): AccountNode | undefined {
    this.roots();
    return this.accountNodes.get(accountId);
  }

  private roots(): AccountNode[] {
    if (this.accountNodes.size === 0) this.syncAccounts(false);
    return [...this.accountNodes.values()];
  }

  /** Keeps the nodes of accounts whose address did not change, so their loaded lists stay. */
  private syncAccounts(fire = true): void {
    const nodes = new Map<string, AccountNode>();
    for (const account of this.services.accounts.list()) {
      const existing = this.accountNodes.get(account.id);
      nodes.set(
        account.id,
        existing && existing.account.baseUrl === account.baseUrl ? withAccount(existing, account) : this.newAccountNode(account),
      );
    }
    this.accountNodes = nodes;
    if (fire) this.changed.fire(undefined);
  }

  private newAccountNode(account: Account): AccountNode {
    return new AccountNode(account, this.context, account.id === this.localAccountId);
  }

  /** Reloads only the part of the tree a command changed, and only if it was loaded. */
  private refreshChanged(target: ResourceTarget, list: ChangedList): void {
    const account = this.accountNodes.get(target.accountId);
    if (!account) return;
    if (list === 'account') {
      void this.refresh(account);
      return;
    }
    for (const node of loadedNodes(account)) {
      if (!matches(node, target, list)) continue;
      if (list === 'document') {
        if (node instanceof DocumentsNode && target.docId !== undefined) void node.refreshDocument(target.docId);
        continue;
      }
      if (node instanceof DatabasesNode || node instanceof DatabaseNode) node.reset({ keepUnchanged: true });
      else node.reset?.();
      this.changed.fire(node);
      if (node instanceof DocumentsNode) this.changed.fire(node.parent);
    }
  }

  private refreshAll(kind: abstract new (...args: never[]) => ExplorerNode): void {
    for (const account of this.accountNodes.values()) {
      for (const node of loadedNodes(account)) {
        if (node instanceof kind) void this.refresh(node);
      }
    }
  }
}

function isDeploymentItem(node: ExplorerNode): node is DeploymentNode | DeploymentLogsNode {
  return node instanceof DeploymentNode || node instanceof DeploymentLogsNode;
}

function withAccount(node: AccountNode, account: Account): AccountNode {
  node.account = account;
  return node;
}

function* loadedNodes(node: ExplorerNode): Generator<ExplorerNode> {
  yield node;
  for (const child of node.loadedChildren?.() ?? []) yield* loadedNodes(child);
}

function matches(node: ExplorerNode, target: ResourceTarget, list: ChangedList): boolean {
  const at = node.target;
  switch (list) {
    case 'account':
      return false;
    case 'databases':
      return node instanceof DatabasesNode;
    case 'collections':
      return node instanceof DatabaseNode && at?.db === target.db;
    case 'documents':
      return node instanceof DocumentsNode && at?.db === target.db && (target.col === undefined || at?.col === target.col);
    case 'document':
      return node instanceof DocumentsNode && at?.db === target.db && at?.col === target.col;
    case 'indexes':
      return node instanceof IndexesNode && at?.db === target.db && (target.col === undefined || at?.col === target.col);
    case 'deployments':
      return node instanceof DeploymentsNode;
    case 'invoices':
      return node instanceof InvoicesNode;
    case 'plans':
      return node instanceof PlansNode;
  }
}

export function pageSizeSetting(): number {
  return clampPageSize(setting('pageSize'));
}
