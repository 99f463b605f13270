import * as vscode from 'vscode';
import { isServiceError } from '../../../core/api/serviceError';
import type { ExplorerContext } from '../../shared/tree/explorerContext';
import type { ExplorerNode } from '../../shared/tree/explorerNode';
import { childId } from '../../shared/tree/explorerNode';
import { ListNode } from '../../shared/tree/listNode';
import { DeploymentNode } from './deploymentNode';
import { MessageNode } from '../../shared/tree/messageNode';
import { ContextValue } from '../../shared/contextValues';
import type { TargetNode } from '../../shared/tree/treeContributions';

/** Statuses with which the service says the account's plans have no deployments to show. */
const NO_DEPLOYMENTS_STATUSES = new Set([403, 404, 501]);

export class DeploymentsNode extends ListNode {
  protected readonly what = 'deployments';

  constructor(parent: TargetNode, context: ExplorerContext) {
    super(childId(parent, 'deployments'), parent, { accountId: parent.target.accountId }, context);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Deployments'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = ContextValue.deployments;
    item.iconPath = new vscode.ThemeIcon('server-environment');
    return item;
  }

  protected override emptyMessage(): string {
    return vscode.l10n.t('No deployments');
  }

  protected override failed(error: unknown): ExplorerNode[] {
    if (isServiceError(error) && error.kind === 'http' && error.status !== undefined && NO_DEPLOYMENTS_STATUSES.has(error.status)) {
      return [
        new MessageNode(
          this,
          vscode.l10n.t("No deployments on this account's plans"),
          vscode.l10n.t('Deployments, their details and logs exist only for larger shared plans, dedicated and custom installs.'),
        ),
      ];
    }
    return super.failed(error);
  }

  protected async load(): Promise<ExplorerNode[]> {
    const client = await this.context.client(this.target.accountId);
    const deployments = await client.listDeployments();
    return deployments.map((record) => new DeploymentNode(this, record));
  }
}
