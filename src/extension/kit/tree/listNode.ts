import * as vscode from 'vscode';
import type { DbHostApi } from '../../../core/api/types';
import type { ResourceTarget } from '../../base/resourceTarget';
import { isCancellation } from '../../base/registerCommand';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { childId } from './explorerNode';
import type { ContextValue } from '../feature/contextValues';
import type { TargetNode } from './treeContributions';
import { ErrorNode } from './errorNode';
import { MessageNode } from './messageNode';

/**
 * A node whose children come from one request. They are loaded once, when the node is first
 * expanded, and kept until {@link reset}; a failed load becomes a single error item with a retry.
 */
export abstract class ListNode implements ExplorerNode {
  private cached: ExplorerNode[] | undefined;
  private loading: Promise<ExplorerNode[]> | undefined;
  /** Children kept across a reload that keeps what is cached below unchanged items. */
  private previous = new Map<string, ExplorerNode>();
  private generation = 0;

  constructor(
    readonly id: string,
    readonly parent: ExplorerNode | undefined,
    readonly target: ResourceTarget,
    protected readonly context: ExplorerContext,
  ) {}

  abstract treeItem(): vscode.TreeItem;
  /** What the list holds, for messages: "databases", "collections of vehicles". */
  protected abstract readonly what: string;
  protected abstract load(): Promise<ExplorerNode[]>;

  /** Shown when the list is empty; none by default. */
  protected emptyMessage(): string | undefined {
    return undefined;
  }

  /** The items that stand in for the list when loading failed. */
  protected failed(error: unknown): ExplorerNode[] {
    return [new ErrorNode(this, vscode.l10n.t('Could not load {0}', this.what), error, this.context.logger)];
  }

  children(): Promise<ExplorerNode[]> {
    if (this.cached) return Promise.resolve(this.cached);
    this.loading ??= this.loadOnce(this.generation);
    return this.loading;
  }

  loadedChildren(): readonly ExplorerNode[] | undefined {
    return this.cached;
  }

  /**
   * Forgets the loaded children. With `keepUnchanged`, items that come back with the same id keep
   * what is loaded below them (a collection keeps its document pages when another one was added).
   */
  reset(options: { keepUnchanged?: boolean } = {}): void {
    this.previous = new Map(options.keepUnchanged ? (this.cached ?? []).map((node) => [node.id, node]) : []);
    this.generation++;
    this.cached = undefined;
    this.loading = undefined;
  }

  private async loadOnce(generation: number): Promise<ExplorerNode[]> {
    let result: ExplorerNode[];
    try {
      result = await this.context.withProgress(() => this.load());
      const empty = result.length === 0 ? this.emptyMessage() : undefined;
      if (empty) result = [new MessageNode(this, empty)];
    } catch (error) {
      if (!isCancellation(error))
        this.context.logger.scoped('explorer').warn(`Could not load ${this.what}: ${this.context.logger.describe(error)}`);
      result = this.failed(error);
    }
    if (generation !== this.generation) return this.children();
    this.cached = result.map((fresh) => {
      const old = this.previous.get(fresh.id);
      return old?.adopt?.(fresh) ? old : fresh;
    });
    this.previous.clear();
    this.loading = undefined;
    return this.cached;
  }
}

/** What a list of one request is: its item in the tree, what it stands for, how it loads. */
export interface ListOf<T extends ResourceTarget> {
  /** The list's part of its id ("databases", "indexes"). */
  readonly kind: string;
  /** The words, asked each time they are drawn: `() => vscode.l10n.t('Databases')`. */
  label(): string;
  readonly icon: string;
  readonly contextValue: ContextValue;
  tooltip?(): string;
  /** What the list stands for, from what its parent stands for. */
  target(parent: ResourceTarget): T;
  /** What the list holds, for messages: "databases", "the indexes of orders". */
  what(target: T): string;
  /** Shown in place of an empty list. */
  empty(): string;
  /** The items, through the account's client; `list` is their parent. */
  load(client: DbHostApi, list: ListNode & { readonly target: T }, context: ExplorerContext): Promise<ExplorerNode[]>;
  /** The items counted in the description once loaded; no count when absent. */
  counts?(node: ExplorerNode): boolean;
  /** Items standing in for a failed load, when the failure means something else than an error (no such list). */
  failed?(error: unknown, list: ListNode): ExplorerNode[] | undefined;
}

/** The class of the tree's lists of one kind: one request, loaded on first expansion, kept until reset. */
export function listNode<T extends ResourceTarget>(spec: ListOf<T>) {
  return class extends ListNode {
    declare readonly target: T;

    constructor(parent: TargetNode, context: ExplorerContext) {
      super(childId(parent, spec.kind), parent, spec.target(parent.target), context);
    }

    protected get what(): string {
      return spec.what(this.target);
    }

    treeItem(): vscode.TreeItem {
      const item = new vscode.TreeItem(spec.label(), vscode.TreeItemCollapsibleState.Collapsed);
      item.id = this.id;
      item.contextValue = spec.contextValue;
      item.iconPath = new vscode.ThemeIcon(spec.icon);
      if (spec.tooltip) item.tooltip = spec.tooltip();
      const counted = spec.counts && this.loadedChildren()?.filter(spec.counts);
      if (counted) item.description = String(counted.length);
      return item;
    }

    protected override emptyMessage(): string {
      return spec.empty();
    }

    protected override failed(error: unknown): ExplorerNode[] {
      return spec.failed?.(error, this) ?? super.failed(error);
    }

    protected async load(): Promise<ExplorerNode[]> {
      return spec.load(await this.context.client(this.target.accountId), this, this.context);
    }
  };
}
