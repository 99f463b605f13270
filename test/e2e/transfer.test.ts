import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { DbHostClient } from '../../src/client/dbHostClient';
import type { ProductSession } from './support/product-session';
import { openProductSession } from './support/product-session';
import { addAccountThroughUi } from './support/accounts';
import { saveScreenshot } from './support/screenshots';
import { answerQuickInput, chooseFromContextMenu, dismissNotification, expandRow, openDbHostView, treeRow } from './support/workbench';

// Export a collection to NDJSON and import the file into a new collection, through the real UI.
describe('DB Host export and import through the real UI (code-server in Chromium)', function () {
  this.bail(true);
  let session: ProductSession;
  let sideBar: Locator;
  let client: DbHostClient;

  before(async function () {
    this.timeout(300_000);
    session = await openProductSession({ workspaceFiles: { '.vscode/settings.json': JSON.stringify({ 'files.autoSave': 'off' }) } });
    client = new DbHostClient({ baseUrl: session.service.url, apiKey: session.service.apiKey });
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && session) await saveScreenshot(session.page, `failed-transfer-${this.currentTest.title.slice(0, 40).replace(/\W+/g, '-')}`);
  });

  after(async () => {
    await session?.close();
  });

  it('adds the account and shows the suppliers collection', async () => {
    const { page } = session;
    sideBar = await openDbHostView(page);
    await dismissNotification(await addAccountThroughUi(session, sideBar));
    await expandRow(treeRow(sideBar, 'Local demo'));
    await expandRow(treeRow(sideBar, 'Databases'));
    await expandRow(treeRow(sideBar, 'inventory'));
    await treeRow(sideBar, 'suppliers').waitFor({ state: 'visible' });
  });

  it('exports a collection to NDJSON through the format pick and the save dialog', async () => {
    const { page, workspace } = session;
    const file = join(workspace, 'suppliers.ndjson');
    await chooseFromContextMenu(treeRow(sideBar, 'suppliers'), 'Export Documents…');
    await answerQuickInput(page, /Export inventory\.suppliers as/, 'NDJSON');
    await answerQuickInput(page, /Export inventory\.suppliers/, file);
    const done = page.locator('.notification-toast', { hasText: /Exported 120 documents of inventory\.suppliers/ });
    await done.waitFor({ state: 'visible' });
    await saveScreenshot(page, 'transfer-1-exported');
    await dismissNotification(done);
    assert.ok(existsSync(file));
    assert.equal(readFileSync(file, 'utf8').trim().split('\n').length, 120);
  });

  it('imports the file into a new collection after the dry run, and the counts are equal', async () => {
    const { page, workspace } = session;
    await chooseFromContextMenu(treeRow(sideBar, 'inventory'), 'Import Documents…');
    await answerQuickInput(page, /Name of the new collection/, 'suppliers_copy');
    await answerQuickInput(page, /Import into inventory\.suppliers_copy/, join(workspace, 'suppliers.ndjson'));
    const dialog = page.locator('.monaco-dialog-box', { hasText: /Import 120 documents from suppliers\.ndjson into the new collection inventory\.suppliers_copy/ });
    await dialog.waitFor({ state: 'visible' });
    assert.match(await dialog.innerText(), /120 records to import: 120 readable, 0 not/);
    await saveScreenshot(page, 'transfer-2-dry-run');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const done = page.locator('.notification-toast', { hasText: /Imported suppliers\.ndjson into inventory\.suppliers_copy: 120 documents stored/ });
    await done.waitFor({ state: 'visible' });
    await treeRow(sideBar, 'suppliers_copy').waitFor({ state: 'visible' });
    const [source, copy] = await Promise.all([client.listDocuments('inventory', 'suppliers', { limit: 1 }), client.listDocuments('inventory', 'suppliers_copy', { limit: 1 })]);
    assert.equal(copy.total, source.total);
    await saveScreenshot(page, 'transfer-3-imported');
  });
});
