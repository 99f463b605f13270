import * as vscode from 'vscode';
import type { InvoiceRecord } from '../../../core/api/types';
import type { ResourceTarget } from '../../base/resourceTarget';
import type { ExplorerContext } from '../../shared/tree/explorerContext';
import type { ExplorerNode } from '../../shared/tree/explorerNode';
import { childId } from '../../shared/tree/explorerNode';
import { ListNode } from '../../shared/tree/listNode';
import { numberField, textField } from '../../shared/recordText';
import { recordTooltip } from '../recordTooltip';
import { CommandId } from '../../shared/commandIds';
import { ContextValue } from '../../shared/contextValues';
import type { TargetNode } from '../../shared/tree/treeContributions';

export class InvoicesNode extends ListNode {
  protected readonly what = 'invoices';

  constructor(parent: TargetNode, context: ExplorerContext) {
    super(childId(parent, 'invoices'), parent, { accountId: parent.target.accountId }, context);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Invoices'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = ContextValue.invoices;
    item.iconPath = new vscode.ThemeIcon('credit-card');
    return item;
  }

  protected override emptyMessage(): string {
    return vscode.l10n.t('No invoices');
  }

  protected async load(): Promise<ExplorerNode[]> {
    const client = await this.context.client(this.target.accountId);
    const invoices = await client.listInvoices();
    return invoices.map((record) => new InvoiceNode(this, record));
  }
}

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
