import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { DbHostClient } from '../../src/client/dbHostClient';
import { stringifyLossless } from '../../src/core/json/lossless';
import type { ProductSession } from './support/product-session';
import { openProductSession, screenshotFailuresThenClose } from './support/product-session';
import { addAccountThroughUi } from './support/accounts';
import { saveScreenshot } from './support/screenshots';
import {
  answerFileDialog,
  answerQuickInput,
  chooseFromContextMenu,
  dismissNotification,
  expandRow,
  openDbHostView,
  treeRow,
} from './support/workbench';

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

  screenshotFailuresThenClose('transfer', () => session);

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
    await answerFileDialog(page, /Export inventory\.suppliers/, file);
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
    await answerFileDialog(page, /Import into inventory\.suppliers_copy/, join(workspace, 'suppliers.ndjson'));
    const dialog = page.locator('.monaco-dialog-box', {
      hasText: /Import 120 documents from suppliers\.ndjson into the new collection inventory\.suppliers_copy/,
    });
    await dialog.waitFor({ state: 'visible' });
    assert.match(await dialog.innerText(), /120 records to import: 120 readable, 0 not/);
    await saveScreenshot(page, 'transfer-2-dry-run');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const done = page.locator('.notification-toast', {
      hasText: /Imported suppliers\.ndjson into inventory\.suppliers_copy: 120 documents stored/,
    });
    await done.waitFor({ state: 'visible' });
    await treeRow(sideBar, 'suppliers_copy').waitFor({ state: 'visible' });
    const [source, copy] = await Promise.all([
      client.listDocuments('inventory', 'suppliers', { limit: 1 }),
      client.listDocuments('inventory', 'suppliers_copy', { limit: 1 }),
    ]);
    assert.equal(copy.total, source.total);
    await saveScreenshot(page, 'transfer-3-imported');
  });

  it('selects rows of a collection view with the keyboard and exports exactly them with Export Selected…', async () => {
    const { page, workspace } = session;
    await chooseFromContextMenu(treeRow(sideBar, 'suppliers'), 'Open Collection View');
    const view = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    await view.getByText('1–20 of 120').waitFor({ state: 'visible' });
    const exportSelected = view.getByRole('button', { name: /Export the selected rows/ });
    assert.equal(await exportSelected.isDisabled(), true, 'Export Selected… is enabled with nothing selected');
    await view.getByRole('grid').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowDown');
    await view.getByRole('status').filter({ hasText: '3 rows selected' }).waitFor({ state: 'visible' });
    const selectedRows = view.locator('.grid-row[aria-selected="true"]');
    assert.deepEqual(await selectedRows.evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-rowindex'))), ['2', '4', '5']);
    assert.equal(await view.locator('.grid-row[aria-selected="true"] input[type=checkbox]:checked').count(), 3);
    await saveScreenshot(page, 'transfer-4-rows-selected');

    const file = join(workspace, 'selected-suppliers.ndjson');
    await exportSelected.click();
    await answerQuickInput(page, /Export the 3 selected documents of inventory\.suppliers as/, 'NDJSON');
    // Not the format pick still closing ("… as"): the save dialog.
    await answerFileDialog(page, /Export the 3 selected documents of inventory\.suppliers(?! as)/, file);
    const done = page.locator('.notification-toast', {
      hasText: /Exported 3 documents of the 3 selected documents of inventory\.suppliers/,
    });
    await done.waitFor({ state: 'visible' });
    const { documents } = await client.listDocuments('inventory', 'suppliers', { limit: 20 });
    const expected = [documents[0], documents[2], documents[3]].map((document) => stringifyLossless(document));
    assert.deepEqual(readFileSync(file, 'utf8').trimEnd().split('\n'), expected);
  });
});
