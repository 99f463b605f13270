import * as vscode from 'vscode';
import type { DeploymentRecord } from '../../../core/api/types';
import type { ResourceTarget } from '../../base/resourceTarget';
import type { ExplorerNode } from '../../kit/tree/explorerNode';
import { childId } from '../../kit/tree/explorerNode';
import { textField } from '../../kit/display/recordText';
import { recordTooltip } from '../recordTooltip';
import { CommandId } from '../../kit/feature/commandIds';
import { ContextValue } from '../../kit/feature/contextValues';
import type { TargetNode } from '../../kit/tree/treeContributions';

type DeploymentTarget = ResourceTarget & { deployment: string };

/** A deployment: its details and its logs. */
export class DeploymentNode implements ExplorerNode {
  readonly id: string;
  readonly name: string;
  readonly target: DeploymentTarget;
  private readonly items: ExplorerNode[];

  constructor(
    readonly parent: TargetNode,
    readonly record: DeploymentRecord,
  ) {
    this.name = textField(record, 'name') ?? String(record.name);
    this.id = childId(parent, 'deployment', this.name);
    this.target = { accountId: parent.target.accountId, deployment: this.name };
    this.items = [new DeploymentDetailsNode(this), new DeploymentLogsNode(this)];
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = ContextValue.deployment;
    item.description = textField(this.record, 'plan', 'type', 'status');
    item.iconPath = new vscode.ThemeIcon('server');
    item.tooltip = recordTooltip('deployment', this.name, this.record);
    return item;
  }

  async children(): Promise<ExplorerNode[]> {
    return this.items;
  }

  loadedChildren(): readonly ExplorerNode[] {
    return this.items;
  }
}

export class DeploymentDetailsNode implements ExplorerNode {
  readonly id: string;
  readonly target: DeploymentTarget;

  constructor(readonly parent: DeploymentNode) {
    this.id = childId(parent, 'details');
    this.target = parent.target;
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Details'), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = ContextValue.deploymentDetails;
    item.iconPath = new vscode.ThemeIcon('info');
    item.command = { command: CommandId.showDeploymentDetails, title: vscode.l10n.t('Show Deployment Details'), arguments: [this] };
    return item;
  }
}

export class DeploymentLogsNode implements ExplorerNode {
  readonly id: string;
  readonly target: DeploymentTarget;

  constructor(readonly parent: DeploymentNode) {
    this.id = childId(parent, 'logs');
    this.target = parent.target;
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Logs'), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = ContextValue.deploymentLogs;
    item.iconPath = new vscode.ThemeIcon('output');
    item.tooltip = vscode.l10n.t("Tail this deployment's logs");
    item.command = { command: CommandId.tailLogs, title: vscode.l10n.t('Tail Logs'), arguments: [this.target] };
    return item;
  }
}
