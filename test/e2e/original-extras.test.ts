import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { DbHostClient } from '../../src/client/dbHostClient';
import type { ProductSession } from './support/product-session';
import { openProductSession, screenshotFailuresThenClose } from './support/product-session';
import { addAccountThroughUi } from './support/accounts';
import { saveScreenshot } from './support/screenshots';
import {
  chooseFromContextMenu,
  dismissNotification,
  expandRow,
  moveMouseAway,
  openDbHostView,
  resizeSideBar,
  treeRow,
} from './support/workbench';

// The original service's extras through the real UI: a database's users, and a deployment's live statistics.
describe('DB Host extras through the real UI: users and deployment statistics', function () {
  this.bail(true);
  let session: ProductSession;
  let sideBar: Locator;
  let client: DbHostClient;

  before(async function () {
    this.timeout(300_000);
    session = await openProductSession({ workspaceFiles: { '.vscode/settings.json': JSON.stringify({ 'dbhost.pageSize': 5 }, null, 2) } });
    client = new DbHostClient({ baseUrl: session.service.url, apiKey: session.service.apiKey });
    await client.createUser('shop', 'reporting', 'a-long-reporting-password', true);
    await client.createUser('shop', 'checkout-app', 'a-long-app-password', false);
    sideBar = await openDbHostView(session.page);
    await dismissNotification(await addAccountThroughUi(session, sideBar));
  });

  screenshotFailuresThenClose('extras', () => session);

  it('shows a database’s users, their access, beside its collections, current operations and slow queries', async () => {
    await resizeSideBar(session.page, 420);
    await expandRow(treeRow(sideBar, 'Local demo'));
    await expandRow(treeRow(sideBar, 'Databases'));
    await expandRow(treeRow(sideBar, 'shop'));
    for (const label of ['orders', 'Users', 'Current Operations', 'Slow Queries'])
      await treeRow(sideBar, label).waitFor({ state: 'visible' });
    await expandRow(treeRow(sideBar, 'Users'));
    await treeRow(sideBar, 'reporting').waitFor({ state: 'visible' });
    await treeRow(sideBar, 'checkout-app').waitFor({ state: 'visible' });
    assert.equal((await treeRow(sideBar, 'reporting').locator('.label-description').innerText()).trim(), 'read-only');
    await moveMouseAway(session.page);
    await saveScreenshot(session.page, 'extras-users');
  });

  it('charts a deployment’s memory, operations per second and connections, refreshed while open', async () => {
    const { page } = session;
    const deployment = (await client.listDeployments()).find((record) => (record.databases as string[] | undefined)?.includes('shop'));
    assert.ok(deployment, 'the demo has no deployment for shop');
    for (let n = 0; n < 20; n++) await client.createDocument('shop', 'orders', { status: 'new', total: n }, { safe: true });
    for (let n = 0; n < 10; n++) await client.listDocuments('shop', 'orders', { q: { status: 'new' } });
    await expandRow(treeRow(sideBar, 'Deployments'));
    await chooseFromContextMenu(treeRow(sideBar, deployment.name), 'Show Statistics');
    const chart = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    await chart.locator('figcaption', { hasText: /^Memory: resident \d/ }).waitFor({ state: 'visible', timeout: 30_000 });
    await chart.locator('figcaption', { hasText: /^Operations per second: insert [1-9]/ }).waitFor({ state: 'visible' });
    await chart.locator('figcaption', { hasText: /^Connections: current \d/ }).waitFor({ state: 'visible' });
    assert.equal(await chart.locator('polyline.series').count(), 10, 'three memory lines, six operation kinds, one of connections');
    assert.equal((await chart.locator('table tr').count()) > 1, true, 'a table of the figures');
    await chart.locator('#status', { hasText: /refreshes every 10 s/ }).waitFor({ state: 'visible' });
    await moveMouseAway(page);
    await saveScreenshot(page, 'extras-deployment-stats');
  });
});
