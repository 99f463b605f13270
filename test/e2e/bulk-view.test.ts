import * as assert from 'node:assert/strict';
import type { FrameLocator, Locator } from 'playwright-core';
import { DbHostClient } from '../../src/client/dbHostClient';
import type { JsonObject } from '../../src/core/json/lossless';
import { stringifyLossless } from '../../src/core/json/lossless';
import type { ProductSession } from './support/product-session';
import { openProductSession, screenshotFailuresThenClose } from './support/product-session';
import { addAccountThroughUi } from './support/accounts';
import { saveScreenshot } from './support/screenshots';
import {
  answerQuickInput,
  chooseFromContextMenu,
  dismissNotification,
  editorTab,
  expandRow,
  openDbHostView,
  treeRow,
} from './support/workbench';

const DB = 'inventory';
const COL = 'products';

// A person changes several rows of a collection view at once, reviews the change with its count, saves it
// through its preview, and undoes it; each step checked against the service.
describe('Several rows at once in the collection view, and their undo, through the real UI (code-server in Chromium)', function () {
  this.bail(true);
  let session: ProductSession;
  let sideBar: Locator;
  let client: DbHostClient;
  let view: FrameLocator;
  /** The first three documents of the collection (the view's first rows), exactly as the service sent them. */
  let chosen: JsonObject[];
  let others: number;

  /** The documents with these `_id`s as the service holds them now, as text. */
  const storedTexts = async (documents: readonly JsonObject[]): Promise<string[]> => {
    const page = await client.listDocuments(DB, COL, { q: { _id: { $in: documents.map((doc) => doc._id!) } }, limit: 100 });
    const byId = new Map(page.documents.map((doc) => [stringifyLossless(doc._id), stringifyLossless(doc)]));
    return documents.map((doc) => byId.get(stringifyLossless(doc._id)) ?? 'missing');
  };

  const modal = (text: RegExp): Locator => session.page.locator('.monaco-dialog-box', { hasText: text });

  before(async function () {
    this.timeout(300_000);
    session = await openProductSession({ workspaceFiles: { '.vscode/settings.json': JSON.stringify({ 'files.autoSave': 'off' }) } });
    client = new DbHostClient({ baseUrl: session.service.url, apiKey: session.service.apiKey });
    chosen = (await client.listDocuments(DB, COL, { limit: 3 })).documents;
    others = ((await client.listDocuments(DB, COL, { q: { status: 'reviewed' }, limit: 1 })).total ?? 0) as number;
  });

  screenshotFailuresThenClose('bulk-view', () => session);

  it('selects three rows and stages a field set on them through Change Rows…; the review shows the count', async () => {
    const { page } = session;
    sideBar = await openDbHostView(page);
    await dismissNotification(await addAccountThroughUi(session, sideBar));
    await expandRow(treeRow(sideBar, 'Local demo'));
    await expandRow(treeRow(sideBar, 'Databases'));
    await expandRow(treeRow(sideBar, DB));
    await chooseFromContextMenu(treeRow(sideBar, COL), 'Open Collection View');
    view = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    await view.getByText(/^1–20 of /).waitFor({ state: 'visible' });
    const boxes = view.getByRole('checkbox', { name: /^Select row/ });
    for (let row = 0; row < 3; row++) await boxes.nth(row).check();
    await view.getByText('3 rows selected').waitFor({ state: 'visible' });
    assert.equal(await view.locator('.grid-row[aria-selected="true"]').count(), 3);

    await view.getByRole('button', { name: /^Set, unset or rename a field/ }).click();
    await answerQuickInput(page, /Which documents to change/, 'The 3 selected rows');
    await answerQuickInput(page, /What to change/, 'Set a field');
    await answerQuickInput(page, /The field to set/, 'status');
    await answerQuickInput(page, /The value of status/, '"reviewed"');
    await view.getByText('1 change to several rows staged').waitFor({ state: 'visible' });
    assert.deepEqual(
      await storedTexts(chosen),
      chosen.map((doc) => stringifyLossless(doc)),
      'staging changed the service',
    );

    await view.getByRole('button', { name: 'Review changes' }).click();
    const review = view.getByRole('region', { name: 'Review changes' });
    await review.getByRole('heading', { name: 'Review changes: set status to "reviewed" on 3 documents' }).waitFor({ state: 'visible' });
    const body = JSON.parse(await review.locator('pre.body').innerText()) as { criteria: { _id: { $in: unknown[] } }; multi: boolean };
    assert.deepEqual(body.criteria._id.$in, JSON.parse(JSON.stringify(chosen.map((doc) => doc._id))));
    assert.equal(body.multi, true);
  });

  it('saves it after the preview of the three documents and one question, and the service holds the change', async () => {
    const { page } = session;
    await view.getByRole('region', { name: 'Review changes' }).getByRole('button', { name: 'Save staged edits' }).click();
    await editorTab(page, /Preview of the update of inventory\.products: 3 of 3 matching documents/).waitFor({ state: 'visible' });
    const question = modal(/Set status to "reviewed" in all 3 documents of inventory\.products\?/);
    await question.waitFor({ state: 'visible' });
    assert.match(await question.innerText(), /3 sampled documents before and after in the diff editor, from the service's dry run/);
    await saveScreenshot(page, 'bulk-view-preview');
    await question.getByRole('button', { name: 'Update', exact: true }).click();
    await question.waitFor({ state: 'hidden' });
    await editorTab(page, `${COL} (${DB})`).click();
    await view.getByText(/Changed 3 documents \(set status to "reviewed"\)\. Undo Last Change/).waitFor({ state: 'visible' });
    const stored = await storedTexts(chosen);
    for (const [index, text] of stored.entries())
      assert.equal(text, stringifyLossless({ ...chosen[index], status: 'reviewed' }), 'not exactly the field set, at the end');
    assert.equal((await client.listDocuments(DB, COL, { q: { status: 'reviewed' }, limit: 1 })).total, others + 3);
  });

  it('undoes it from the collection’s context menu: the three documents byte for byte as before', async () => {
    await chooseFromContextMenu(treeRow(sideBar, COL), 'Undo Last Change to a Collection…');
    const question = modal(/Undo the last change to inventory\.products\?/);
    await question.waitFor({ state: 'visible' });
    assert.match(await question.innerText(), /3 documents put back as they were/);
    await question.getByRole('button', { name: 'Undo', exact: true }).click();
    await question.waitFor({ state: 'hidden' });
    await session.page
      .locator('.notification-toast', { hasText: /Undid the last change to inventory\.products: 3 documents put back/ })
      .waitFor({ state: 'visible' });
    assert.deepEqual(
      await storedTexts(chosen),
      chosen.map((doc) => stringifyLossless(doc)),
    );
    assert.equal((await client.listDocuments(DB, COL, { q: { status: 'reviewed' }, limit: 1 })).total, others);
  });
});
