import * as vscode from 'vscode';
import type { JsonObject } from '../../core/json/lossless';
import { isReplayableQuery, namespaceOf, operationLabel } from '../../core/activity/slowQueryPlayground';
import { explainOffered } from '../shared/explainAvailability';
import type { ResourceTarget } from '../base/resourceTarget';
import type { ExplorerContext } from '../shared/tree/explorerContext';
import type { ExplorerNode } from '../shared/tree/explorerNode';
import { childId } from '../shared/tree/explorerNode';
import { ListNode } from '../shared/tree/listNode';
import { CommandId } from '../shared/commandIds';
import { ContextValue } from '../shared/contextValues';
import type { TargetNode } from '../shared/tree/treeContributions';

type DatabaseTarget = ResourceTarget & { db: string };

/** One current or slow operation; clicking it shows its details as JSON. */
export class ActivityEntryNode implements ExplorerNode {
  readonly id: string;
  readonly target: DatabaseTarget;

  constructor(
    readonly parent: OperationsNode | SlowQueriesNode,
    readonly entry: JsonObject,
    position: number,
    readonly kind: 'operation' | 'slowQuery',
    /** The service offers explain, so a replayable slow query can be explained. */
    readonly explainable = false,
  ) {
    this.id = childId(parent, kind, position);
    this.target = { accountId: parent.target.accountId, db: parent.target.db };
  }

  get title(): string {
    return `${operationLabel(this.entry)} (${this.kind === 'operation' ? 'current operation' : 'slow query'})`;
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(operationLabel(this.entry), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    if (this.kind === 'operation') {
      item.contextValue = ContextValue.operation;
      item.iconPath = new vscode.ThemeIcon('pulse');
      const seconds = typeof this.entry.secs_running === 'number' ? `${this.entry.secs_running} s` : undefined;
      item.description = [typeof this.entry.opid === 'number' ? `opid ${this.entry.opid}` : undefined, seconds].filter(Boolean).join(' · ');
    } else {
      const replayable = isReplayableQuery(this.entry);
      item.contextValue =
        replayable && this.explainable
          ? ContextValue.explainableSlowQuery
          : replayable
            ? ContextValue.replayableSlowQuery
            : ContextValue.slowQuery;
      item.iconPath = new vscode.ThemeIcon('watch');
      const millis = typeof this.entry.millis === 'number' ? `${this.entry.millis} ms` : undefined;
      const ts = this.entry.ts as { $date?: unknown } | undefined;
      const when = typeof ts?.$date === 'string' ? new Date(ts.$date).toLocaleTimeString() : undefined;
      const plan = typeof this.entry.planSummary === 'string' ? this.entry.planSummary : undefined;
      item.description = [millis, plan, when].filter(Boolean).join(' · ');
    }
    item.tooltip = vscode.l10n.t('Show the details as JSON');
    item.command = { command: CommandId.showOperationDetails, title: vscode.l10n.t('Show Details'), arguments: [this] };
    return item;
  }
}

abstract class ActivityListNode extends ListNode {
  declare readonly target: DatabaseTarget;

  constructor(parent: TargetNode<DatabaseTarget>, kind: string, context: ExplorerContext) {
    const { accountId, db } = parent.target;
    super(childId(parent, kind), parent, { accountId, db }, context);
  }
}

/** What the service is doing on the database right now. */
export class OperationsNode extends ActivityListNode {
  constructor(parent: TargetNode<DatabaseTarget>, context: ExplorerContext) {
    super(parent, 'operations', context);
  }

  protected get what(): string {
    return vscode.l10n.t('the current operations on {0}', this.target.db);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Current Operations'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = ContextValue.operations;
    item.iconPath = new vscode.ThemeIcon('pulse');
    item.tooltip = vscode.l10n.t('Operations in progress on this database when the list was loaded; refresh to look again');
    return item;
  }

  protected override emptyMessage(): string {
    return vscode.l10n.t('No operations in progress');
  }

  protected async load(): Promise<ExplorerNode[]> {
    const client = await this.context.client(this.target.accountId);
    const operations = await client.listOperations(this.target.db);
    return operations.map((entry, position) => new ActivityEntryNode(this, entry, position, 'operation'));
  }
}

/** The database's slow query log, newest first. */
export class SlowQueriesNode extends ActivityListNode {
  constructor(parent: TargetNode<DatabaseTarget>, context: ExplorerContext) {
    super(parent, 'slowQueries', context);
  }

  protected get what(): string {
    return vscode.l10n.t('the slow queries of {0}', this.target.db);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Slow Queries'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = ContextValue.slowQueries;
    item.iconPath = new vscode.ThemeIcon('watch');
    const loaded = this.loadedChildren()?.filter((node) => node instanceof ActivityEntryNode);
    if (loaded) item.description = String(loaded.length);
    return item;
  }

  protected override emptyMessage(): string {
    return vscode.l10n.t('No slow queries');
  }

  protected async load(): Promise<ExplorerNode[]> {
    const client = await this.context.client(this.target.accountId);
    const entries = await client.listSlowQueries(this.target.db);
    const replayable = entries.find(isReplayableQuery);
    const target = replayable && namespaceOf(replayable.ns);
    // One cheap explain (a lookup by _id) learns whether the service offers explain, remembered per client.
    const explainable = target ? await explainOffered(client, target.db, target.col) : false;
    return entries.map((entry, position) => new ActivityEntryNode(this, entry, position, 'slowQuery', explainable));
  }
}
