import * as http from 'node:http';
import { addAccount, removeAccount, serviceClient } from '../support/accounts';
import type { AddressInfo } from 'node:net';
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { ExplorerNode } from '../../../src/extension/kit/tree/explorerNode';
import { RecordingProxy } from '../support/recordingProxy';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import { replaceFirst } from '../support/textEditing';
import { accountNode, child, childLabels, childrenOf, labelOf, nodeAt, whenTree } from './explorerFixtures';
import type { ChildService } from '../../support/testService';
import { startServiceInChild } from '../../support/testService';
import { installedServiceScript } from '../support/product';
import { documentOpenedBy } from '../support/editors';

const db = 'shop';
const documentCount = 1000;

describe('Explorer tree', function () {
  this.timeout(120_000);
  let service: ChildService;
  let proxy: RecordingProxy;
  let client: DbHostApi;
  let accountId: string;

  const documentRequests = () =>
    proxy.requests.filter((r) => r.method === 'GET' && r.path === `/databases/${db}/collections/items/documents`);

  before(async () => {
    await activateExtension();
    service = await startServiceInChild({ script: installedServiceScript(), empty: true });
    proxy = new RecordingProxy(service.url);
    await proxy.start();
    client = serviceClient(service);
    await client.createDatabase(db, 'sandbox');
    await client.createCollection(db, 'items');
    await client.createCollection(db, 'empty');
    for (let start = 0; start < documentCount; start += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          client.createDocument(db, 'items', { n: start + i, name: `item ${start + i}`, tags: ['a', 'b'] }, { safe: true }),
        ),
      );
    }
    accountId = (await addAccount('Tree tests', { url: proxy.url, apiKey: service.apiKey })).accountId;
    // "Add Account" checks the key with a read of its own: what the proxy records starts after it.
    proxy.requests.splice(0);
    // Pages of 100 for the whole suite: "Load more" and the counts after it are checked by later tests.
    await vscode.workspace.getConfiguration('dbhost').update('pageSize', 100, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    if (accountId) await removeAccount(accountId);
    await proxy?.stop();
    await service?.stop();
  });

  it('fetches nothing until a list is expanded', async () => {
    const roots = await childrenOf();
    assert.ok(roots.some((node) => labelOf(node.treeItem()) === 'Tree tests'));
    const account = await accountNode(accountId);
    assert.ok(account);
    assert.equal(account.treeItem().contextValue, 'dbhost.account');
    assert.deepEqual(await childLabels(account), ['Databases', 'Deployments', 'Invoices', 'Plans']);
    assert.equal(proxy.requests.length, 0, `requests before anything was expanded: ${JSON.stringify(proxy.requests)}`);
  });

  it('shows databases with their plan and collections with their document count', async () => {
    const database = await nodeAt(accountId, 'Databases', db);
    assert.equal(database.treeItem().contextValue, 'dbhost.database');
    assert.match(String(database.treeItem().description), /sandbox/i);
    const items = await child(database, 'items');
    assert.equal(items.treeItem().contextValue, 'dbhost.collection');
    assert.equal(items.treeItem().description, '1,000 documents');
    assert.equal((await child(database, 'empty')).treeItem().description, '0 documents');
    assert.deepEqual(await childLabels(items), ['Documents', 'Indexes', 'Schema']);
    const builtin = await nodeAt(accountId, 'Databases', db, 'items', 'Indexes', '_id_');
    assert.equal(builtin.treeItem().contextValue, 'dbhost.index.builtin');
  });

  it('pages 1,000 documents in 10 requests with "Load more", never fetching a page twice', async () => {
    const documents = await nodeAt(accountId, 'Databases', db, 'items', 'Documents');
    assert.equal(documents.treeItem().contextValue, 'dbhost.documents');
    const before = documentRequests().length;

    let children = await childrenOf(documents);
    assert.equal(children.length, 101);
    assert.equal(labelOf(children[100].treeItem()), 'Load more (900 remaining)');
    assert.equal(documents.treeItem().description, '1,000');
    for (let page = 2; page <= 10; page++) {
      const loadMore: ExplorerNode = children[children.length - 1];
      assert.equal(loadMore.treeItem().contextValue, 'dbhost.loadMore');
      await vscode.commands.executeCommand('dbhost.loadMoreDocuments', loadMore);
      children = await childrenOf(documents);
    }
    // Looking again, as the view does when it redraws, fetches nothing.
    children = await childrenOf(documents);

    assert.ok(
      children.every((node) => node.treeItem().contextValue === 'dbhost.document'),
      'a "Load more" is left after the last page',
    );
    assert.equal(children.length, documentCount);
    const docIds = new Set(children.map((node) => JSON.stringify(node.target?.docId)));
    assert.equal(docIds.size, documentCount, 'a document was shown twice');
    assert.equal(documentRequests().length - before, 10);

    const item = children[0].treeItem();
    assert.match(String(item.description), /^n: \d+, name: "item \d+", tags: \[2 items\]$/);
    assert.equal(item.command?.command, 'dbhost.openDocument');
    assert.deepEqual(item.command?.arguments, [{ accountId, db, col: 'items', docId: children[0].target?.docId }]);
    assert.match(String((item.tooltip as vscode.MarkdownString).value), /"name": "item \d+"/);
  });

  it('shows plans with prices, and calm notes for no invoices and no deployments', async () => {
    const plans = await childrenOf(await nodeAt(accountId, 'Plans'));
    const sandbox = plans.find((plan) => /free/.test(String(plan.treeItem().description)));
    assert.ok(sandbox, `no free plan among ${plans.map((p) => `${labelOf(p.treeItem())} ${p.treeItem().description}`).join(' | ')}`);
    assert.ok(
      plans.some((plan) => /^\$\d/.test(String(plan.treeItem().description))),
      'no priced plan',
    );
    assert.equal(sandbox.treeItem().contextValue, 'dbhost.plan');

    assert.deepEqual(await childLabels(await nodeAt(accountId, 'Invoices')), ['No invoices']);
    const deployments = await childrenOf(await nodeAt(accountId, 'Deployments'));
    assert.equal(deployments.length, 1);
    assert.match(labelOf(deployments[0].treeItem()), /^No deployments/);
    assert.notEqual(deployments[0].treeItem().contextValue, 'dbhost.error');
  });

  it('with the service down, the error item reads without a hover: what failed, then the cause in a few words', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = (await addAccount('Service down', { url: `http://127.0.0.1:${port}`, apiKey: service.apiKey })).accountId;
    try {
      const [item] = (await childrenOf(await nodeAt(down, 'Databases'))).map((node) => node.treeItem());
      assert.equal(labelOf(item), 'Could not load databases');
      assert.equal(item.description, `service not answering at 127.0.0.1:${port} · Retry`);
      assert.match(
        String(item.tooltip),
        new RegExp(`^Could not load databases: Could not reach the service at http://127\\.0\\.0\\.1:${port}: `),
      );
    } finally {
      await removeAccount(down);
    }
  });

  it('shows a failed load as one error item whose retry loads the list', async () => {
    const broken = (await addAccount('Wrong key', { url: proxy.url, apiKey: 'not-the-key-of-this-account' })).accountId;
    try {
      const databases = await nodeAt(broken, 'Databases');
      const children = await childrenOf(databases);
      assert.equal(children.length, 1);
      const item = children[0].treeItem();
      assert.equal(item.contextValue, 'dbhost.error');
      assert.equal(labelOf(item), 'Could not load databases');
      assert.match(String(item.description), /^HTTP 401: .* · Retry$/);
      assert.equal(item.command?.command, 'dbhost.refreshNode');

      await runScripted([{ input: service.apiKey }], 'dbhost.changeApiKey', { accountId: broken });
      await vscode.commands.executeCommand('dbhost.refreshNode', children[0]);
      assert.deepEqual(await childLabels(databases), [db]);
    } finally {
      await removeAccount(broken);
    }
  });

  it('reloads only what a command changed: a new collection appears, loaded documents stay', async () => {
    const database = await nodeAt(accountId, 'Databases', db);
    const documents = await nodeAt(accountId, 'Databases', db, 'items', 'Documents');
    const loaded = await childrenOf(documents);
    const before = documentRequests().length;

    await runScripted(new FakePrompts([{ input: 'fresh' }]), 'dbhost.createCollection', database);
    await whenTree(async () => (await childLabels(database)).includes('fresh'));

    const itemsAgain = await child(database, 'items');
    const [documentsAgain] = await childrenOf(itemsAgain);
    assert.equal(documentsAgain, documents, 'the Documents item of an unchanged collection was replaced');
    assert.deepEqual(await childrenOf(documentsAgain), loaded);
    assert.equal(documentRequests().length, before, 'documents were fetched again');
  });

  it('refreshes a list on request', async () => {
    const documents = await nodeAt(accountId, 'Databases', db, 'items', 'Documents');
    await client.createDocument(db, 'items', { n: 1000, name: 'late' }, { safe: true });
    await vscode.commands.executeCommand('dbhost.refreshNode', documents);
    const children: ExplorerNode[] = await childrenOf(documents);
    assert.equal(labelOf(children[children.length - 1].treeItem()), 'Load more (901 remaining)');
    assert.equal(documents.treeItem().description, '1,001');
  });

  it('shows a document saved from its editor in place, keeping the pages loaded with "Load more"', async () => {
    const documents = await nodeAt(accountId, 'Databases', db, 'items', 'Documents');
    let children = await childrenOf(documents);
    await vscode.commands.executeCommand('dbhost.loadMoreDocuments', children[children.length - 1]);
    children = await childrenOf(documents);
    const shown = children.length;
    const pageSize = 100;
    assert.ok(shown > pageSize + 1, `only ${shown} items after "Load more"`);
    const index = children.findIndex((node, i) => i >= pageSize && /name: "item \d+"/.test(String(node.treeItem().description)));
    assert.ok(index >= pageSize, 'no document on the second page');
    const uri = await documentOpenedBy('dbhost.openDocument', children[index].target);
    const editor = await vscode.workspace.openTextDocument(uri);
    await replaceFirst(editor, '"name": "item', '"name": "saved item');
    assert.equal(await editor.save(), true);

    await whenTree(async () => /name: "saved item/.test(String((await childrenOf(documents))[index].treeItem().description)));
    assert.equal((await childrenOf(documents)).length, shown, 'the pages loaded with "Load more" were dropped');
  });
});
