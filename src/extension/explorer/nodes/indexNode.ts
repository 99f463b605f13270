import * as vscode from 'vscode';
import type { IndexRecord } from '../../../core/api/types';
import { isJsonObject, stringifyLossless } from '../../../core/json/lossless';
import type { ResourceTarget } from '../../base/resourceTarget';
import type { ExplorerNode } from '../../kit/tree/explorerNode';
import { childId } from '../../kit/tree/explorerNode';
import { textField } from '../../kit/display/recordText';
import { recordTooltip } from '../recordTooltip';
import { BUILTIN_INDEX } from '../../../core/api/indexes';
import { ContextValue } from '../../kit/feature/contextValues';
import { indexBuild, indexUsage } from '../../../core/indexes/indexUsage';
import type { TargetNode } from '../../kit/tree/treeContributions';

/** The index every collection has; it cannot be dropped. */

export class IndexNode implements ExplorerNode {
  readonly id: string;
  readonly name: string;
  readonly target: ResourceTarget & { db: string; col: string; index: string };

  constructor(
    readonly parent: TargetNode<ResourceTarget & { db: string; col: string }>,
    readonly record: IndexRecord,
  ) {
    this.name = textField(record, 'name') ?? String(record.name);
    this.id = childId(parent, 'index', this.name);
    const { accountId, db, col } = parent.target;
    this.target = { accountId, db, col, index: this.name };
  }

  get builtin(): boolean {
    return this.name === BUILTIN_INDEX;
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.name, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = this.builtin ? ContextValue.indexBuiltin : ContextValue.index;
    const build = indexBuild(this.record);
    const usage = build ? undefined : indexUsage(this.record);
    item.description = [describeIndex(this.record), build?.description ?? usage?.description].filter(Boolean).join(' · ');
    item.iconPath = build
      ? new vscode.ThemeIcon('loading~spin')
      : usage?.unused && !this.builtin
        ? new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('list.warningForeground'))
        : new vscode.ThemeIcon(this.builtin ? 'lock' : 'key');
    item.tooltip = recordTooltip('index', this.name, this.record);
    if (usage) item.tooltip.appendMarkdown(`\n\n${usage.detail}`);
    return item;
  }
}

/** The key and the options that matter at a glance: `{ "a": 1 } unique`. */
function describeIndex(record: IndexRecord): string {
  const parts: string[] = [];
  const key = record.key ?? (record as Record<string, unknown>).spec;
  if (isJsonObject(key)) parts.push(stringifyLossless(key).replace(/[{,:]/g, '$& ').replace(/}/g, ' }'));
  for (const flag of ['unique', 'sparse', 'dropDups']) if ((record as Record<string, unknown>)[flag] === true) parts.push(flag);
  return parts.join(' ');
}
