import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import type { ProductSession } from './support/product-session';
import { openProductSession } from './support/product-session';
import { saveScreenshot } from './support/screenshots';
import { activeEditorText, answerQuickInput, expandRow, openDbHostView, treeRow, treeRowsAtLevel } from './support/workbench';

// One person's first session, step by step; each step starts where the previous one left the UI.
describe('DB Host through the real UI (code-server in Chromium)', function () {
  this.bail(true);
  let session: ProductSession;
  let sideBar: Locator;

  before(async function () {
    this.timeout(300_000);
    session = await openProductSession();
  });

  after(async () => {
    await session?.close();
  });

  it('opens the DB Host view from the activity bar and shows the welcome', async () => {
    sideBar = await openDbHostView(session.page);
    const welcome = sideBar.locator('.welcome-view-content', { hasText: 'No DB Host account yet' });
    await welcome.waitFor({ state: 'visible' });
    await welcome.getByRole('button', { name: 'Add Account' }).waitFor({ state: 'visible' });
    await welcome.getByRole('button', { name: 'Start Local Service' }).waitFor({ state: 'visible' });
    await saveScreenshot(session.page, '1-welcome');
  });

  it('adds an account for the local service through the quick inputs: address, name, key', async () => {
    const { page, service } = session;
    await sideBar.getByRole('button', { name: 'Add Account' }).click();
    await answerQuickInput(page, /base address of the service/, service.url);
    await answerQuickInput(page, /name for the account/, 'Local demo');
    await answerQuickInput(page, /API key/, service.apiKey);
    // The key was checked against the service: the confirmation counts its databases.
    await page.locator('.notification-toast', { hasText: /Added "Local demo": \d+ databases?/ }).waitFor({ state: 'visible' });
    await treeRow(sideBar, 'Local demo').waitFor({ state: 'visible' });
    assert.equal(await sideBar.locator('.welcome-view-content', { hasText: 'No DB Host account yet' }).isVisible(), false);
    await saveScreenshot(page, '2-account-added');
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
});
