import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { DbHostClient } from '../../src/client/dbHostClient';
import { collectionRulesOf } from '../../src/core/api/collectionRules';
import type { ProductSession } from './support/product-session';
import { screenshotFailuresThenClose } from './support/product-session';
import { expandPath, openWithDemoAccount } from './support/demoAccount';
import { saveScreenshot } from './support/screenshots';
import {
  chooseFromContextMenu,
  editorGroupOf,
  expandRow,
  moveMouseAway,
  retypeLine,
  treeRow,
  treeRowsAtLevel,
  waitUntilSaved,
} from './support/workbench';

// The rules as a person types them into the rules file: a price that is a number and not negative, a name required.
const RULES_TYPED =
  '{"validator": {"$jsonSchema": {"bsonType": "object", "required": ["name"], ' +
  '"properties": {"name": {"bsonType": "string"}, "price": {"bsonType": "number", "minimum": 0}}}}, ' +
  '"validationLevel": "strict", "validationAction": "error"}';

/** The hover VS Code shows with the mouse resting on the one error squiggle of `editor`, which is on the price's line. */
async function hoverOverProblem(page: Page, editor: Locator): Promise<Locator> {
  const squiggle = editor.locator('.squiggly-error').first();
  await squiggle.waitFor({ state: 'visible' });
  // While the line is typed, its unfinished text is marked too, and a mark can come back once after it went (the
  // diagnostics of the last keystrokes arrive late under load): wait until one mark is left.
  const group = await editor.elementHandle();
  await page
    .waitForFunction((element) => element?.querySelectorAll('.squiggly-error').length === 1, group, { timeout: 15_000 })
    .catch(async () => assert.fail(`not one problem marked: ${await editor.locator('.squiggly-error').count()}`));
  const box = await squiggle.boundingBox();
  const line = await editor.locator('.view-line', { hasText: '"price"' }).boundingBox();
  assert.ok(box && line, 'the squiggle or the price has no place on the screen');
  assert.ok(box.y >= line.y - 1 && box.y + box.height <= line.y + line.height + 1, 'the problem is not marked on the price’s line');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const hover = page.locator('.monaco-hover:visible', { hasText: /rule:/ }).first();
  await hover.waitFor({ state: 'visible' });
  return hover;
}

// A person gives a collection rules in the tree, is told of a violation while typing, fixes it, and cannot save one.
describe("A collection's rules, shown while a document is edited, through the real UI (code-server in Chromium)", function () {
  this.bail(true);
  let session: ProductSession;
  let client: DbHostClient;
  let sideBar: Locator;
  let documentId = '';
  let price = '';
  const tab = () => `${documentId}.json`;

  before(async function () {
    this.timeout(300_000);
    ({ session, client, sideBar } = await openWithDemoAccount());
  });

  screenshotFailuresThenClose('rules', () => session);

  it('sets the rules of inventory.products with Set Rules…: typed into the rules file and saved, a Rules item appears and the service keeps them', async () => {
    const { page } = session;
    await expandPath(sideBar, ['Local demo', 'Databases', 'inventory', 'products']);
    await treeRow(sideBar, 'Documents').waitFor({ state: 'visible' });
    assert.equal(await treeRow(sideBar, 'Rules').count(), 0, 'the demo collection has rules already');

    await chooseFromContextMenu(treeRow(sideBar, 'products'), 'Set Rules…');
    const rulesEditor = editorGroupOf(page, 'rules.json');
    // A collection without rules opens with a schema to fill in.
    await rulesEditor.locator('.view-line', { hasText: /"\$jsonSchema":\s\{/ }).waitFor({ state: 'visible' });
    await rulesEditor.locator('.view-line').first().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(RULES_TYPED);
    await page.keyboard.press('Control+S');
    await waitUntilSaved(page, 'rules.json');

    const rulesRow = treeRow(sideBar, 'Rules');
    await rulesRow.locator('.label-description', { hasText: 'strict · error' }).waitFor({ state: 'visible' });
    const kept = collectionRulesOf(await client.getCollectionStats('inventory', 'products'));
    assert.deepEqual(kept, JSON.parse(RULES_TYPED));
    await moveMouseAway(page);
    await saveScreenshot(page, 'rules-set');
  });

  it('opens a product and types its price as text: the problem is at the price, cause first; its quick fix makes it a number, and the save goes through', async () => {
    const { page } = session;
    await expandRow(treeRow(sideBar, 'Documents'));
    const firstDocument = treeRowsAtLevel(sideBar, 6).first();
    await firstDocument.waitFor({ state: 'visible' });
    documentId = (await firstDocument.locator('.label-name').innerText()).trim();
    price = String((await client.getDocument('inventory', 'products', { $oid: documentId })).document.price);
    await firstDocument.click();
    const editor = editorGroupOf(page, tab());
    await editor.locator('.view-line', { hasText: `"price": ${price},` }).waitFor({ state: 'visible' });
    assert.equal(await editor.locator('.squiggly-error').count(), 0, 'the stored product is marked as breaking the rules');

    await retypeLine(page, editor, 'price', '"price": "12",');
    const hover = await hoverOverProblem(page, editor);
    const said = (await hover.innerText()).replace(/\u00a0/g, ' ');
    assert.match(said, /^price: must be a number \(found a string "12"\) \(rule: properties\.price\.bsonType\)/);
    await saveScreenshot(page, 'rules-problem-hover');

    await hover.locator('.action-container', { hasText: 'Quick Fix' }).click();
    const fix = page.locator('.action-widget .monaco-list-row', { hasText: 'Convert "12" to 12' });
    await fix.waitFor({ state: 'visible' });
    await fix.click();
    await editor.locator('.view-line', { hasText: /"price":\s12,/ }).waitFor({ state: 'visible' });
    await editor.locator('.squiggly-error').first().waitFor({ state: 'detached' });

    await page.keyboard.press('Control+S');
    await waitUntilSaved(page, tab());
    assert.equal(String((await client.getDocument('inventory', 'products', { $oid: documentId })).document.price), '12');
  });

  it('types a negative price: the problem names the minimum; Ctrl+S refuses it in one notification before sending, the edit kept and the service unchanged', async () => {
    const { page } = session;
    const editor = editorGroupOf(page, tab());
    const before = (await client.getDocument('inventory', 'products', { $oid: documentId })).text;
    await retypeLine(page, editor, 'price', '"price": -3,');
    const hover = await hoverOverProblem(page, editor);
    assert.match(
      (await hover.innerText()).replace(/\u00a0/g, ' '),
      /^price: must be a number ≥ 0 \(found -3\) \(rule: properties\.price\.minimum\)/,
    );
    await moveMouseAway(page);

    await editor.locator('.view-line', { hasText: '"price"' }).click();
    await page.keyboard.press('Control+S');
    const refusal = page.locator('.notification-toast', { hasText: 'Not saved: price: must be a number ≥ 0' });
    await refusal.waitFor({ state: 'visible' });
    const text = await refusal.locator('.notification-list-item-message').innerText();
    assert.match(
      text,
      /^Not saved: price: must be a number ≥ 0 \(found -3\), which the rules of inventory\.products refuse \(rule: properties\.price\.minimum\)\. Your edit stays in the editor\./,
    );
    assert.equal(
      await page.locator('.notification-toast', { hasText: /sav|write/i }).count(),
      1,
      'not exactly one notification about the save',
    );
    await page.locator('.tabs-container .tab.dirty', { hasText: tab() }).waitFor({ state: 'visible' });
    await editor.locator('.view-line', { hasText: /"price":\s-3,/ }).waitFor({ state: 'visible' });
    assert.equal((await client.getDocument('inventory', 'products', { $oid: documentId })).text, before, 'the service’s document changed');
    await moveMouseAway(page);
    await saveScreenshot(page, 'rules-save-refused');
  });
});
