import * as vscode from 'vscode';
import type { DatabaseRecord } from '../../../core/api/types';
import type { ExplorerContext } from '../../kit/tree/explorerContext';
import type { ResourceTarget } from '../../base/resourceTarget';
import type { ExplorerNode } from '../../kit/tree/explorerNode';
import type { TargetNode } from '../../kit/tree/treeContributions';
import { childId } from '../../kit/tree/explorerNode';
import { ListNode } from '../../kit/tree/listNode';
import { textField } from '../../kit/display/recordText';
import { recordTooltip } from '../recordTooltip';
import { CollectionNode } from './collectionNode';
import { MessageNode } from '../../kit/tree/messageNode';
import { ContextValue } from '../../kit/feature/contextValues';

/** A database, its plan in the description; its children are its collections. */
export class DatabaseNode extends ListNode {
  readonly name: string;
  declare readonly target: ResourceTarget & { db: string };

  constructor(
    parent: TargetNode,
    public record: DatabaseRecord,
    context: ExplorerContext,
    /** False once the service answered that it has no Copy Database: the item's menu leaves it out. */
    private copyOffered = true,
  ) {
    const name = textField(record, 'name') ?? String(record.name);
    super(childId(parent, 'db', name), parent, { accountId: parent.target.accountId, db: name }, context);
    this.name = name;
  }

  protected get what(): string {
    return vscode.l10n.t('the collections of {0}', this.name);
  }

  get plan(): string | undefined {
    return textField(this.record, 'plan', 'slug');
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = this.copyOffered ? ContextValue.database : ContextValue.databaseWithoutCopy;
    item.description = this.plan;
    item.iconPath = new vscode.ThemeIcon('database');
    item.tooltip = recordTooltip('database', this.name, this.record);
    return item;
  }

  adopt(fresh: ExplorerNode): boolean {
    if (!(fresh instanceof DatabaseNode)) return false;
    this.record = fresh.record;
    this.copyOffered = fresh.copyOffered;
    return true;
  }

  protected override emptyMessage(): string {
    return vscode.l10n.t('No collections yet');
  }

  protected async load(): Promise<ExplorerNode[]> {
    const client = await this.context.client(this.target.accountId);
    const collections = (await client.listCollections(this.name)).map(
      (record): ExplorerNode => new CollectionNode(this, record, this.context),
    );
    const extras = await this.context.contributions.children('database', this, this.context);
    if (collections.length === 0 && extras.length > 0) collections.push(new MessageNode(this, this.emptyMessage()));
    return [...collections, ...extras];
  }
}
