import { DbHostClient } from '../src/client/dbHostClient';
import type { DbHostApi } from '../src/core/api/types';
import type { ExplorerContext } from '../src/extension/kit/tree/explorerContext';
import type { ExplorerNode } from '../src/extension/kit/tree/explorerNode';
import type { DocumentsNode } from '../src/extension/explorer/nodes/documentsNode';
import { FaultProxy } from '../test/support/faultProxy';
import type { SeededService } from './support/benchData';
import { withSeededService } from './support/benchData';
import { loadWithVscodeApi } from './support/bundleWithVscodeApi';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import type { BenchSection } from './support/section';

const DEFAULT_PAGE_SIZE = 20;

export interface PagingOutcome {
  pageSize: number;
  /** Documents shown in the tree at the end. */
  shown: number;
  /** Requests that reached the service. */
  requests: number;
  /** Documents the service sent. */
  transferred: number;
  /** The fewest requests that can show `shown` documents at this page size. */
  minimumRequests: number;
}

type DocumentsNodeClass = new (
  parent: ExplorerNode & { target: { accountId: string; db: string; col: string } },
  context: ExplorerContext,
) => DocumentsNode;

let documentsNodeClass: DocumentsNodeClass | undefined;

/** The explorer's real DocumentsNode, bundled with the plain-data vscode API of bench/support. */
function loadDocumentsNode(): DocumentsNodeClass {
  documentsNodeClass ??= loadWithVscodeApi<{ DocumentsNode: DocumentsNodeClass }>(
    'src/extension/explorer/nodes/documentsNode.ts',
  ).DocumentsNode;
  return documentsNodeClass;
}

/**
 * Views `target` documents of a collection in the explorer's Documents node as VS Code drives it: expand
 * the node, render every item, click "Load more" (twice, as a double click) until enough are shown,
 * re-rendering after each redraw. Requests are counted at a proxy in front of the service.
 */
export async function viewDocuments(options: {
  serviceUrl: string;
  apiKey: string;
  db: string;
  col: string;
  target: number;
  pageSize: number;
}): Promise<PagingOutcome> {
  const DocumentsNodeImpl = loadDocumentsNode();
  const proxy = await FaultProxy.start(options.serviceUrl);
  try {
    let transferred = 0;
    const client = new DbHostClient({ baseUrl: proxy.url, apiKey: options.apiKey });
    const counting: DbHostApi = Object.create(client, {
      listDocuments: {
        value: async (...args: Parameters<DbHostApi['listDocuments']>) => {
          const page = await client.listDocuments(...args);
          transferred += page.documents.length;
          return page;
        },
      },
    }) as DbHostApi;
    const silent = () => undefined;
    const context = {
      logger: { info: silent, warn: silent, error: silent, debug: silent, trace: silent },
      client: async () => counting,
      withProgress: <T>(task: () => Promise<T>) => task(),
      redraw: silent,
      pageSize: () => options.pageSize,
    } as unknown as ExplorerContext;
    const collectionNode = {
      id: 'account/db/col',
      parent: undefined,
      target: { accountId: 'bench', db: options.db, col: options.col },
      treeItem: () => ({}),
    } as unknown as ExplorerNode & {
      target: { accountId: string; db: string; col: string };
    };
    const documents = new DocumentsNodeImpl(collectionNode, context);
    const render = async (): Promise<ExplorerNode[]> => {
      const children = await documents.children();
      for (const child of children) child.treeItem();
      return children;
    };
    let shown = (await render()).filter((node) => node.id.includes('/doc:')).length;
    while (shown < options.target && documents.hasMore) {
      await Promise.all([documents.loadMore(), documents.loadMore()]);
      shown = (await render()).filter((node) => node.id.includes('/doc:')).length;
    }
    return {
      pageSize: options.pageSize,
      shown,
      requests: proxy.count('GET'),
      transferred,
      minimumRequests: Math.ceil(shown / Math.min(options.pageSize, 100)),
    };
  } finally {
    await proxy.close();
  }
}

async function pagingFigures(service: SeededService, target: number): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const pageSize of [100, DEFAULT_PAGE_SIZE]) {
    const outcome = await viewDocuments({
      serviceUrl: service.url,
      apiKey: service.key,
      db: service.db,
      col: service.big,
      target,
      pageSize,
    });
    const label = pageSize === DEFAULT_PAGE_SIZE ? `page size ${pageSize} (default)` : `page size ${pageSize}`;
    figures.push(
      figure({
        name: `tree: requests to view ${outcome.shown} of ${service.bigCount.toLocaleString('en')} docs, ${label}`,
        value: outcome.requests,
        unit: '',
        baselineName: 'minimum',
        baseline: outcome.minimumRequests,
        target: 'exactly the minimum',
        met: outcome.requests === outcome.minimumRequests,
      }),
      figure({
        name: `tree: documents transferred, ${label}`,
        value: outcome.transferred,
        unit: '',
        baselineName: 'documents shown',
        baseline: outcome.shown,
        target: 'exactly the minimum',
        met: outcome.transferred === outcome.shown,
      }),
    );
  }
  return figures;
}

export const section: BenchSection = {
  name: 'paging',
  title: 'paging through the explorer tree',
  smoke: '200 of 2,000 documents viewed instead of 1,000 of 100,000',
  run: (context) => withSeededService(context, (service) => pagingFigures(service, context.smoke ? 200 : 1_000)),
};
