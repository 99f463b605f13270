import * as vscode from 'vscode';
import type { JsonObject } from '../../core/json/lossless';
import { isReplayableQuery, namespaceOf, operationLabel } from '../../core/activity/slowQueryPlayground';
import { explainOffered } from '../kit/availability/explainProbe';
import type { ResourceTarget } from '../base/resourceTarget';
import type { ExplorerNode } from '../kit/tree/explorerNode';
import { childId } from '../kit/tree/explorerNode';
import { listNode } from '../kit/tree/listNode';
import { CommandId } from '../kit/feature/commandIds';
import { ContextValue } from '../kit/feature/contextValues';
import type { TargetNode } from '../kit/tree/treeContributions';

type DatabaseTarget = ResourceTarget & { db: string };

/** One current or slow operation; clicking it shows its details as JSON. */
export class ActivityEntryNode implements ExplorerNode {
  readonly id: string;
  readonly target: DatabaseTarget;

  constructor(
    readonly parent: TargetNode<DatabaseTarget>,
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

const databaseOf = (parent: ResourceTarget): DatabaseTarget => ({ accountId: parent.accountId, db: parent.db ?? '' });

/** What the service is doing on the database right now. */
export const OperationsNode = listNode({
  kind: 'operations',
  label: () => vscode.l10n.t('Current Operations'),
  icon: 'pulse',
  contextValue: ContextValue.operations,
  tooltip: () => vscode.l10n.t('Operations in progress on this database when the list was loaded; refresh to look again'),
  target: databaseOf,
  what: (target) => vscode.l10n.t('the current operations on {0}', target.db),
  empty: () => vscode.l10n.t('No operations in progress'),
  load: async (client, list) =>
    (await client.listOperations(list.target.db)).map((entry, position) => new ActivityEntryNode(list, entry, position, 'operation')),
});

/** The database's slow query log, newest first. */
export const SlowQueriesNode = listNode({
  kind: 'slowQueries',
  label: () => vscode.l10n.t('Slow Queries'),
  icon: 'watch',
  contextValue: ContextValue.slowQueries,
  target: databaseOf,
  what: (target) => vscode.l10n.t('the slow queries of {0}', target.db),
  empty: () => vscode.l10n.t('No slow queries'),
  counts: (node) => node instanceof ActivityEntryNode,
  load: async (client, list) => {
    const entries = await client.listSlowQueries(list.target.db);
    const replayable = entries.find(isReplayableQuery);
    const target = replayable && namespaceOf(replayable.ns);
    // One cheap explain (a lookup by _id) learns whether the service offers explain, remembered per client.
    const explainable = target ? await explainOffered(client, target.db, target.col) : false;
    return entries.map((entry, position) => new ActivityEntryNode(list, entry, position, 'slowQuery', explainable));
  },
});
