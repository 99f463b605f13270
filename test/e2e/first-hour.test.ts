import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
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
  editorTab,
  expandRow,
  moveMouseAway,
  openDbHostView,
  outputView,
  quickInput,
  treeRow,
  treeRowsAtLevel,
} from './support/workbench';

// A newcomer's first hour, where only the real UI shows it: what is selected, what a notification says,
// the squiggle, a hover, the log's lines. Each step starts where the previous one left the UI.
describe("A newcomer's first hour through the real UI", function () {
  this.bail(true);
  let session: ProductSession;
  let sideBar: Locator;
  let client: DbHostClient;

  before(async function () {
    this.timeout(300_000);
    session = await openProductSession({
      workspaceFiles: {
        // As code-server ships: auto-save one second after the last change. Auto-save skips a file with an error
        // marker, and the marker comes from the extension host: a shorter delay than users have races it on a
        // loaded machine.
        '.vscode/settings.json': JSON.stringify(
          { 'dbhost.pageSize': 5, 'dbhost.logs.pollInterval': 1, 'files.autoSave': 'afterDelay', 'files.autoSaveDelay': 1000 },
          null,
          2,
        ),
      },
    });
    client = new DbHostClient({ baseUrl: session.service.url, apiKey: session.service.apiKey });
  });

  screenshotFailuresThenClose('first-hour', () => session);

  it('adds the account and sees a new collection selected in the tree, under its expanded database', async () => {
    const { page } = session;
    sideBar = await openDbHostView(page);
    await dismissNotification(await addAccountThroughUi(session, sideBar));
    await expandRow(treeRow(sideBar, 'Local demo'));
    await expandRow(treeRow(sideBar, 'Databases'));
    // The database stays collapsed: the new collection must show itself.
    await chooseFromContextMenu(treeRow(sideBar, 'inventory'), 'Create Collection…');
    await answerQuickInput(page, /Name of the new collection/, 'reviews');
    const created = treeRow(sideBar, 'reviews');
    await created.and(page.locator('.selected')).waitFor({ state: 'visible' });
    assert.equal(await treeRow(sideBar, 'inventory').getAttribute('aria-expanded'), 'true');
    await saveScreenshot(page, 'first-hour-1-created-selected');
  });

  it('hovers a deployment and reads its plan, members and databases, not raw JSON', async () => {
    const { page } = session;
    await moveMouseAway(page);
    await expandRow(treeRow(sideBar, 'Deployments'));
    const [deployment] = await client.listDeployments();
    await treeRow(sideBar, deployment.name).hover();
    const hover = page.locator('.workbench-hover:visible, .monaco-hover:visible').first();
    await hover.waitFor({ state: 'visible' });
    await hover.getByText(`Plan: ${String(deployment.plan)}`).waitFor({ state: 'visible' });
    const text = await hover.innerText();
    assert.match(text, /Members: /);
    assert.doesNotMatch(text, /"name":/);
    await saveScreenshot(page, 'first-hour-2-deployment-tooltip');
    await moveMouseAway(page);
  });

  it('auto-save leaves invalid JSON alone, the squiggle shows where it is, and the fixed text saves by itself', async () => {
    const { page } = session;
    await moveMouseAway(page);
    await expandRow(treeRow(sideBar, 'products'));
    await expandRow(treeRow(sideBar, 'Documents'));
    const first = treeRowsAtLevel(sideBar, 6).first();
    await first.waitFor({ state: 'visible' });
    const documentId = (await first.locator('.label-name').innerText()).trim();
    await first.click();
    const tab = `${documentId}.json`;
    const editor = editorGroupOf(page, tab);
    const skuLine = editor.locator('.view-line', { hasText: '"sku"' });
    await skuLine.waitFor({ state: 'visible' });
    // Delete the comma at the end of the sku line, as a slip of the hand would.
    await skuLine.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await editor.locator('.squiggly-error').first().waitFor({ state: 'visible' });
    // Typing on elsewhere (here, in the same editor) gives auto-save every chance to fire on the invalid text.
    await editorTab(page, tab).and(page.locator('.dirty')).waitFor({ state: 'visible' });
    await saveScreenshot(page, 'first-hour-3-invalid-json-squiggle');
    assert.equal(await page.locator('.notification-toast', { hasText: /save/i }).count(), 0, 'a notification about saving appeared');

    await page.keyboard.type(',');
    await editor.locator('.squiggly-error').first().waitFor({ state: 'hidden' });
    await page.locator('.tabs-container .tab:not(.dirty)', { hasText: tab }).first().waitFor({ state: 'visible' });
    assert.equal(await page.locator('.notification-toast', { hasText: /save/i }).count(), 0, 'a notification about saving appeared');
  });

  it('Ctrl+S on invalid JSON shows one notification that leads with the cause, in plain words, and keeps the edit', async () => {
    const { page } = session;
    await page.keyboard.press('Backspace');
    const tab = page.locator('.tabs-container .tab.active');
    // The tab's text also holds its problem count: the _id is the 24 hex digits of its name.
    const documentId = /[0-9a-f]{24}/.exec(await tab.innerText())?.[0];
    assert.ok(documentId, 'the active tab is not a document of inventory.products');
    await page.keyboard.press('Control+S');
    const ours = page.locator('.notification-toast', { hasText: `Not saved: inventory.products ${documentId}: line ` });
    await ours.waitFor({ state: 'visible' });
    const text = await ours.locator('.notification-list-item-message').innerText();
    assert.match(text, new RegExp(`^Not saved: inventory\\.products ${documentId}: line \\d+, column \\d+: unexpected character`));
    assert.doesNotMatch(text, /dbhost:|FileSystemError|\\"|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
    assert.equal(
      await page.locator('.notification-toast', { hasText: /sav|write/i }).count(),
      1,
      'not exactly one notification about the save',
    );
    await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'visible' });
    await saveScreenshot(page, 'first-hour-4-save-failure-cause');
    // Go to Problem puts the cursor where the comma is missing: typing it there fixes the text.
    await ours.getByRole('button', { name: 'Go to Problem' }).click();
    await page.keyboard.type(',');
    await page.keyboard.press('Control+S');
    await page.locator('.tabs-container .tab.active:not(.dirty)').waitFor({ state: 'visible' });
  });

  it("File > Save (the menu's command, not Ctrl+S) on invalid JSON: one notification, VS Code's, the cause inside it, the edit kept", async () => {
    const { page } = session;
    await paletteCommand(page, 'Notifications: Clear All Notifications');
    await page.locator('.notification-toast').first().waitFor({ state: 'hidden' });
    // A stray character after the document's opening brace.
    const editor = editorGroupOf(page, /[0-9a-f]{24}/);
    await editor.locator('.view-line').first().click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.type('x');
    await editor.locator('.squiggly-error').first().waitFor({ state: 'visible' });
    await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'visible' });
    await paletteCommand(page, 'File: Save');
    const toasts = page.locator('.notification-toast', { hasText: /sav|write/i });
    await toasts.first().waitFor({ state: 'visible' });
    const texts = await toasts.locator('.notification-list-item-message').allInnerTexts();
    assert.equal(texts.length, 1, `not exactly one notification about the save: ${JSON.stringify(texts)}`);
    // VS Code 1.139 wraps every error a file system provider's write throws in its own words, cause last
    // (README, "Saving a document"); Ctrl+S, the extension's own save, says the cause first.
    assert.match(
      texts[0],
      /^Failed to save '[0-9a-f]{24}\.json': Unable to write file 'dbhost:\/\/[0-9a-f-]{36}\/inventory\/products\/[0-9a-f]{24}\.json' \(Unknown \(FileSystemError\): Not saved: the document is not valid JSON\. Unexpected character "x", expected a property name at line 1, column 2\.\)$/,
    );
    await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'visible' });
    await moveMouseAway(page);
    await saveScreenshot(page, 'first-hour-4b-file-save-failure');
    await editor.locator('.view-line').first().click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+S');
    await page.locator('.tabs-container .tab.active:not(.dirty)').waitFor({ state: 'visible' });
    await paletteCommand(page, 'Notifications: Clear All Notifications');
  });

  it('tails a log from its last lines, each line with one timestamp', async () => {
    const { page } = session;
    const deployment = (await client.listDeployments()).find(
      (record) => Array.isArray(record.databases) && record.databases.includes('shop'),
    );
    assert.ok(deployment);
    await chooseFromContextMenu(treeRow(sideBar, deployment.name), 'Tail Logs');
    const output = outputView(page);
    await output.locator('.view-line', { hasText: `Tailing the log of ${deployment.name}` }).waitFor({ state: 'visible' });
    const marker = `first-hour-${randomBytes(4).toString('hex')}`;
    await client.listDocuments('shop', 'orders', { q: { notes: marker }, limit: 1 });
    const line = output.locator('.view-line', { hasText: marker });
    await line.waitFor({ state: 'visible' });
    const text = (await line.innerText()).replace(/\u00a0/g, ' ');
    assert.equal(text.match(/\d\d:\d\d:\d\d/g)?.length, 1, `not one timestamp: ${text}`);
    await moveMouseAway(page);
    await saveScreenshot(page, 'first-hour-5-log-tail');
  });
});

/** Runs the command whose title is exactly `title` from the command palette (not the row Enter would pick). */
async function paletteCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = quickInput(page).locator('input.input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  await quickInput(page)
    .locator('.monaco-list-row', {
      has: page.locator('.label-name', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }),
    })
    .first()
    .click();
}
