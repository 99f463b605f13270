import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { RecordingProxy } from '../support/recordingProxy';
import type { ProxiedAccount } from '../support/proxiedAccount';
import { addProxiedAccount } from '../support/proxiedAccount';
import { activateExtension } from '../support/extensionUnderTest';
import { journey } from '../support/journey';
import { actOn, collectionViewOpenedBy, isNotice, loadedPage, nextPosted } from './viewMessages';
import type { ViewPanel } from './viewMessages';
import { sendAsPage } from '../support/webviewPanels';

const db = 'viewrulestests';
const col = 'products';
const RULES = {
  $jsonSchema: { bsonType: 'object', required: ['name'], properties: { price: { bsonType: 'number', minimum: 0 } } },
};
const LAMP = '"lamp"';

describe('Collection view: the collection’s rules at the edited cell', function () {
  journey(this);
  this.timeout(120_000);
  let proxied: ProxiedAccount | undefined;
  let proxy: RecordingProxy;
  let accountId: string;
  let other: DbHostApi;
  let view: ViewPanel;

  /** Sends what the webview sends and resolves with the notice it leads to and the loaded page after it. */
  async function act(message: unknown) {
    const notice = nextPosted(view, isNotice);
    const page = await actOn(view, message);
    return { page, notice };
  }

  async function reopen(): Promise<void> {
    view = await collectionViewOpenedBy(() => vscode.commands.executeCommand('dbhost.openCollectionView', { accountId, db, col }));
    await loadedPage(view);
  }

  before(async () => {
    await activateExtension();
    proxied = await addProxiedAccount({ label: 'View rules tests', db, col });
    ({ proxy, accountId, other } = proxied);
    await other.createDocument(db, col, { _id: 'lamp', name: 'Lamp', price: 12 }, { safe: true });
    await other.setCollectionRules(db, col, { validator: RULES });
    await reopen();
  });

  after(async () => {
    await proxied?.remove();
  });

  it('shows a violating edit at its cell, cause first in the diagnostics’ words, and says a save would be refused', async () => {
    const { page, notice } = await act({ type: 'edit', key: LAMP, path: ['price'], kind: 'integer', text: '-3' });
    assert.deepEqual(page.violations, [
      [LAMP, [{ path: 'price', text: 'price: must be a number ≥ 0 (found -3) (rule: properties.price.minimum)' }]],
    ]);
    assert.equal(page.rulesWarn, false);
    const told = await notice;
    assert.equal(told.error, true);
    assert.match(
      told.text,
      /^"lamp": price: must be a number ≥ 0 \(found -3\) \(rule: properties\.price\.minimum\)\. Save would be refused\./,
    );
  });

  it('refuses the save before sending anything, in one message, and keeps the edit staged', async () => {
    proxy.requests.length = 0;
    const notice = nextPosted(view, isNotice);
    // Refused before anything is sent: the notice is all the view answers.
    sendAsPage(view.panel, { type: 'save' });
    const told = await notice;
    assert.equal(told.error, true);
    assert.match(
      told.text,
      /^Not saved: "lamp": price: must be a number ≥ 0 .*which the rules of viewrulestests\.products refuse; nothing was sent\. Your edits stay staged\.$/,
    );
    assert.deepEqual(proxy.writes(), [], 'a write was sent');
    assert.equal((await other.getDocument(db, col, 'lamp')).document.price, 12);
    assert.match(view.panel.title, /● 1$/);
  });

  it('clears the violation once the edit keeps the rules, and saves', async () => {
    const { page } = await act({ type: 'edit', key: LAMP, path: ['price'], kind: 'integer', text: '15' });
    assert.deepEqual(page.violations, []);
    const { notice } = await act({ type: 'save' });
    assert.match((await notice).text, /^Saved 1 document\./);
    assert.equal((await notice).error, undefined);
    assert.equal((await other.getDocument(db, col, 'lamp')).document.price, 15);
  });

  it('shows a removed required field as a violation at its path', async () => {
    const { page } = await act({ type: 'removeField', key: LAMP, path: ['name'] });
    const [[key, [violation]]] = page.violations ?? [];
    assert.equal(key, LAMP);
    assert.equal(violation.path, 'name');
    assert.match(violation.text, /^name: is required \(rule: .*required\)$/);
    await actOn(view, { type: 'discardAll' });
  });

  it('under rules that warn, marks the violation as a warning, saves, and says so', async () => {
    await other.setCollectionRules(db, col, { validationAction: 'warn' });
    await act({ type: 'refresh' });
    const { page, notice } = await act({ type: 'edit', key: LAMP, path: ['price'], kind: 'integer', text: '-1' });
    assert.equal(page.rulesWarn, true);
    assert.equal((await notice).error, undefined);
    const told = await (await act({ type: 'save' })).notice;
    assert.match(
      told.text,
      /Saved 1 document\. Saved with 1 rule warning\(s\): "lamp": price: must be a number ≥ 0 .*The rules of viewrulestests\.products warn rather than refuse\./,
    );
    assert.equal((await other.getDocument(db, col, 'lamp')).document.price, -1);
  });
});
