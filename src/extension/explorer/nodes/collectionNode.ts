import * as vscode from 'vscode';
import type { CollectionRecord } from '../../../core/api/types';
import type { ResourceTarget } from '../../base/resourceTarget';
import type { ExplorerContext } from '../../kit/tree/explorerContext';
import type { ExplorerNode } from '../../kit/tree/explorerNode';
import type { TargetNode } from '../../kit/tree/treeContributions';
import { childId } from '../../kit/tree/explorerNode';
import { countOf } from '../../../core/text/formatCount';
import { numberField, textField } from '../../kit/display/recordText';
import { recordTooltip } from '../recordTooltip';
import { DocumentsNode } from './documentsNode';
import { IndexesNode } from './indexesNode';
import { ContextValue } from '../../kit/feature/contextValues';

/** A collection, its document count in the description; below it, Documents and Indexes. */
export class CollectionNode implements ExplorerNode {
  readonly id: string;
  readonly name: string;
  readonly target: ResourceTarget & { db: string; col: string };
  private groups: [DocumentsNode, IndexesNode] | undefined;
  /** What features add below the collection (its Schema), made once until the collection is reset. */
  private contributed: ExplorerNode[] | undefined;

  constructor(
    readonly parent: TargetNode<ResourceTarget & { db?: string }>,
    public record: CollectionRecord,
    private readonly context: ExplorerContext,
  ) {
    this.name = textField(record, 'name') ?? String(record.name);
    this.id = childId(parent, 'col', this.name);
    this.target = { accountId: parent.target.accountId, db: parent.target.db ?? '', col: this.name };
  }

  /** The document count: the latest total seen in the Documents list, otherwise the collection record's. */
  get count(): number | undefined {
    return this.groups?.[0].total ?? numberField(this.record, 'count');
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = ContextValue.collection;
    const count = this.count;
    if (count !== undefined) item.description = countOf(count, 'document');
    item.iconPath = new vscode.ThemeIcon('symbol-array');
    item.tooltip = recordTooltip('collection', this.name, this.record);
    return item;
  }

  async children(): Promise<ExplorerNode[]> {
    return [...this.groupNodes(), ...(await this.contributedNodes())];
  }

  get documents(): DocumentsNode {
    return this.groupNodes()[0];
  }

  get indexes(): IndexesNode {
    return this.groupNodes()[1];
  }

  loadedChildren(): readonly ExplorerNode[] | undefined {
    return this.groups;
  }

  reset(): void {
    this.groups = undefined;
    this.contributed = undefined;
  }

  adopt(fresh: ExplorerNode): boolean {
    if (!(fresh instanceof CollectionNode)) return false;
    this.record = fresh.record;
    return true;
  }

  /** What features add below the collection, awaited: the Rules item asks the service for the collection's statistics. */
  private async contributedNodes(): Promise<ExplorerNode[]> {
    this.contributed ??= await this.context.contributions.children('collection', this, this.context);
    return this.contributed;
  }

  private groupNodes(): [DocumentsNode, IndexesNode] {
    this.groups ??= [new DocumentsNode(this, this.context, () => numberField(this.record, 'count')), new IndexesNode(this, this.context)];
    return this.groups;
  }
}
