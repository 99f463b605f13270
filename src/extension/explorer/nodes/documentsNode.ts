import * as vscode from 'vscode';
import { QueryPaging } from '../../../core/paging/keyset';
import { clampPageSize } from '../../../core/paging/pager';
import { displayId, sameDocumentId } from '../../../core/documents/documentId';
import type { JsonValue } from '../../../core/json/lossless';
import type { CollectionTarget } from '../../kit/targets/collectionTarget';
import { isCancellation } from '../../base/registerCommand';
import type { ExplorerContext } from '../../kit/tree/explorerContext';
import type { ExplorerNode } from '../../kit/tree/explorerNode';
import { childId } from '../../kit/tree/explorerNode';
import { formatCount } from '../../../core/text/formatCount';
import { DocumentNode } from './documentNode';
import { ErrorNode } from '../../kit/tree/errorNode';
import { LoadMoreNode } from './loadMoreNode';
import { MessageNode } from '../../kit/tree/messageNode';
import { ContextValue } from '../../kit/feature/contextValues';
import type { TargetNode } from '../../kit/tree/treeContributions';

/**
 * A collection's documents, a page at a time, in `_id` order. Each page is fetched once, by key (`_id`
 * past the last one shown), and kept until the node is refreshed; "Load more" fetches only the next
 * page, and documents added or deleted meanwhile shift nothing.
 */
export class DocumentsNode implements ExplorerNode {
  readonly id: string;
  readonly target: CollectionTarget;
  private paging: QueryPaging;
  private documents: DocumentNode[] = [];
  private readonly shownIds = new Set<string>();
  private started = false;
  private error: ErrorNode | undefined;
  private loading: Promise<void> | undefined;
  private generation = 0;
  private readonly loadMoreNode = new LoadMoreNode(this);

  /** `recordedCount`: the collection record's count, shown until a page says how many there are. */
  constructor(
    readonly parent: TargetNode<CollectionTarget>,
    private readonly context: ExplorerContext,
    private readonly recordedCount: () => number | undefined = () => undefined,
  ) {
    this.id = childId(parent, 'documents');
    this.target = { accountId: parent.target.accountId, db: parent.target.db, col: parent.target.col };
    this.paging = new QueryPaging({}, clampPageSize(context.pageSize()));
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Documents'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = ContextValue.documents;
    item.iconPath = new vscode.ThemeIcon('files');
    const count = this.shownCount;
    if (count !== undefined) item.description = formatCount(count);
    return item;
  }

  /** Asked for on hover, so it counts what is shown then: loading a page redraws nothing for it. */
  resolveTooltip(): string | undefined {
    if (!this.started) return undefined;
    return vscode.l10n.t(
      '{0} shown{1}',
      formatCount(this.documents.length),
      this.total === undefined ? '' : ` of ${formatCount(this.total)}`,
    );
  }

  /** The count beside the node: the latest page's total, otherwise the collection record's. */
  private get shownCount(): number | undefined {
    return this.total ?? this.recordedCount();
  }

  async children(): Promise<ExplorerNode[]> {
    // Asked again while a page loads (a redraw meanwhile): the list once it is in, not the part shown before it.
    if (!this.started || this.loading) await this.loadNextPage();
    const nodes: ExplorerNode[] = [...this.documents];
    if (this.error) nodes.push(this.error);
    else if (this.hasMore) nodes.push(this.loadMoreNode);
    if (nodes.length === 0) nodes.push(new MessageNode(this, 'No documents'));
    return nodes;
  }

  loadedChildren(): readonly ExplorerNode[] | undefined {
    return this.started ? [...this.documents, ...(this.error ? [this.error] : this.hasMore ? [this.loadMoreNode] : [])] : undefined;
  }

  /** All documents matching, from the count header of the latest page; undefined before the first. */
  get total(): number | undefined {
    const remaining = this.paging.remaining;
    return remaining === undefined ? undefined : this.paging.loaded + remaining;
  }

  /** How many documents are left to fetch; undefined when the service did not say how many there are. */
  get remaining(): number | undefined {
    return this.paging.remaining;
  }

  get hasMore(): boolean {
    return !this.paging.done;
  }

  /** Fetches the next page (once, however often it is asked for while it loads) and redraws the list. */
  async loadMore(): Promise<void> {
    await this.loadNextPage();
    this.context.redraw(this);
  }

  /** Retries the page that failed, keeping the pages already shown. */
  retry(): Promise<void> {
    return this.loadMore();
  }

  /** One shown document changed: it is fetched again and redrawn in place; the pages loaded stay. */
  async refreshDocument(docId: JsonValue): Promise<void> {
    const node = this.documents.find((document) => document.target.docId !== undefined && sameDocumentId(document.target.docId, docId));
    if (!node) return;
    const { accountId, db, col } = this.target;
    try {
      const client = await this.context.client(accountId);
      node.document = (await client.getDocument(db, col, docId)).document;
    } catch (error) {
      if (!isCancellation(error))
        this.context.logger
          .scoped('explorer')
          .warn(
            vscode.l10n.t(
              'Could not show the changed document {0} of {1}.{2}: {3}',
              displayId(docId),
              db,
              col,
              this.context.logger.describe(error),
            ),
          );
      return;
    }
    this.context.redraw(node);
  }

  reset(): void {
    this.generation++;
    this.documents = [];
    this.shownIds.clear();
    this.paging = new QueryPaging({}, clampPageSize(this.context.pageSize()));
    this.started = false;
    this.error = undefined;
    this.loading = undefined;
  }

  private loadNextPage(): Promise<void> {
    if (!this.loading) {
      const loading = this.fetchPage(this.generation).finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
      this.loading = loading;
    }
    return this.loading;
  }

  private async fetchPage(generation: number): Promise<void> {
    this.started = true;
    const paging = this.paging;
    const request = paging.next();
    if (!request) return;
    const { accountId, db, col } = this.target;
    const shownBefore = this.shownCount;
    try {
      const page = await this.context.withProgress(async () => {
        const client = await this.context.client(accountId);
        return client.listDocuments(db, col, request);
      });
      if (generation !== this.generation) return;
      this.error = undefined;
      paging.pageReceived(page.documents, page.total);
      for (const document of page.documents) {
        const node = new DocumentNode(this, document);
        // A document inserted while paging shifts the pages; never show one twice.
        if (this.shownIds.has(node.id)) continue;
        this.shownIds.add(node.id);
        this.documents.push(node);
      }
    } catch (error) {
      if (generation !== this.generation) return;
      if (!isCancellation(error))
        this.context.logger.scoped('explorer').warn(`Could not load the documents of ${db}.${col}: ${this.context.logger.describe(error)}`);
      this.error = new ErrorNode(this, vscode.l10n.t('Could not load documents'), error, this.context.logger);
    }
    // The count on the collection and on this node may have changed with what the service said. Only then: a
    // redraw draws the rows of the page anew, and a click landing on a row as it is replaced opens nothing.
    if (this.shownCount !== shownBefore) this.context.redraw(this.parent);
  }
}
