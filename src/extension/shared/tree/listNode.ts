import * as vscode from 'vscode';
import type { ResourceTarget } from '../../base/resourceTarget';
import { isCancellation } from '../../base/registerCommand';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
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
