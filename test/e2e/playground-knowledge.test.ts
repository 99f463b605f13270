import * as assert from 'node:assert/strict';
import { DbHostClient } from '../../src/client/dbHostClient';
import { formatCount } from '../../src/core/text/formatCount';
import type { ProductSession } from './support/product-session';
import { openProductSession, screenshotFailuresThenClose } from './support/product-session';
import { addAccountThroughUi } from './support/accounts';
import { saveScreenshot } from './support/screenshots';
import { dismissNotification, editorGroupOf, moveMouseAway, openDbHostView, quickOpenFile } from './support/workbench';

const PLAYGROUND = 'orders-all.query.json';
const PLAYGROUND_TEXT = `// Two queries on the shop's orders
[
  {
    "database": "shop",
    "collection": "orders",
    "q": {
    },
    "fields": ["status", "total"],
    "limit": 2
  },
  { "database": "shop", "collection": "orders", "q": { "status": "paid" }, "fields": ["total"], "sort": { "total": -1 }, "limit": 3 }
]
`;

// A person writes a query with the help of completion from the sampled schema, then runs every query of the file.
describe('Playgrounds that know the data, through the real UI (code-server in Chromium)', function () {
  this.bail(true);
  let session: ProductSession;
  let client: DbHostClient;

  before(async function () {
    this.timeout(300_000);
    session = await openProductSession({
      workspaceFiles: {
        '.vscode/settings.json': JSON.stringify({ 'files.autoSave': 'off', 'dbhost.schema.sampleSize': 300 }, null, 2),
        [PLAYGROUND]: PLAYGROUND_TEXT,
      },
    });
    client = new DbHostClient({ baseUrl: session.service.url, apiKey: session.service.apiKey });
    const sideBar = await openDbHostView(session.page);
    await dismissNotification(await addAccountThroughUi(session, sideBar, { within: sideBar.locator('.welcome-view-content') }));
  });

  screenshotFailuresThenClose('playground-knowledge', () => session);

  it('types the start of a field name in q and accepts the sampled field from the completion list', async () => {
    const { page } = session;
    await quickOpenFile(page, PLAYGROUND);
    const playground = editorGroupOf(page, PLAYGROUND);
    await playground.locator('.view-line', { hasText: '"q": {' }).first().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('"sta');
    const suggestions = page.locator('.editor-widget.suggest-widget');
    const focused = suggestions.locator('.monaco-list-row.focused', { hasText: 'status' });
    await focused.waitFor({ state: 'visible' });
    // Beside the field: its types and how often each appears in the sample.
    await suggestions
      .locator('.monaco-list-row', { hasText: /string 100%/ })
      .first()
      .waitFor({ state: 'visible' });
    await saveScreenshot(page, 'completion');
    await page.keyboard.press('Enter');
    await suggestions.waitFor({ state: 'hidden' });
    await page.keyboard.type(': "paid"');
    await playground.locator('.view-line', { hasText: /^\s*"status":\s"paid"\s*$/ }).waitFor({ state: 'visible' });
  });

  it('runs every query of the playground with Run All: a section per query with "N of M · ms"', async () => {
    const { page } = session;
    const playground = editorGroupOf(page, PLAYGROUND);
    await playground.locator('.codelens-decoration a', { hasText: 'Run All (2)' }).click();
    const paid = (await client.listDocuments('shop', 'orders', { q: { status: 'paid' }, limit: 1 })).total;
    assert.ok(paid !== undefined && paid > 5);
    const results = editorGroupOf(page, 'orders-all all results.jsonc');
    // The editor shows spaces as no-break spaces.
    const heading = (text: string) => new RegExp(text.replace(/\./g, '\\.').replace(/ /g, '\\s'));
    await results
      .locator('.view-line', { hasText: heading(`Query 1 · shop.orders · 2 of ${formatCount(paid)} · `) })
      .waitFor({ state: 'visible' });
    await results
      .locator('.view-line', { hasText: heading(`Query 2 · shop.orders · 3 of ${formatCount(paid)} · `) })
      .waitFor({ state: 'visible' });
    await results.locator('.codelens-decoration a', { hasText: 'Next page' }).first().waitFor({ state: 'visible' });
    await moveMouseAway(page);
    await saveScreenshot(page, 'run-all');
  });
});
