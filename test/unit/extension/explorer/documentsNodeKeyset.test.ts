import * as assert from 'node:assert/strict';
import type { DbHostClient } from '../../../../src/client/dbHostClient';
import type { DbHostApi, DocumentQuery } from '../../../../src/core/api/types';
import type { ExplorerContext } from '../../../../src/extension/kit/tree/explorerContext';
import type { ExplorerNode } from '../../../../src/extension/kit/tree/explorerNode';
import type { DocumentsNode } from '../../../../src/extension/explorer/nodes/documentsNode';
import { loadWithVscodeApi } from '../../../../bench/support/bundleWithVscodeApi';
import type { InProcessService } from '../../../support/testService';
import { startServiceInProcess } from '../../../support/testService';

const KEY = 'documents-node-keyset-key';
const DB = 'tree';
const COL = 'items';
type DocumentsNodeClass = new (
  parent: ExplorerNode & { target: { accountId: string; db: string; col: string } },
  context: ExplorerContext,
) => DocumentsNode;

describe('explorer: "Load more" pages by _id', function () {
  this.timeout(60_000);
  let service: InProcessService;
  let client: DbHostClient;
  const queries: DocumentQuery[] = [];
  let node: DocumentsNode;

  before(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    client = service.client();
    await client.createDatabase(DB, 'sandbox');
    for (let n = 0; n < 120; n++) await client.createDocument(DB, COL, { n }, { safe: n === 119 });
    const recording = Object.create(client, {
      listDocuments: {
        value: (db: string, col: string, query: DocumentQuery = {}) => {
          queries.push(query);
          return client.listDocuments(db, col, query);
        },
      },
    }) as DbHostApi;
    const silent = () => undefined;
    const context = {
      logger: { info: silent, warn: silent, error: silent, debug: silent, trace: silent },
      client: async () => recording,
      withProgress: <T>(task: () => Promise<T>) => task(),
      redraw: silent,
      pageSize: () => 50,
    } as unknown as ExplorerContext;
    const parent = {
      id: 'account/tree/items',
      parent: undefined,
      target: { accountId: 'a', db: DB, col: COL },
      treeItem: () => ({}),
    } as unknown as ExplorerNode & { target: { accountId: string; db: string; col: string } };
    const { DocumentsNode } = loadWithVscodeApi<{ DocumentsNode: DocumentsNodeClass }>('src/extension/explorer/nodes/documentsNode.ts');
    node = new DocumentsNode(parent, context);
  });
  after(() => service?.stop());

  const shownNs = async () =>
    (await node.children())
      .filter((child) => child.id.includes('/doc:'))
      .map((child) => (child as unknown as { document: { n: number } }).document.n);

  it('shows every document once even when shown ones are deleted between pages, without skipping any', async () => {
    const first = await shownNs();
    assert.equal(first.length, 50);
    assert.equal(node.remaining, 70);
    // Deleting shown documents would make a skip-paged list jump over as many unseen ones.
    const shownPage = await client.listDocuments(DB, COL, { sort: { _id: 1 }, limit: 10 });
    for (const document of shownPage.documents) await client.deleteDocument(DB, COL, document._id);
    await node.loadMore();
    await node.loadMore();
    const all = await shownNs();
    assert.deepEqual(
      [...all].sort((a, b) => a - b),
      Array.from({ length: 120 }, (_, n) => n),
      'every document shown, none twice',
    );
    assert.equal(node.hasMore, false);
    assert.equal(queries.length, 3, 'one request per page');
    assert.ok(
      queries.every((query) => query.skip === undefined && query.sort?._id === 1),
      JSON.stringify(queries),
    );
    assert.deepEqual(queries[1].q && Object.keys(queries[1].q), ['_id'], 'the second page asks for _id past the last shown');
  });

  it('answers a second ask for the list while its first page loads with that page, not an empty list', async () => {
    node.reset();
    const [first, second] = await Promise.all([shownNs(), shownNs()]);
    assert.equal(first.length, 50);
    assert.deepEqual(second, first, 'the list asked for again while loading showed something else');
  });
});
