import * as vscode from 'vscode';
import type { CollectionRules } from '../../core/api/collectionRules';
import type { JsonValue } from '../../core/json/lossless';
import { isJsonObject } from '../../core/json/lossless';
import type { ExplorerNode } from '../kit/tree/explorerNode';
import { childId } from '../kit/tree/explorerNode';
import type { NodeTargets, TargetNode } from '../kit/tree/treeContributions';
import { ContextValue } from '../kit/feature/contextValues';
import { CommandId } from '../kit/feature/commandIds';

/** The fields a `$jsonSchema` validator requires at the top, for the tooltip. */
function requiredFields(rules: CollectionRules): string[] {
  const schema: JsonValue | undefined = rules.validator.$jsonSchema;
  if (!isJsonObject(schema) || !Array.isArray(schema.required)) return [];
  return schema.required.filter((name): name is string => typeof name === 'string');
}

/** A collection's validation rules: its level and action in the description; opens the rules as a file. */
export class RulesNode implements ExplorerNode {
  readonly id: string;
  readonly target: NodeTargets['collection'];

  constructor(
    readonly parent: TargetNode<NodeTargets['collection']>,
    readonly rules: CollectionRules,
  ) {
    this.id = childId(parent, 'rules');
    this.target = { accountId: parent.target.accountId, db: parent.target.db, col: parent.target.col };
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Rules'), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = ContextValue.rules;
    item.iconPath = new vscode.ThemeIcon('law');
    item.description = `${this.rules.validationLevel} · ${this.rules.validationAction}`;
    const required = requiredFields(this.rules);
    item.tooltip = [
      vscode.l10n.t(
        'Validation rules of {0}.{1}: level {2}, action {3}',
        this.target.db,
        this.target.col,
        this.rules.validationLevel,
        this.rules.validationAction,
      ),
      ...(required.length > 0 ? [vscode.l10n.t('Required: {0}', required.join(', '))] : []),
    ].join('\n');
    item.command = { command: CommandId.openRules, title: vscode.l10n.t('Open Rules'), arguments: [this] };
    return item;
  }
}
