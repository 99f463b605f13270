import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator } from 'playwright-core';
import { DbHostClient } from '../../src/client/dbHostClient';
import type { ProductSession } from './support/product-session';
import { openProductSession, screenshotFailuresThenClose } from './support/product-session';
import { addAccountThroughUi } from './support/accounts';
import { saveScreenshot } from './support/screenshots';
import { chooseFromContextMenu, dismissNotification, expandRow, openDbHostView, quickInput, treeRow } from './support/workbench';

const NEW_NAME = 'Renamed in the table';

function settings(theme: string): string {
  return JSON.stringify({ 'files.autoSave': 'off', 'workbench.colorTheme': theme }, null, 2);
}

// A person edits a cell of a collection through the collection view, reviews and saves it.
describe('Collection view through the real UI (code-server in Chromium)', function () {
  this.bail(true);
  let session: ProductSession;
  let sideBar: Locator;
  let client: DbHostClient;
  let view: FrameLocator;

  before(async function () {
    this.timeout(300_000);
    session = await openProductSession({ workspaceFiles: { '.vscode/settings.json': settings('Default Light Modern') } });
    client = new DbHostClient({ baseUrl: session.service.url, apiKey: session.service.apiKey });
  });

  screenshotFailuresThenClose('table', () => session);

  it('opens Open Collection View from a collection’s context menu, showing the first page by type', async () => {
    const { page } = session;
    // A wide collection for the virtualised-rendering step: 100 documents of 200 fields.
    await client.createCollection('inventory', 'wide');
    for (let row = 0; row < 100; row++) {
      await client.createDocument(
        'inventory',
        'wide',
        Object.fromEntries(Array.from({ length: 199 }, (_, field) => [`f${String(field + 1).padStart(3, '0')}`, row * 1000 + field])),
        { safe: true },
      );
    }
    sideBar = await openDbHostView(page);
    await dismissNotification(await addAccountThroughUi(session, sideBar));
    await expandRow(treeRow(sideBar, 'Local demo'));
    await expandRow(treeRow(sideBar, 'Databases'));
    await expandRow(treeRow(sideBar, 'inventory'));
    await chooseFromContextMenu(treeRow(sideBar, 'products'), 'Open Collection View');
    view = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    const total = (await client.listDocuments('inventory', 'products', { limit: 1 })).total ?? 0;
    await view.getByText(`1–20 of ${total.toLocaleString('en-US')}`).waitFor({ state: 'visible' });
    await view.locator('body.vscode-light').waitFor({ state: 'attached' });
    const headers = await view.getByRole('columnheader').allInnerTexts();
    assert.deepEqual(headers.slice(0, 3), ['_id', 'sku', 'name']);
    const price = view.locator('.cell.k-double, .cell.k-integer').first();
    assert.equal(
      await price.evaluate(
        (cell) => (globalThis as unknown as { getComputedStyle(element: unknown): { textAlign: string } }).getComputedStyle(cell).textAlign,
      ),
      'right',
    );
  });

  it('edits a cell by double-click, reviews the exact update and saves it with Ctrl+S', async () => {
    const { page } = session;
    const [first] = (await client.listDocuments('inventory', 'products', { limit: 1 })).documents;
    const nameCell = view.locator('#cell-0-2');
    assert.equal(await nameCell.innerText(), first.name);
    await nameCell.dblclick();
    const input = view.getByLabel('New value of name');
    await input.fill(NEW_NAME);
    await input.press('Enter');
    await view.locator('#cell-0-2.changed', { hasText: NEW_NAME }).waitFor({ state: 'visible' });
    // The double-click edited without selecting its row (#26).
    assert.equal(await view.locator('.grid-row[aria-selected="true"]').count(), 0, 'the double-click selected a row');
    assert.equal(await view.getByRole('button', { name: /^Export the selected rows/ }).isDisabled(), true);
    assert.doesNotMatch(await view.locator('.selected-text').innerText(), /selected/);
    // Save and Discard stay on Review's line, whatever the toolbar's width (#26).
    const tops = await Promise.all(
      ['Review changes', 'Save staged edits (Ctrl+S)', 'Discard all staged edits'].map(
        async (name) => (await view.getByRole('button', { name, exact: true }).boundingBox())?.y,
      ),
    );
    assert.ok(tops[0] !== undefined && tops.every((top) => top === tops[0]), `Review, Save and Discard at ${tops.join(', ')}`);
    await view.getByRole('button', { name: 'Review changes' }).click();
    const review = view.getByRole('region', { name: 'Review changes' });
    await review.locator('pre.body').waitFor({ state: 'visible' });
    assert.equal(JSON.parse(await review.locator('pre.body').innerText()).document.$set.name, NEW_NAME);
    assert.deepEqual(Object.keys(JSON.parse(await review.locator('pre.body').innerText()).document), ['$set']);
    await saveScreenshot(page, 'collection-view-light');
    await view.getByRole('grid').focus();
    await page.keyboard.press('Control+S');
    await view.getByText('Saved 1 document.').waitFor({ state: 'visible' });
    const { document: saved } = await client.getDocument('inventory', 'products', first._id);
    assert.equal(saved.name, NEW_NAME);
    assert.equal(JSON.stringify({ ...saved, name: first.name }), JSON.stringify(first), 'a field other than name changed');
  });

  it('right-click on a row selects it and offers Export Selected…, which asks for the format of the export', async () => {
    const { page } = session;
    const row = view.locator('.grid-row[data-row-index="2"]');
    const menuItem = page.getByRole('menuitem', { name: 'Export Selected…', exact: true });
    await view.locator('#cell-2-1').click({ button: 'right' });
    await menuItem.waitFor({ state: 'visible' });
    assert.equal(await row.getAttribute('aria-selected'), 'true', 'the right-click did not select its row');
    assert.match(await view.locator('.selected-text').innerText(), /^1 row selected/);
    await menuItem.hover();
    await page.keyboard.press('Enter');
    await menuItem.waitFor({ state: 'hidden' });
    const format = quickInput(page);
    await format
      .locator('.quick-input-title', { hasText: /^Export the 1 selected document of inventory\.products as$/ })
      .waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await format.waitFor({ state: 'hidden' });
  });

  it('completes field names and operators in the filter box from the keyboard, and runs the filter typed', async () => {
    const { page } = session;
    const filter = view.getByRole('combobox', { name: 'Filter as JSON' });
    await filter.fill('');
    await filter.pressSequentially('{"sk');
    const suggestions = view.getByRole('listbox', { name: 'Suggestions' });
    await suggestions.getByRole('option', { name: 'sku' }).waitFor({ state: 'visible' });
    assert.equal(await filter.getAttribute('aria-expanded'), 'true');
    assert.equal(await filter.getAttribute('aria-activedescendant'), 'filter-suggestions-0');
    await saveScreenshot(page, 'collection-view-filter-completion');
    await filter.press('Enter');
    assert.equal(await filter.inputValue(), '{"sku": ');
    assert.equal(await filter.getAttribute('aria-expanded'), 'false');
    await filter.pressSequentially('{"$ex');
    await suggestions.getByRole('option', { name: '$exists' }).waitFor({ state: 'visible' });
    await filter.press('Tab');
    await filter.pressSequentially('false}}');
    assert.equal(await filter.inputValue(), '{"sku": {"$exists": false}}');
    await filter.press('Enter');
    await view.getByText('0–0 of 0').waitFor({ state: 'visible' });
    await filter.fill('');
    await filter.press('Enter');
    await view.getByText(/^1–20 of /).waitFor({ state: 'visible' });
  });

  it('follows the dark theme', async () => {
    fs.writeFileSync(path.join(session.workspace, '.vscode', 'settings.json'), settings('Default Dark Modern'));
    await view.locator('body.vscode-dark').waitFor({ state: 'attached' });
    await view.locator('#cell-0-2').click();
    await saveScreenshot(session.page, 'collection-view-dark');
  });

  it('moves with the keyboard, edits with Enter, cancels with Escape; shows the page as a tree and as JSON', async () => {
    const { page } = session;
    const grid = view.getByRole('grid');
    await view.locator('#cell-0-2').click();
    await page.keyboard.press('ArrowDown');
    await view.locator('#cell-1-2.active').waitFor({ state: 'visible' });
    assert.equal(await grid.getAttribute('aria-activedescendant'), 'cell-1-2');
    assert.match((await view.locator('#cell-1-2').getAttribute('aria-label')) ?? '', /^name, string /);
    await page.keyboard.press('Enter');
    const input = view.getByLabel('New value of name');
    await input.waitFor({ state: 'visible' });
    await input.fill('not kept');
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'detached' });
    assert.equal(await view.locator('.cell.changed').count(), 0, 'Escape staged the edit');
    await page.keyboard.press('Tab');
    await view.locator('#cell-1-3.active').waitFor({ state: 'visible' });

    const [first] = (await client.listDocuments('inventory', 'products', { limit: 1 })).documents;
    await view.getByRole('tab', { name: 'tree view' }).click();
    await view
      .getByRole('tree')
      .getByText(`sku: ${String(first.sku)}`)
      .first()
      .waitFor({ state: 'visible' });
    await view.getByRole('tab', { name: 'json view' }).click();
    assert.match(await view.getByLabel('Documents as JSON').innerText(), new RegExp(`"sku": "${String(first.sku)}"`));
    await view.getByRole('tab', { name: 'table view' }).click();
    await grid.waitFor({ state: 'visible' });
  });

  it('draws only the cells in sight of 100 rows × 200 columns, and scrolls to the last column', async () => {
    const { page } = session;
    const productsTab = page.locator('.tabs-container .tab', { hasText: 'products' });
    await productsTab.hover();
    await productsTab.getByRole('button', { name: /^Close/ }).click();
    await productsTab.waitFor({ state: 'detached' });
    await chooseFromContextMenu(treeRow(sideBar, 'wide'), 'Open Collection View');
    view = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    await view.getByText('1–20 of 100').waitFor({ state: 'visible' });
    await view.getByLabel('Documents per page').selectOption('100');
    await view.getByText('1–100 of 100').waitFor({ state: 'visible' });
    const grid = view.getByRole('grid');
    assert.equal(await grid.getAttribute('aria-rowcount'), '101');
    assert.equal(await grid.getAttribute('aria-colcount'), '201');
    const drawn = await view.locator('.cell').count();
    assert.ok(drawn > 0 && drawn < 2_000, `${drawn} cells drawn of 20,000`);
    await grid.evaluate((element) => {
      (element as unknown as { scrollLeft: number; scrollWidth: number }).scrollLeft = (
        element as unknown as { scrollWidth: number }
      ).scrollWidth;
    });
    await view.getByRole('columnheader', { name: /^f199/ }).waitFor({ state: 'visible' });
  });
});
