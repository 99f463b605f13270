import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { DbHostClient } from '../../src/client/dbHostClient';
import { formatCount } from '../../src/core/text/formatCount';
import type { ProductSession } from './support/product-session';
import { openProductSession, screenshotFailuresThenClose } from './support/product-session';
import { addAccountThroughUi } from './support/accounts';
import { saveScreenshot } from './support/screenshots';
import {
  activeEditorText,
  chooseFromContextMenu,
  editorGroupOf,
  dismissNotification,
  expandRow,
  moveMouseAway,
  openDbHostView,
  outputView,
  quickOpenFile,
  resizeSideBar,
  treeRow,
  treeRowsAtLevel,
  waitUntilSaved,
} from './support/workbench';

const PAGE_SIZE = 5;
const PLAYGROUND = 'paid-orders.query.json';
const PLAYGROUND_TEXT = `// The largest paid orders of the shop
{
  "database": "shop",
  "collection": "orders",
  "q": { "status": "paid" },
  "sort": { "total": -1 },
  "limit": 5
}
`;

// One person's session, step by step; each step starts where the previous one left the UI.
describe('DB Host through the real UI (code-server in Chromium)', function () {
  this.bail(true);
  let session: ProductSession;
  let sideBar: Locator;
  let client: DbHostClient;

  before(async function () {
    this.timeout(300_000);
    session = await openProductSession({
      workspaceFiles: {
        // A small page keeps the whole tree on one screen; a short poll interval keeps the log step short; the web
        // workbench saves by itself after a second unless told otherwise, and this user saves with Ctrl+S.
        '.vscode/settings.json': JSON.stringify(
          { 'dbhost.pageSize': PAGE_SIZE, 'dbhost.logs.pollInterval': 1, 'files.autoSave': 'off' },
          null,
          2,
        ),
        [PLAYGROUND]: PLAYGROUND_TEXT,
      },
    });
    client = new DbHostClient({ baseUrl: session.service.url, apiKey: session.service.apiKey });
  });

  screenshotFailuresThenClose('using-the-product', () => session);

  it('opens the DB Host view from the activity bar and shows the welcome', async () => {
    sideBar = await openDbHostView(session.page);
    const welcome = sideBar.locator('.welcome-view-content', { hasText: 'No DB Host account yet' });
    await welcome.waitFor({ state: 'visible' });
    await welcome.getByRole('button', { name: 'Add Account' }).waitFor({ state: 'visible' });
    await welcome.getByRole('button', { name: 'Start Local Service' }).waitFor({ state: 'visible' });
    await saveScreenshot(session.page, '1-welcome');
  });

  it('adds an account for the local service through the quick inputs: address, name, key', async () => {
    const { page } = session;
    const added = await addAccountThroughUi(session, sideBar);
    // The key was checked against the service: the confirmation counts its databases.
    await added.filter({ hasText: /Added "Local demo": \d+ databases?/ }).waitFor({ state: 'visible' });
    await treeRow(sideBar, 'Local demo').waitFor({ state: 'visible' });
    assert.equal(await sideBar.locator('.welcome-view-content', { hasText: 'No DB Host account yet' }).isVisible(), false);
    await saveScreenshot(page, '2-account-added');
    await dismissNotification(added);
  });

  it('expands a database and a collection and opens a document', async () => {
    const { page } = session;
    await expandRow(treeRow(sideBar, 'Local demo'));
    await expandRow(treeRow(sideBar, 'Databases'));
    await expandRow(treeRow(sideBar, 'inventory'));
    await expandRow(treeRow(sideBar, 'products'));
    await expandRow(treeRow(sideBar, 'Documents'));
    const firstDocument = treeRowsAtLevel(sideBar, 6).first();
    await firstDocument.waitFor({ state: 'visible' });
    const documentId = (await firstDocument.locator('.label-name').innerText()).trim();
    await firstDocument.click();
    const text = await activeEditorText(page, /\.json/);
    assert.ok(documentId.length > 0);
    assert.match(text, /"_id"/);
    assert.match(text, /"sku"/);
    await saveScreenshot(page, '3-explorer-document');
  });

  it('browses the whole tree: plans of databases, counts of collections and documents, load more, indexes, deployments, invoices, plans', async () => {
    const { page } = session;
    // The whole tree open at once is taller than the window: a taller window for this screen, as on a big monitor.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 1440, height: 1240 });
    await resizeSideBar(page, 440);
    const databases = await client.listDatabases();
    for (const database of databases) {
      await treeRow(sideBar, database.name).waitFor({ state: 'visible' });
      assert.equal(await description(treeRow(sideBar, database.name)), database.plan, `the plan of ${database.name}`);
    }
    const products = (await client.listDocuments('inventory', 'products', { limit: 1 })).total;
    assert.ok(products !== undefined && products > 2 * PAGE_SIZE);
    assert.equal(await description(treeRow(sideBar, 'products')), `${formatCount(products)} documents`);
    assert.equal(await description(treeRow(sideBar, 'Documents')), formatCount(products));
    assert.equal(
      await treeRowsAtLevel(sideBar, 6)
        .filter({ hasNot: page.locator('.label-name', { hasText: /^Load more/ }) })
        .count(),
      PAGE_SIZE,
    );
    // "Load more" fetches the next page: twice as many documents shown, fewer remaining.
    await treeRow(sideBar, `Load more (${formatCount(products - PAGE_SIZE)} remaining)`).click();
    await treeRow(sideBar, `Load more (${formatCount(products - 2 * PAGE_SIZE)} remaining)`).waitFor({ state: 'visible' });
    assert.equal(
      await treeRowsAtLevel(sideBar, 6)
        .filter({ hasNot: page.locator('.label-name', { hasText: /^Load more/ }) })
        .count(),
      2 * PAGE_SIZE,
    );

    await expandRow(treeRow(sideBar, 'Indexes'));
    for (const index of await client.listIndexes('inventory', 'products')) await treeRow(sideBar, index.name).waitFor({ state: 'visible' });
    await expandRow(treeRow(sideBar, 'Deployments'));
    for (const deployment of await client.listDeployments()) await treeRow(sideBar, deployment.name).waitFor({ state: 'visible' });
    await expandRow(treeRow(sideBar, 'Invoices'));
    for (const invoice of await client.listInvoices()) {
      const row = treeRow(sideBar, `${String(invoice.bill_date)} · #${invoice.id}`);
      assert.equal(await description(row), `$${Number(invoice.amount).toFixed(2)}${invoice.is_paid === false ? ' · unpaid' : ''}`);
    }
    await expandRow(treeRow(sideBar, 'Plans'));
    for (const plan of await client.listPlans()) await treeRow(sideBar, plan.name ?? plan.slug).waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await saveScreenshot(page, '4-tree');
    if (viewport) await page.setViewportSize(viewport);
    await resizeSideBar(page, 320);
  });

  it('edits a field of a document in its editor by typing and saves it with Ctrl+S: the service holds the new value', async () => {
    const { page } = session;
    const [listed] = (await client.listDocuments('inventory', 'products', { limit: 1 })).documents;
    const documentId = (listed._id as { $oid: string }).$oid;
    const before = (await client.getDocument('inventory', 'products', listed._id)).document;
    const stock = Number(String(before.stock));
    const newStock = stock + 1000;

    await treeRow(sideBar, documentId).click();
    const tab = `${documentId}.json`;
    const editor = editorGroupOf(page, tab);
    const stockLine = editor.locator('.view-line', { hasText: '"stock"' });
    const stockValue = stockLine.locator('span span', { hasText: new RegExp(`^${stock}$`) });
    await stockValue.dblclick();
    await page.keyboard.type(String(newStock));
    await page.locator('.tabs-container .tab.dirty', { hasText: tab }).waitFor({ state: 'visible' });
    await page.keyboard.press('Control+S');
    await waitUntilSaved(page, tab);
    await stockLine.filter({ hasText: `"stock": ${newStock},` }).waitFor({ state: 'visible' });

    const after = (await client.getDocument('inventory', 'products', listed._id)).document;
    assert.equal(String(after.stock), String(newStock));
    assert.deepEqual({ ...after, stock: undefined }, { ...before, stock: undefined }, 'a field other than stock changed');
    await saveScreenshot(page, '5-document-saved');
  });

  it('runs a query playground of the workspace through its Run CodeLens: results beside it, "N of M"', async () => {
    const { page } = session;
    await quickOpenFile(page, PLAYGROUND);
    const playground = editorGroupOf(page, PLAYGROUND);
    // The lens beside "Run" names the account and collection: the playground settled on the only account.
    await playground.locator('.codelens-decoration a', { hasText: 'Local demo › shop.orders' }).waitFor({ state: 'visible' });
    await playground.locator('.codelens-decoration a', { hasText: /^\s*Run$/ }).click();

    const paid = (await client.listDocuments('shop', 'orders', { q: { status: 'paid' }, limit: 1 })).total;
    assert.ok(paid !== undefined && paid > 5);
    const resultsTab = 'paid-orders results.jsonc';
    const results = editorGroupOf(page, resultsTab);
    await results.locator('.view-line', { hasText: `5 of ${formatCount(paid)}` }).waitFor({ state: 'visible' });
    // Beside: the playground stays visible in its own group, left of the results.
    await playground.waitFor({ state: 'visible' });
    const [playgroundBox, resultsBox] = [await playground.boundingBox(), await results.boundingBox()];
    assert.ok(
      playgroundBox && resultsBox && playgroundBox.x + playgroundBox.width <= resultsBox.x + 1,
      'the results are not beside the playground',
    );
    const largest = (await client.listDocuments('shop', 'orders', { q: { status: 'paid' }, sort: { total: -1 }, limit: 1 })).documents[0];
    await results
      .locator('.view-line', { hasText: `"total": ${String(largest.total)}` })
      .first()
      .waitFor({ state: 'visible' });
    await saveScreenshot(page, '6-playground-results');
  });

  it('tails the log of a deployment: the queries made while tailing arrive in its output channel', async () => {
    const { page } = session;
    const deployment = (await client.listDeployments()).find(
      (record) => Array.isArray(record.databases) && record.databases.includes('shop'),
    );
    assert.ok(deployment, 'no deployment holds the shop database');
    await chooseFromContextMenu(treeRow(sideBar, deployment.name), 'Tail Logs');
    const output = outputView(page);
    await output.locator('.view-line', { hasText: `Tailing the log of ${deployment.name}` }).waitFor({ state: 'visible' });

    const markers = [1, 2, 3].map((n) => `e2e-tail-${n}-${randomBytes(4).toString('hex')}`);
    for (const marker of markers) {
      await client.listDocuments('shop', 'orders', { q: { notes: marker }, limit: 1 });
      await output.locator('.view-line', { hasText: marker }).waitFor({ state: 'visible' });
    }
    for (const marker of markers)
      assert.equal(await output.locator('.view-line', { hasText: marker }).count(), 1, `${marker} shown more than once`);
    await moveMouseAway(page);
    await saveScreenshot(page, '7-log-tail');
  });
});

async function description(row: Locator): Promise<string> {
  return (await row.locator('.label-description').innerText()).trim();
}
