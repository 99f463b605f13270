import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DbHostClient } from '../../src/client/dbHostClient';
import type { ProductSession } from './support/product-session';
import { openProductSession, screenshotFailuresThenClose } from './support/product-session';
import { addAccountThroughUi } from './support/accounts';
import { saveScreenshot } from './support/screenshots';
import { dismissNotification, editorGroupOf, editorTab, moveMouseAway, openDbHostView, quickOpenFile } from './support/workbench';

// Needs a service that explains (contract 1 of issue 21): the planner's local service.
const DB = 'explaine2e';
const DOCUMENTS = 300;
const PLAYGROUND = 'slow.query.json';
const PLAYGROUND_TEXT = `// A query that reads the whole collection for a tenth of it
{ "database": "${DB}", "collection": "items", "q": { "k": 7 }, "limit": 20 }
`;

/** The page of the explain view in front: code-server nests a webview's page in two frames. */
const explainView = (page: Page) => page.frameLocator('iframe.webview.ready:visible').frameLocator('#active-frame');

// A person sees a slow query, asks the service how it runs it, creates the index it suggests and sees the difference.
describe('From a slow query to the index that serves it, through the real UI (code-server in Chromium)', function () {
  this.bail(true);
  let session: ProductSession;
  let client: DbHostClient;

  before(async function () {
    this.timeout(300_000);
    session = await openProductSession({
      workspaceFiles: {
        '.vscode/settings.json': JSON.stringify({ 'files.autoSave': 'off' }, null, 2),
        [PLAYGROUND]: PLAYGROUND_TEXT,
      },
    });
    client = new DbHostClient({ baseUrl: session.service.url, apiKey: session.service.apiKey });
    await client.createDatabase(DB, 'sandbox');
    await client.createCollection(DB, 'items');
    for (let i = 0; i < DOCUMENTS; i++) await client.createDocument(DB, 'items', { _id: i, k: i % 10, n: i }, { safe: true });
    const sideBar = await openDbHostView(session.page);
    await dismissNotification(await addAccountThroughUi(session, sideBar, { within: sideBar.locator('.welcome-view-content') }));
  });

  screenshotFailuresThenClose('explain', () => session);

  it('clicks Explain above the playground query: a rendered view with the plan in words, its stages, and the suggested index k_1', async () => {
    const { page } = session;
    await quickOpenFile(page, PLAYGROUND);
    const playground = editorGroupOf(page, PLAYGROUND);
    await playground.locator('.codelens-decoration a', { hasText: /^\s*Explain$/ }).click();
    await editorTab(page, /Explain 1 · explaine2e\.items/).waitFor({ state: 'visible' });
    const view = explainView(page);
    await view.locator('.summary', { hasText: `Scanned all ${DOCUMENTS} documents to return 20 (no index serves this query).` }).waitFor();
    const scan = view.locator('.stages li li', { hasText: 'COLLSCAN reads every document' });
    assert.equal(await scan.locator('dd').first().textContent(), `${DOCUMENTS}`, 'documents examined beside the stage');
    await view.locator('#suggested + p', { hasText: '{"k":1} k_1.' }).waitFor();
    await view.getByRole('button', { name: 'Create Index k_1 and Explain Again' }).waitFor();
    assert.equal(await view.locator('details.raw').getAttribute('open'), null, 'the answer as sent waits one click away');
    await moveMouseAway(page);
    await saveScreenshot(page, 'explain-scan');
  });

  it('creates the suggested index with the button in the view; the view then says before → after on top and shows the index walk', async () => {
    const { page } = session;
    const view = explainView(page);
    await view.getByRole('button', { name: 'Create Index k_1 and Explain Again' }).click();
    await view
      .locator('.before-after', { hasText: `Before → after: Was: scanned ${DOCUMENTS}; now: used index k_1, examined` })
      .waitFor({ state: 'visible' });
    await view.locator('.summary', { hasText: 'Used index k_1: examined' }).waitFor();
    await view.locator('.stages li li li', { hasText: /IXSCAN walks index k_1/ }).waitFor();
    await page.locator('.notification-toast', { hasText: 'Created the index k_1 on explaine2e.items.' }).waitFor({ state: 'visible' });
    const index = await client.getIndex(DB, 'items', 'k_1');
    assert.deepEqual(index.key, { k: 1 });
    assert.equal(index.building, undefined);
    await moveMouseAway(page);
    await saveScreenshot(page, 'explain-after-index');
    await view.locator('details.raw summary').click();
    await view.locator('details.raw pre', { hasText: '"stage": "IXSCAN"' }).waitFor({ state: 'visible' });
  });

  it('explains the same playground query again: the new view names the index and suggests nothing more', async () => {
    const { page } = session;
    await quickOpenFile(page, PLAYGROUND);
    await editorGroupOf(page, PLAYGROUND)
      .locator('.codelens-decoration a', { hasText: /^\s*Explain$/ })
      .click();
    await editorTab(page, /Explain 2 · explaine2e\.items/).waitFor({ state: 'visible' });
    const view = explainView(page);
    await view.locator('.summary', { hasText: 'Used index k_1: examined' }).waitFor();
    await view.locator('#suggested + p', { hasText: "The index k_1 already serves this query's shape." }).waitFor();
    await view.getByRole('button', { name: 'Explain Again' }).waitFor();
    assert.equal(await view.getByRole('button', { name: /Create Index/ }).count(), 0);
  });
});
