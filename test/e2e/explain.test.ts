import * as assert from 'node:assert/strict';
import { DbHostClient } from '../../src/client/dbHostClient';
import type { ProductSession } from './support/product-session';
import { openProductSession } from './support/product-session';
import { addAccountThroughUi } from './support/accounts';
import { saveScreenshot } from './support/screenshots';
import { dismissNotification, editorGroupOf, moveMouseAway, openDbHostView, quickOpenFile } from './support/workbench';

// Needs a service that explains (contract 1 of issue 21): the planner's local service.
const DB = 'explaine2e';
const DOCUMENTS = 300;
const PLAYGROUND = 'slow.query.json';
const PLAYGROUND_TEXT = `// A query that reads the whole collection for a tenth of it
{ "database": "${DB}", "collection": "items", "q": { "k": 7 }, "limit": 20 }
`;

/** The editor shows spaces as no-break spaces: a pattern for `text` that matches either. */
const shown = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s'));

// A person sees a slow query, asks the service how it runs it, creates the index it suggests and sees the difference.
describe('From a slow query to the index that serves it, through the real UI (code-server in Chromium)', function () {
  this.bail(true);
  let session: ProductSession;
  let client: DbHostClient;

  before(async function () {
    this.timeout(300_000);
    session = await openProductSession({
      workspaceFiles: {
        // One paragraph of the view is one line on screen: VS Code wraps Markdown by default, which would cut a sentence in two.
        '.vscode/settings.json': JSON.stringify({ 'files.autoSave': 'off', '[markdown]': { 'editor.wordWrap': 'off' } }, null, 2),
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

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && session)
      await saveScreenshot(session.page, `failed-${this.currentTest.title.slice(0, 40).replace(/\W+/g, '-')}`);
  });

  after(async () => {
    await session?.close();
  });

  it('clicks Explain above the playground query: the plan in words, a full scan, and the suggested index k_1', async () => {
    const { page } = session;
    await quickOpenFile(page, PLAYGROUND);
    const playground = editorGroupOf(page, PLAYGROUND);
    await playground.locator('.codelens-decoration a', { hasText: /^\s*Explain$/ }).click();
    const view = editorGroupOf(page, /explain 1\.md/);
    await view
      .locator('.view-line', { hasText: shown(`**Scanned all ${DOCUMENTS} documents to return 20 (no index serves this query).**`) })
      .waitFor({ state: 'visible' });
    await view.locator('.view-line', { hasText: shown('`{"k":1}`, named k_1.') }).waitFor({ state: 'visible' });
    await view.locator('.codelens-decoration a', { hasText: 'Create Index k_1 and Explain Again' }).waitFor({ state: 'visible' });
    await moveMouseAway(page);
    await saveScreenshot(page, 'explain-scan');
  });

  it('creates the suggested index from the explain view; the view then says the query uses it, before and after', async () => {
    const { page } = session;
    const view = editorGroupOf(page, /explain 1\.md/);
    await view.locator('.codelens-decoration a', { hasText: 'Create Index k_1 and Explain Again' }).click();
    await view
      .locator('.view-line', { hasText: shown(`**Before → after:** was: scanned ${DOCUMENTS}; now: used index k_1, examined`) })
      .waitFor({ state: 'visible' });
    await view.locator('.view-line', { hasText: shown('**Used index k_1: examined') }).waitFor({ state: 'visible' });
    await page.locator('.notification-toast', { hasText: 'Created the index k_1 on explaine2e.items.' }).waitFor({ state: 'visible' });
    const index = await client.getIndex(DB, 'items', 'k_1');
    assert.deepEqual(index.key, { k: 1 });
    assert.equal(index.building, undefined);
    await moveMouseAway(page);
    await saveScreenshot(page, 'explain-after-index');
  });

  it('explains the same playground query again: the new view names the index and suggests nothing more', async () => {
    const { page } = session;
    await quickOpenFile(page, PLAYGROUND);
    await editorGroupOf(page, PLAYGROUND)
      .locator('.codelens-decoration a', { hasText: /^\s*Explain$/ })
      .click();
    const view = editorGroupOf(page, /explain 2\.md/);
    await view.locator('.view-line', { hasText: shown('**Used index k_1: examined') }).waitFor({ state: 'visible' });
    await view
      .locator('.view-line', { hasText: shown("None: The index k_1 already serves this query's shape.") })
      .waitFor({ state: 'visible' });
    assert.equal(await view.locator('.codelens-decoration a', { hasText: 'Create Index' }).count(), 0);
  });
});
