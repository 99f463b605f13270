import * as assert from 'node:assert/strict';
import { addAccount, removeAccount, serviceClient, setGuardrails, shownAccount } from '../support/accounts';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { accountNode, treeItemOf } from '../explorer/explorerFixtures';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { decorationOf, statusItemOf } from '../support/registrations';
import { readTestConfig } from '../support/test-config';
import { waitFor } from '../support/waitFor';
import { documentOpenedBy } from '../support/editors';

const db = 'guardlook';
const col = 'items';

/** Resolves once `check` holds, looking again whenever `event` fires. */
async function until(event: vscode.Event<unknown>, check: () => boolean): Promise<void> {
  await waitFor(check, { event });
}

/** What the account status bar item shows, if it is showing. */
function accountStatusText(): string | undefined {
  const status = statusItemOf('dbhost.account');
  return status?.shown ? status.item.text : undefined;
}

describe('Guardrails: Account Settings, and the account’s colour and tag on its data', function () {
  this.timeout(60_000);
  let tagged: string;
  let plain: string;
  let other: DbHostApi;
  let docId: string;

  async function accountItem(accountId: string): Promise<vscode.TreeItem> {
    const node = await accountNode(accountId);
    assert.ok(node, 'the account is not in the tree');
    return treeItemOf(node);
  }

  async function openDocumentOf(accountId: string): Promise<vscode.Uri> {
    const uri = await documentOpenedBy('dbhost.openDocument', { accountId, db, col, docId });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    return uri;
  }

  before(async () => {
    await activateExtension();
    const { empty } = readTestConfig().services;
    tagged = (await addAccount('Tagged shop', { url: empty.url, apiKey: empty.apiKey })).accountId;
    plain = (await addAccount('Plain shop', { url: empty.url, apiKey: empty.apiKey })).accountId;
    other = serviceClient(empty);
    await other.createDatabase(db, 'sandbox');
    await other.createCollection(db, col);
    await other.createDocument(db, col, { _id: 'item-1', name: 'lamp' }, { safe: true });
    docId = 'item-1';
  });

  after(async () => {
    if (other) await other.deleteDatabase(db).catch(() => undefined);
    for (const id of [tagged, plain]) if (id) await removeAccount(id);
  });

  it('starts an added account in Normal mode without colour or tag, its tree item as before', async () => {
    const account = await shownAccount(plain);
    assert.equal(account.mode ?? 'normal', 'normal');
    const item = await accountItem(plain);
    assert.equal(item.description, new URL(readTestConfig().services.empty.url).host);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'account');
    assert.equal((item.iconPath as vscode.ThemeIcon).color, undefined);
  });

  it('Account Settings… sets mode, colour and tag; the tree item shows the tag and mode in the colour', async () => {
    const { prompts } = await runScripted([{ pick: 'Read-only' }, { pick: 'Red' }, { input: 'production' }], 'dbhost.accountSettings', {
      accountId: tagged,
    });
    assert.deepEqual(prompts.errors, []);
    assert.equal(prompts.unanswered, 0);
    const saved = await shownAccount(tagged);
    assert.deepEqual([saved.mode, saved.color, saved.tag], ['readOnly', 'charts.red', 'production']);
    const item = await accountItem(tagged);
    assert.equal(item.description, `production · Read-only · ${new URL(readTestConfig().services.empty.url).host}`);
    const icon = item.iconPath as vscode.ThemeIcon;
    assert.equal(icon.id, 'lock');
    assert.equal(icon.color?.id, 'charts.red');
  });

  it('asks before switching from Read-only to Normal, and stays Read-only when the user declines', async () => {
    await setGuardrails(tagged, { mode: 'readOnly', color: 'charts.red', tag: 'production' });
    const declined = await runScripted(
      [{ pick: 'Normal' }, { pick: /Red/ }, { input: 'production' }, { confirm: false }],
      'dbhost.accountSettings',
      { accountId: tagged },
    );
    assert.equal(declined.prompts.unanswered, 0);
    const question = declined.prompts.confirmations[0];
    assert.equal(question?.message, 'Let "Tagged shop" [production] send writes without asking?');
    assert.equal((await shownAccount(tagged)).mode, 'readOnly');

    await runScripted([{ pick: 'Normal' }, { pick: /Red/ }, { input: 'production' }, { confirm: true }], 'dbhost.accountSettings', {
      accountId: tagged,
    });
    assert.equal((await shownAccount(tagged)).mode, 'normal');
    // Tightening asks nothing.
    const tightened = await runScripted([{ pick: 'Read-only' }, { pick: /Red/ }, { input: 'production' }], 'dbhost.accountSettings', {
      accountId: tagged,
    });
    assert.equal(tightened.prompts.confirmations.length, 0);
    assert.equal((await shownAccount(tagged)).mode, 'readOnly');
  });

  it('decorates the tabs of a tagged account’s documents with its tag and colour, and shows the status item while one is active', async () => {
    await setGuardrails(tagged, { mode: 'readOnly', color: 'charts.red', tag: 'production' });
    const uri = await openDocumentOf(tagged);
    const decoration = await decorationOf(uri);
    assert.ok(decoration, 'the document has no decoration');
    assert.equal(decoration.badge, 'PR');
    assert.equal(decoration.color?.id, 'charts.red');
    assert.equal(decoration.tooltip, 'Tagged shop · production · Read-only');
    await until(vscode.window.onDidChangeActiveTextEditor, () => accountStatusText() === '$(lock) Tagged shop [production] · Read-only');

    const plainUri = await openDocumentOf(plain);
    assert.equal(await decorationOf(plainUri), undefined, 'a plain account’s document is decorated');
    await until(vscode.window.onDidChangeActiveTextEditor, () => accountStatusText() === undefined);

    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    await until(vscode.window.onDidChangeActiveTextEditor, () => accountStatusText() === '$(lock) Tagged shop [production] · Read-only');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await until(vscode.window.onDidChangeActiveTextEditor, () => accountStatusText() === undefined);
  });

  it('changes the decoration when the account’s tag changes', async () => {
    await setGuardrails(tagged, { mode: 'confirm', color: 'charts.blue', tag: 'staging' });
    const uri = vscode.Uri.from({ scheme: 'dbhost', authority: tagged, path: `/${db}/${col}/item-1.json` });
    const decoration = await decorationOf(uri);
    assert.equal(decoration?.badge, 'ST');
    assert.equal(decoration?.color?.id, 'charts.blue');
    assert.equal(decoration?.tooltip, 'Tagged shop · staging · Confirm writes');
  });
});
