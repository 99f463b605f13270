import * as vscode from 'vscode';
import type { PlanRecord } from '../../../core/api/types';
import type { ResourceTarget } from '../../base/resourceTarget';
import type { ExplorerNode } from '../../kit/tree/explorerNode';
import { childId } from '../../kit/tree/explorerNode';
import { formatPrice, numberField, textField } from '../../kit/display/recordText';
import { recordTooltip } from '../recordTooltip';
import { CommandId } from '../../kit/feature/commandIds';
import { ContextValue } from '../../kit/feature/contextValues';
import type { TargetNode } from '../../kit/tree/treeContributions';
import { listNode } from '../../kit/tree/listNode';

export const PlansNode = listNode({
  kind: 'plans',
  label: () => vscode.l10n.t('Plans'),
  icon: 'tag',
  contextValue: ContextValue.plans,
  target: (parent) => ({ accountId: parent.accountId }),
  what: () => 'plans',
  empty: () => vscode.l10n.t('No plans'),
  load: async (client, list) => (await client.listPlans()).map((record) => new PlanNode(list, record)),
});

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
