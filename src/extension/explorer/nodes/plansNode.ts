import * as vscode from 'vscode';
import type { PlanRecord } from '../../../core/api/types';
import type { ResourceTarget } from '../../base/resourceTarget';
import type { ExplorerContext } from '../../shared/tree/explorerContext';
import type { ExplorerNode } from '../../shared/tree/explorerNode';
import { childId } from '../../shared/tree/explorerNode';
import { ListNode } from '../../shared/tree/listNode';
import { formatPrice, numberField, textField } from '../../shared/recordText';
import { recordTooltip } from '../recordTooltip';
import { CommandId } from '../../shared/commandIds';
import { ContextValue } from '../../shared/contextValues';
import type { TargetNode } from '../../shared/tree/treeContributions';

export class PlansNode extends ListNode {
  protected readonly what = 'plans';

  constructor(parent: TargetNode, context: ExplorerContext) {
    super(childId(parent, 'plans'), parent, { accountId: parent.target.accountId }, context);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Plans'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = ContextValue.plans;
    item.iconPath = new vscode.ThemeIcon('tag');
    return item;
  }

  protected override emptyMessage(): string {
    return vscode.l10n.t('No plans');
  }

  protected async load(): Promise<ExplorerNode[]> {
    const client = await this.context.client(this.target.accountId);
    const plans = await client.listPlans();
    return plans.map((record) => new PlanNode(this, record));
  }
}

/** A plan: its name and price; clicking shows the whole record. */
export class PlanNode implements ExplorerNode {
  readonly id: string;
  readonly slug: string;
  readonly target: ResourceTarget;

  constructor(
    readonly parent: TargetNode,
    readonly record: PlanRecord,
  ) {
    this.slug = textField(record, 'slug', 'name') ?? String(record.slug);
    this.id = childId(parent, 'plan', this.slug);
    this.target = { accountId: parent.target.accountId, plan: this.slug };
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(textField(this.record, 'name') ?? this.slug, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = ContextValue.plan;
    item.description = [formatPrice(numberField(this.record, 'price')), textField(this.record, 'type')].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon('tag');
    item.tooltip = recordTooltip('plan', textField(this.record, 'name') ?? this.slug, this.record);
    item.command = { command: CommandId.showPlan, title: vscode.l10n.t('Show Plan'), arguments: [this] };
    return item;
  }
}
