import * as vscode from 'vscode';
import type { InvoiceRecord } from '../../../core/api/types';
import type { ResourceTarget } from '../../base/resourceTarget';
import type { ExplorerNode } from '../../kit/tree/explorerNode';
import { childId } from '../../kit/tree/explorerNode';
import { numberField, textField } from '../../kit/display/recordText';
import { recordTooltip } from '../recordTooltip';
import { CommandId } from '../../kit/feature/commandIds';
import { ContextValue } from '../../kit/feature/contextValues';
import type { TargetNode } from '../../kit/tree/treeContributions';
import { listNode } from '../../kit/tree/listNode';

export const InvoicesNode = listNode({
  kind: 'invoices',
  label: () => vscode.l10n.t('Invoices'),
  icon: 'credit-card',
  contextValue: ContextValue.invoices,
  target: (parent) => ({ accountId: parent.accountId }),
  what: () => 'invoices',
  empty: () => vscode.l10n.t('No invoices'),
  load: async (client, list) => (await client.listInvoices()).map((record) => new InvoiceNode(list, record)),
});

/** One invoice: its date and amount, unpaid ones marked; clicking shows it in full. */
export class InvoiceNode implements ExplorerNode {
  readonly id: string;
  readonly invoiceId: string | number;
  readonly target: ResourceTarget;

  constructor(
    readonly parent: TargetNode,
    readonly record: InvoiceRecord,
  ) {
    this.invoiceId = typeof record.id === 'number' ? record.id : (textField(record, 'id') ?? String(record.id));
    this.id = childId(parent, 'invoice', this.invoiceId);
    this.target = { accountId: parent.target.accountId, invoice: this.invoiceId };
  }

  treeItem(): vscode.TreeItem {
    const date = textField(this.record, 'bill_date', 'date');
    const item = new vscode.TreeItem(date ? `${date} · #${this.invoiceId}` : `#${this.invoiceId}`, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = ContextValue.invoice;
    const amount = numberField(this.record, 'amount');
    const paid = this.record.is_paid;
    item.description = [amount === undefined ? undefined : `$${amount.toFixed(2)}`, paid === false ? 'unpaid' : undefined]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = new vscode.ThemeIcon(paid === false ? 'warning' : 'note');
    item.tooltip = recordTooltip('invoice', `Invoice #${this.invoiceId}`, this.record);
    item.command = { command: CommandId.showInvoice, title: vscode.l10n.t('Show Invoice'), arguments: [this] };
    return item;
  }
}
