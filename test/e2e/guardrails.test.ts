import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { DbHostClient } from '../../src/client/dbHostClient';
import type { ProductSession } from './support/product-session';
import { openProductSession, screenshotFailuresThenClose } from './support/product-session';
import { addAccountThroughUi } from './support/accounts';
import { saveScreenshot } from './support/screenshots';
import {
  answerQuickInput,
  chooseFromContextMenu,
  dismissNotification,
  editorGroupOf,
  expandRow,
  moveMouseAway,
  openDbHostView,
  treeRow,
  treeRowsAtLevel,
} from './support/workbench';

const LABEL = 'Shop production';

// A production account made Read-only in the real UI, and a save it refuses while the edit stays in the editor.
describe('Guardrails through the real UI: a production-tagged Read-only account', function () {
  this.bail(true);
  let session: ProductSession;
  let sideBar: Locator;
  let client: DbHostClient;
  let documentId = '';
  let stock = 0;
  const tab = () => `${documentId}.json`;
  const stockLine = () => editorGroupOf(session.page, tab()).locator('.view-line', { hasText: '"stock"' });

  before(async function () {
    this.timeout(300_000);
    session = await openProductSession({
      workspaceFiles: { '.vscode/settings.json': JSON.stringify({ 'dbhost.pageSize': 5, 'files.autoSave': 'off' }, null, 2) },
    });
    client = new DbHostClient({ baseUrl: session.service.url, apiKey: session.service.apiKey });
  });

  screenshotFailuresThenClose('guardrails', () => session);

  it('adds an account and, from the message that it was added, makes it Read-only, red and tagged "production"', async () => {
    const { page } = session;
    sideBar = await openDbHostView(session.page);
    const added = await addAccountThroughUi(session, sideBar, { label: LABEL });
    await added.getByRole('button', { name: 'Account Settings…' }).click();
    await answerQuickInput(page, /\(1\/3\): writes/, 'Read-only');
    await answerQuickInput(page, /\(2\/3\): colour/, 'Red');
    await answerQuickInput(page, /\(3\/3\): tag/, 'production');
    const row = treeRow(sideBar, LABEL);
    await row.locator('.label-description', { hasText: /^production · Read-only · 127\.0\.0\.1:\d+$/ }).waitFor({ state: 'visible' });
    await row.locator('.codicon-lock').waitFor({ state: 'visible' });
    if (await added.isVisible()) await dismissNotification(added);
  });

  it("opens that account's documents read-only: typing changes nothing, and the line above the text says why", async () => {
    const { page } = session;
    await expandRow(treeRow(sideBar, LABEL));
    await expandRow(treeRow(sideBar, 'Databases'));
    await expandRow(treeRow(sideBar, 'inventory'));
    await expandRow(treeRow(sideBar, 'products'));
    await expandRow(treeRow(sideBar, 'Documents'));
    const firstDocument = treeRowsAtLevel(sideBar, 6).first();
    await firstDocument.waitFor({ state: 'visible' });
    documentId = (await firstDocument.locator('.label-name').innerText()).trim();
    stock = Number(String((await client.getDocument('inventory', 'products', { $oid: documentId })).document.stock));
    await firstDocument.click();

    const editor = editorGroupOf(page, tab());
    await editor
      .locator('.codelens-decoration', { hasText: `Read-only: the account ${LABEL} [production] is Read-only` })
      .waitFor({ state: 'visible' });
    await stockLine()
      .locator('span span', { hasText: new RegExp(`^${stock}$`) })
      .dblclick();
    await page.keyboard.type('999');
    await stockLine()
      .filter({ hasText: `"stock": ${stock},` })
      .waitFor({ state: 'visible' });
    assert.equal(await page.locator('.tabs-container .tab.dirty', { hasText: tab() }).count(), 0, 'the read-only editor took the typing');
    // While an editor of the account is active, the status bar names it, its tag and its mode.
    await page.locator('.part.statusbar', { hasText: `${LABEL} [production] · Read-only` }).waitFor({ state: 'visible' });
    await moveMouseAway(page);
    await saveScreenshot(page, '8-guardrails-read-only-editor');
  });

  it('"Change its mode…" makes the editor editable at once; an edit kept when the account turns Read-only again is refused by Ctrl+S in one notification', async () => {
    const { page } = session;
    const editor = editorGroupOf(page, tab());
    await editor.locator('.codelens-decoration a', { hasText: 'Change its mode…' }).click();
    await answerQuickInput(page, /\(1\/3\): writes/, 'Normal');
    await answerQuickInput(page, /\(2\/3\): colour/, 'Red');
    await answerQuickInput(page, /\(3\/3\): tag/, 'production');
    await page.getByRole('button', { name: 'Switch to Normal' }).click();
    await editor.locator('.codelens-decoration', { hasText: 'Read-only' }).waitFor({ state: 'hidden' });

    const before = (await client.getDocument('inventory', 'products', { $oid: documentId })).text;
    await stockLine()
      .locator('span span', { hasText: new RegExp(`^${stock}$`) })
      .dblclick();
    await page.keyboard.type(String(stock + 1000));
    const dirtyTab = page.locator('.tabs-container .tab.dirty', { hasText: tab() });
    await dirtyTab.waitFor({ state: 'visible' });

    await chooseFromContextMenu(treeRow(sideBar, LABEL), 'Account Settings…');
    await answerQuickInput(page, /\(1\/3\): writes/, 'Read-only');
    await answerQuickInput(page, /\(2\/3\): colour/, 'Red');
    await answerQuickInput(page, /\(3\/3\): tag/, 'production');
    await page.locator('.part.statusbar', { hasText: `${LABEL} [production] · Read-only` }).waitFor({ state: 'visible' });

    await stockLine().click();
    await page.keyboard.press('Control+S');
    const refusal = page.locator('.notification-toast', { hasText: `Not saved: the account ${LABEL} [production] is Read-only.` });
    await refusal.waitFor({ state: 'visible' });
    const text = await refusal.locator('.notification-list-item-message').innerText();
    assert.match(text, new RegExp(`^Not saved: the account ${LABEL} \\[production\\] is Read-only\\.`));
    assert.doesNotMatch(text, /dbhost:|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
    await refusal.getByRole('button', { name: 'Account Settings…' }).waitFor({ state: 'visible' });
    assert.equal(
      await page.locator('.notification-toast', { hasText: /sav|write/i }).count(),
      1,
      'not exactly one notification about the save',
    );
    await dirtyTab.waitFor({ state: 'visible' });
    await stockLine()
      .filter({ hasText: `"stock": ${stock + 1000},` })
      .waitFor({ state: 'visible' });
    assert.equal((await client.getDocument('inventory', 'products', { $oid: documentId })).text, before, 'the service’s document changed');

    await moveMouseAway(page);
    await saveScreenshot(page, '8-guardrails-save-refused');
  });

  it('in Confirm writes, Ctrl+S answered Cancel shows one notification that says so and keeps the edit; Send saves it', async () => {
    const { page } = session;
    const refusal = page.locator('.notification-toast', { hasText: 'Not saved: the account' });
    if (await refusal.isVisible()) await dismissNotification(refusal);
    await chooseFromContextMenu(treeRow(sideBar, LABEL), 'Account Settings…');
    await answerQuickInput(page, /\(1\/3\): writes/, 'Confirm writes');
    await answerQuickInput(page, /\(2\/3\): colour/, 'Red');
    await answerQuickInput(page, /\(3\/3\): tag/, 'production');
    await page.locator('.part.statusbar', { hasText: `${LABEL} [production] · Confirm writes` }).waitFor({ state: 'visible' });
    const before = (await client.getDocument('inventory', 'products', { $oid: documentId })).text;
    const dirtyTab = page.locator('.tabs-container .tab.dirty', { hasText: tab() });

    await stockLine().click();
    await page.keyboard.press('Control+S');
    const question = page.locator('.monaco-dialog-box');
    await question.waitFor({ state: 'visible' });
    await question.getByRole('button', { name: 'Cancel' }).click();
    const cancelled = page.locator('.notification-toast', {
      hasText: `Not saved: inventory.products ${documentId}: the write was cancelled`,
    });
    await cancelled.waitFor({ state: 'visible' });
    const text = await cancelled.locator('.notification-list-item-message').innerText();
    assert.match(text, /^Not saved: inventory\.products /);
    assert.doesNotMatch(text, /dbhost:|FileSystemError|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
    assert.equal(
      await page.locator('.notification-toast', { hasText: /sav|write/i }).count(),
      1,
      'not exactly one notification about the save',
    );
    await dirtyTab.waitFor({ state: 'visible' });
    assert.equal((await client.getDocument('inventory', 'products', { $oid: documentId })).text, before, 'the service’s document changed');
    await dismissNotification(cancelled);

    await stockLine().click();
    await page.keyboard.press('Control+S');
    await question.waitFor({ state: 'visible' });
    await question.getByRole('button', { name: 'Send' }).click();
    await dirtyTab.waitFor({ state: 'hidden' });
    assert.equal(String((await client.getDocument('inventory', 'products', { $oid: documentId })).document.stock), String(stock + 1000));
    assert.equal(await page.locator('.notification-toast', { hasText: /sav|write/i }).count(), 0, 'a notification about the save appeared');
  });
});
