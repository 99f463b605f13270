import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator } from 'playwright-core';
import type { DbHostClient } from '../../src/client/dbHostClient';
import type { JsonObject } from '../../src/core/json/lossless';
import type { ProductSession } from './support/product-session';
import { screenshotFailuresThenClose } from './support/product-session';
import { expandPath, openFirstProduct, openWithDemoAccount } from './support/demoAccount';
import {
  answerQuickInput,
  chooseFromContextMenu,
  editorGroupOf,
  editorTab,
  retypeLine,
  runCommandFromPalette,
  treeRow,
  waitUntilSaved,
} from './support/workbench';

const MINE = 'Bright kettle XL';
const THEIRS = { name: 'Bright kettle (2024)', stock: 35 };

/** Resolves once a file of VS Code's backups of unsaved editors (under `userDataDir`) holds `text`. */
async function backedUp(userDataDir: string, text: string): Promise<void> {
  const holds = () =>
    (fs.readdirSync(userDataDir, { recursive: true }) as string[])
      .filter((file) => file.split(path.sep).includes('Backups'))
      .map((file) => path.join(userDataDir, file))
      .some((file) => fs.statSync(file).isFile() && fs.readFileSync(file, 'utf8').includes(text));
  const deadline = Date.now() + 30_000;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`VS Code backed up no unsaved editor holding ${text} in 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Edits outlive a reload of the window, which starts a new extension host (as an update, a crash or a restart
// does): the editors come back with their unsaved text, and what the extension knew about them must not be lost.
describe('Unsaved edits across a reload of the window, through the real UI (code-server in Chromium)', function () {
  this.bail(true);
  let session: ProductSession;
  let client: DbHostClient;
  let sideBar: Locator;
  let documentId = '';
  let base: JsonObject = {};
  const tab = () => `${documentId}.json`;
  const stored = async () => (await client.getDocument('inventory', 'products', { $oid: documentId })).document;

  /**
   * Developer: Reload Window, as a person would run it: the workbench loads again with its unsaved editors restored
   * from their backups, and a new extension host (code-server has no command that restarts only the extension
   * host). In a browser VS Code cannot hold the reload back until it has backed up an edit, as the desktop does,
   * so this first waits for the backup of `unsaved`, as a person pausing after typing would give it time to.
   */
  async function reloadWindow(unsaved: string): Promise<void> {
    await backedUp(session.userDataDir, unsaved);
    await runCommandFromPalette(session.page, 'Developer: Reload Window');
    await session.page.waitForEvent('load');
    await expandPath(sideBar, ['Local demo', 'Databases', 'inventory']);
    await treeRow(sideBar, 'products').waitFor({ state: 'visible' });
  }

  before(async function () {
    this.timeout(300_000);
    ({ session, client, sideBar } = await openWithDemoAccount());
  });

  screenshotFailuresThenClose('restart', () => session);

  it('a product edited and not saved; another client changes its name and stock; the window reloads', async () => {
    const { page } = session;
    const { id, stored: before, editor } = await openFirstProduct(page, sideBar, client);
    documentId = id;
    base = before;
    await retypeLine(page, editor, 'name', `"name": ${JSON.stringify(MINE)},`);
    await page.locator('.tabs-container .tab.dirty', { hasText: tab() }).waitFor({ state: 'visible' });
    await client.updateDocument('inventory', 'products', { $oid: documentId }, { $set: THEIRS }, { safe: true });

    await reloadWindow(MINE);
    // The edit is still there, unsaved.
    await page.locator('.tabs-container .tab.dirty', { hasText: tab() }).waitFor({ state: 'visible' });
    await editor.locator('.view-line', { hasText: MINE }).waitFor({ state: 'visible' });
  });

  it('Ctrl+S after the reload still knows the version the edit started from: Merge… shows it as the base and keeps both sides', async () => {
    const { page } = session;
    await editorGroupOf(page, tab()).locator('.view-line', { hasText: MINE }).click();
    await page.keyboard.press('Control+S');
    await answerQuickInput(page, /changed on the service since you opened it, in fields you changed too: `name`/, 'Merge');
    const view = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    await view.getByRole('heading', { name: `Merge ${documentId}` }).waitFor({ state: 'visible' });
    const name = view.locator('fieldset').filter({ has: view.locator('legend code', { hasText: /^name$/ }) });
    await name.getByText('changed on both sides').waitFor({ state: 'visible' });
    const baseName = await name
      .locator('.version')
      .filter({ has: page.locator('h3', { hasText: /^Base/ }) })
      .locator('pre')
      .innerText();
    assert.equal(baseName, JSON.stringify(base.name), 'the merge’s base is not the version the edit started from');
    await name.getByRole('radio', { name: 'Take yours' }).check();
    await view.getByRole('button', { name: 'Save Merge' }).click();
    await waitUntilSaved(page, tab());
    const merged = await stored();
    assert.deepEqual({ name: merged.name, stock: merged.stock }, { name: MINE, stock: THEIRS.stock });
  });

  it('a new document typed before a reload is saved after it, and the next new one is numbered past it', async () => {
    const { page } = session;
    await chooseFromContextMenu(treeRow(sideBar, 'products'), 'New Document');
    const firstNew = editorTab(page, /^New Document \d+\.json/);
    await firstNew.waitFor({ state: 'visible' });
    const firstTitle = (await firstNew.innerText()).trim().split('\n')[0];
    const editor = editorGroupOf(page, firstTitle);
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('{"name": "Restored", "sku": "SKU-RESTART"}');

    await reloadWindow('SKU-RESTART');
    await chooseFromContextMenu(treeRow(sideBar, 'products'), 'New Document');
    const numberOf = (title: string) => Number(/New Document (\d+)/.exec(title)?.[1]);
    const secondNew = page.locator('.tabs-container .tab', { hasText: /^New Document \d+\.json/ }).filter({ hasNotText: firstTitle });
    await secondNew.waitFor({ state: 'visible' });
    const secondTitle = (await secondNew.innerText()).trim().split('\n')[0];
    assert.ok(numberOf(secondTitle) > numberOf(firstTitle), `${secondTitle} is not numbered past ${firstTitle}, still open`);

    await editorTab(page, firstTitle).click();
    await editor.locator('.view-line', { hasText: 'Restored' }).click();
    await page.keyboard.press('Control+S');
    await editorTab(page, firstTitle).waitFor({ state: 'detached' });
    const created = (await client.listDocuments('inventory', 'products', { q: { sku: 'SKU-RESTART' } })).documents;
    assert.deepEqual(
      created.map((document) => document.name),
      ['Restored'],
    );
  });
});
