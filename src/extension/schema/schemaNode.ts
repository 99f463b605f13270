import * as vscode from 'vscode';
import type { FieldSchema } from '../../core/schema/inferSchema';
import { describeField, describePresence, formatAge } from '../../core/schema/schemaText';
import { formatCount } from '../../core/text/formatCount';
import { isCancellation } from '../base/registerCommand';
import type { ResourceTarget } from '../base/resourceTarget';
import type { ExplorerContext } from '../kit/tree/explorerContext';
import type { ExplorerNode } from '../kit/tree/explorerNode';
import { childId } from '../kit/tree/explorerNode';
import { ErrorNode } from '../kit/tree/errorNode';
import { MessageNode } from '../kit/tree/messageNode';
import type { CachedSchema, SchemaStore } from '../kit/playground/schemaStore';
import { ContextValue } from '../kit/feature/contextValues';
import { CommandId } from '../kit/feature/commandIds';
import type { TargetNode } from '../kit/tree/treeContributions';

type CollectionTarget = ResourceTarget & { db: string; col: string };

/** A collection's sampled schema: sampled when first expanded, its age in the description. */
export class SchemaNode implements ExplorerNode {
  readonly id: string;
  readonly target: CollectionTarget;
  private failure: ErrorNode | undefined;

  constructor(
    readonly parent: TargetNode<CollectionTarget>,
    private readonly context: ExplorerContext,
    private readonly schemas: SchemaStore,
  ) {
    this.id = childId(parent, 'schema');
    this.target = { accountId: parent.target.accountId, db: parent.target.db, col: parent.target.col };
    schemas.showIn(this.target, () => context.redraw(this));
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Schema'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = ContextValue.schema;
    item.iconPath = new vscode.ThemeIcon('symbol-structure');
    const cached = this.schemas.cached(this.target);
    if (cached) {
      item.description = vscode.l10n.t(
        '{0} sampled · {1}',
        formatCount(cached.schema.sampled),
        formatAge(Date.now() - cached.sampledAt.getTime()),
      );
      item.tooltip = vscode.l10n.t(
        'Sampled {0} documents at {1}. Refresh to sample again.',
        formatCount(cached.schema.sampled),
        cached.sampledAt.toLocaleString(),
      );
    } else {
      item.tooltip = vscode.l10n.t(
        'Field paths, types and how often each appears, from a sample of the documents (setting dbhost.schema.sampleSize)',
      );
    }
    return item;
  }

  async children(): Promise<ExplorerNode[]> {
    let cached: CachedSchema;
    try {
      cached = await this.context.withProgress(() => this.schemas.get(this.target));
      this.failure = undefined;
    } catch (error) {
      if (!isCancellation(error))
        this.context.logger.warn(
          `Could not sample the schema of ${this.target.db}.${this.target.col}: ${this.context.logger.describe(error)}`,
        );
      this.failure = new ErrorNode(this, vscode.l10n.t('Could not sample the schema'), error, this.context.logger);
      return [this.failure];
    }
    if (cached.schema.fields.length === 0)
      return [
        new MessageNode(
          this,
          cached.schema.sampled === 0 ? vscode.l10n.t('No documents to sample') : vscode.l10n.t('No fields in the sample'),
        ),
      ];
    return cached.schema.fields.map((field) => new FieldNode(this, field, describePresence(field, cached.schema)));
  }

  loadedChildren(): readonly ExplorerNode[] | undefined {
    return undefined;
  }

  /** Refresh: the next look samples again. */
  reset(): void {
    this.failure = undefined;
    void this.schemas.refresh(this.target).catch(() => undefined);
  }
}

/** One field path of a schema: its types with their shares. */
export class FieldNode implements ExplorerNode {
  readonly id: string;

  constructor(
    readonly parent: SchemaNode,
    readonly field: FieldSchema,
    private readonly presence: string,
  ) {
    this.id = childId(parent, 'field', field.path);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.field.path, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = ContextValue.schemaField;
    item.description = describeField(this.field);
    item.tooltip = `${this.field.path}: ${describeField(this.field)}, ${this.presence}`;
    item.iconPath = new vscode.ThemeIcon('symbol-field');
    item.command = { command: CommandId.showSchema, title: vscode.l10n.t('Show Schema'), arguments: [this.parent] };
    return item;
  }
}
