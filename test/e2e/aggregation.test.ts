import * as assert from 'node:assert/strict';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import type { DbHostClient } from '../../src/client/dbHostClient';
import type { JsonObject } from '../../src/core/json/lossless';
import { formatCount } from '../../src/core/text/formatCount';
import type { ProductSession } from './support/product-session';
import { screenshotFailuresThenClose } from './support/product-session';
import { expandPath, openWithDemoAccount } from './support/demoAccount';
import { saveScreenshot } from './support/screenshots';
import { chooseFromContextMenu, editorGroupOf, moveMouseAway, treeRow } from './support/workbench';

// Few enough orders that a preview sees them all (it samples 1,000), in three statuses: three groups.
const FILTER = '{"status": {"$in": ["paid", "shipped", "delivered"]}, "total": {"$lt": 400}}';
const MATCH: JsonObject = { status: { $in: ['paid', 'shipped', 'delivered'] }, total: { $lt: 400 } };
// What follows the stage name "$group", which completion gives.
const GROUP_REST_TYPED = ': {"_id": "$status", "revenue": {"$sum": "$total"}, "orders": {"$sum": 1}}';
const GROUP: JsonObject = { $group: { _id: '$status', revenue: { $sum: '$total' }, orders: { $sum: 1 } } };
const SORT_TYPED = ', {"$sort": {"revenue": -1}}';
const SORT: JsonObject = { $sort: { revenue: -1 } };
const PLAYGROUND = 'orders.query.json';
const PREVIEW = 'orders preview.jsonc';

/** A pattern for a line of the editor, which shows spaces as no-break spaces. */
const spaced = (text: string): RegExp => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s'));

/** The text of the editor in the group whose active tab is `tab`: its comment lines left out, the rest parsed as JSON. */
async function shownDocuments(page: Page, tab: string): Promise<{ comments: string; documents: JsonObject[] }> {
  const text = (await editorGroupOf(page, tab).locator('.view-lines').first().innerText()).replace(/\u00a0/g, ' ');
  const lines = text.split('\n');
  const comments = lines.filter((line) => line.trimStart().startsWith('//')).join('\n');
  const json = lines.filter((line) => !line.trimStart().startsWith('//')).join('\n');
  return { comments, documents: JSON.parse(json) as JsonObject[] };
}

/** The CodeLens `title` above the `nth` (0-based) query or stage that has one, counted from the top of the editor. */
async function lensFromTop(editor: Locator, title: RegExp, nth: number): Promise<Locator> {
  const lenses = editor.locator('.codelens-decoration a', { hasText: title });
  await lenses.nth(nth).waitFor({ state: 'visible' });
  const placed = await Promise.all((await lenses.all()).map(async (lens) => ({ lens, y: (await lens.boundingBox())?.y ?? 0 })));
  placed.sort((a, b) => a.y - b.y);
  return placed[nth]!.lens;
}

// A person starts a pipeline from a collection view's filter, builds it stage by stage, previews a stage and runs it.
describe('An aggregation pipeline built stage by stage, through the real UI (code-server in Chromium)', function () {
  this.bail(true);
  let session: ProductSession;
  let client: DbHostClient;
  let sideBar: Locator;
  let view: FrameLocator;

  before(async function () {
    this.timeout(300_000);
    ({ session, client, sideBar } = await openWithDemoAccount());
  });

  screenshotFailuresThenClose('aggregation', () => session);

  it('filters the orders in their collection view and chooses Aggregate…: a pipeline playground whose $match is that filter', async () => {
    const { page } = session;
    await expandPath(sideBar, ['Local demo', 'Databases', 'shop']);
    await chooseFromContextMenu(treeRow(sideBar, 'orders'), 'Open Collection View');
    view = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    await view.getByText(/^1–20 of /).waitFor({ state: 'visible' });
    const matching = (await client.listDocuments('shop', 'orders', { q: MATCH, limit: 1 })).total ?? 0;
    assert.ok(matching > 20 && matching <= 1000, `${matching} orders match: the preview below needs all of them in its sample`);
    const filter = view.getByRole('combobox', { name: 'Filter as JSON' });
    await filter.fill(FILTER);
    await filter.press('Enter');
    await view.getByText(`1–20 of ${matching.toLocaleString('en-US')}`).waitFor({ state: 'visible' });

    await page.getByRole('button', { name: 'Aggregate…' }).click();
    const playground = editorGroupOf(page, PLAYGROUND);
    await playground.locator('.view-line', { hasText: /"\$match":\s\{/ }).waitFor({ state: 'visible' });
    await playground.locator('.view-line', { hasText: /"\$in":\s\[/ }).waitFor({ state: 'visible' });
    await playground.locator('.view-line', { hasText: /"\$lt":\s400/ }).waitFor({ state: 'visible' });
    await playground.locator('.codelens-decoration a', { hasText: 'Local demo › shop.orders' }).waitFor({ state: 'visible' });
    await moveMouseAway(page);
    await saveScreenshot(page, 'aggregate-playground');
  });

  it('Preview to here above the $match: the first 20 of the matching orders, counted as the service counts them, all of them seen', async () => {
    const { page } = session;
    const playground = editorGroupOf(page, PLAYGROUND);
    await (await lensFromTop(playground, /Preview to here/, 0)).click();
    const preview = editorGroupOf(page, PREVIEW);
    await preview.locator('.view-line', { hasText: /Preview\safter\sstage\s1\sof\s2\s\(\$match\)/ }).waitFor({ state: 'visible' });
    const matching = (await client.listDocuments('shop', 'orders', { q: MATCH, limit: 1 })).total ?? 0;
    await preview
      .locator('.view-line', { hasText: spaced(`// ${formatCount(matching)} documents, 20 shown · `) })
      .waitFor({ state: 'visible' });
    await preview
      .locator('.view-line', {
        hasText: spaced(`This preview is complete: all ${formatCount(matching)} documents the leading $match selects`),
      })
      .waitFor({ state: 'visible' });
    // The first document shown is the first the service's own pipeline of that $match answers, and it matches the filter.
    const [first] = (await client.aggregate('shop', 'orders', [{ $match: MATCH }], { limit: 1 })).documents;
    const firstId = (first!._id as { $oid: string }).$oid;
    await preview.locator('.view-line', { hasText: firstId }).first().waitFor({ state: 'visible' });
    assert.ok(['paid', 'shipped', 'delivered'].includes(String(first!.status)) && Number(first!.total) < 400);
    await moveMouseAway(page);
    await saveScreenshot(page, 'aggregate-preview-match');
  });

  it('types a $group by status over the starting one, its stage name chosen from completion; Preview to here above it shows the groups the service makes', async () => {
    const { page } = session;
    const playground = editorGroupOf(page, PLAYGROUND);
    // The starting $group ({"_id": null, "count": {"$sum": 1}}) spans six lines: select them, delete them and type
    // the new one in their place.
    await playground.locator('.view-line', { hasText: /"\$group":\s\{/ }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    for (let line = 0; line < 5; line++) await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Delete');
    await page.keyboard.type('"$gr');
    await page.keyboard.press('Control+Space');
    const suggestions = page.locator('.editor-widget.suggest-widget');
    await suggestions.locator('.monaco-list-row.focused', { hasText: '$group' }).waitFor({ state: 'visible' });
    await moveMouseAway(page);
    await saveScreenshot(page, 'aggregate-stage-completion');
    await page.keyboard.press('Enter');
    await suggestions.waitFor({ state: 'hidden' });
    await page.keyboard.type(GROUP_REST_TYPED);
    await playground.locator('.view-line', { hasText: spaced(`"$group": ${GROUP_REST_TYPED.slice(2)}`) }).waitFor({ state: 'visible' });
    // While it was typed the pipeline was incomplete and marked so; once typed, the marks go.
    await playground.locator('.squiggly-error').first().waitFor({ state: 'detached' });

    await (await lensFromTop(playground, /Preview to here/, 1)).click();
    const preview = editorGroupOf(page, PREVIEW);
    await preview.locator('.view-line', { hasText: /Preview\safter\sstage\s2\sof\s2\s\(\$group\)/ }).waitFor({ state: 'visible' });
    const expected = await client.aggregate('shop', 'orders', [{ $match: MATCH }, GROUP]);
    assert.equal(expected.documents.length, 3);
    await preview.locator('.view-line', { hasText: /^\]$/ }).waitFor({ state: 'visible' });
    const shown = await shownDocuments(page, PREVIEW);
    assert.match(shown.comments, /\/\/ 3 documents, 3 shown · /);
    assert.match(shown.comments, /This preview is complete: all [\d,]+ documents the leading \$match selects went through/);
    const byStatus = (documents: JsonObject[]) => [...documents].sort((a, b) => String(a._id).localeCompare(String(b._id)));
    assert.deepEqual(byStatus(shown.documents), byStatus(expected.documents));
    await moveMouseAway(page);
    await saveScreenshot(page, 'aggregate-preview');
  });

  it('adds a $sort stage after the $group; Preview to here above it shows the same groups in the service’s order, largest revenue first', async () => {
    const { page } = session;
    const playground = editorGroupOf(page, PLAYGROUND);
    // The line after the typed $group is the closing brace of its stage: the $sort stage goes after it.
    await playground.locator('.view-line', { hasText: /"\$group":\s\{"_id"/ }).click();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.type(SORT_TYPED);
    await playground.locator('.view-line', { hasText: /"\$sort":\s\{"revenue":\s-1\}/ }).waitFor({ state: 'visible' });
    // One "Preview to here" per stage, and no problem reported in the playground.
    await playground
      .locator('.codelens-decoration a', { hasText: /Preview to here/ })
      .nth(2)
      .waitFor({ state: 'visible' });
    assert.equal(await playground.locator('.squiggly-error').count(), 0, 'the typed pipeline is marked as a problem');

    await (await lensFromTop(playground, /Preview to here/, 2)).click();
    const preview = editorGroupOf(page, PREVIEW);
    await preview.locator('.view-line', { hasText: /Preview\safter\sstage\s3\sof\s3\s\(\$sort\)/ }).waitFor({ state: 'visible' });
    await preview.locator('.view-line', { hasText: /^\]$/ }).waitFor({ state: 'visible' });
    const expected = await client.aggregate('shop', 'orders', [{ $match: MATCH }, GROUP, SORT]);
    const shown = await shownDocuments(page, PREVIEW);
    assert.match(shown.comments, /\/\/ 3 documents, 3 shown · /);
    assert.deepEqual(shown.documents, expected.documents);
    const revenues = shown.documents.map((group) => Number(group.revenue));
    assert.deepEqual(
      revenues,
      [...revenues].sort((a, b) => b - a),
    );
    await moveMouseAway(page);
    await saveScreenshot(page, 'aggregate-preview-sort');
  });

  it('runs the whole pipeline with Run: the results shown are the service’s answer over HTTP, largest revenue first', async () => {
    const { page } = session;
    const playground = editorGroupOf(page, PLAYGROUND);
    await (await lensFromTop(playground, /^\s*Run$/, 0)).click();
    const resultsTab = 'orders results.jsonc';
    const results = editorGroupOf(page, resultsTab);
    await results
      .locator('.view-line', { hasText: /pipeline\sof\s3\sstages:\s\$match\s→\s\$group\s→\s\$sort/ })
      .waitFor({ state: 'visible' });
    await results.locator('.view-line', { hasText: /^\]$/ }).waitFor({ state: 'visible' });
    const expected = await client.aggregate('shop', 'orders', [{ $match: MATCH }, GROUP, SORT]);
    const shown = await shownDocuments(page, resultsTab);
    assert.match(shown.comments, /\/\/ 3 of 3 · skip 0/);
    assert.deepEqual(shown.documents, expected.documents);
    const revenues = shown.documents.map((group) => Number(group.revenue));
    assert.deepEqual(
      revenues,
      [...revenues].sort((a, b) => b - a),
    );
    await moveMouseAway(page);
    await saveScreenshot(page, 'aggregate-run');
  });
});
