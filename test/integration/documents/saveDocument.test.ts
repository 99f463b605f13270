import * as assert from 'node:assert/strict';
import { setGuardrails } from '../support/accounts';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { newObjectId } from '../../../src/core/documents/objectId';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { replaceFirst } from '../support/textEditing';
import type { ProxiedAccount } from '../support/proxiedAccount';
import { addProxiedAccount } from '../support/proxiedAccount';
import type { RecordingProxy } from '../support/recordingProxy';
import { documentOpenedBy } from '../support/editors';

const db = 'savetests';
const col = 'people';

/** Ctrl+S on a DB Host document runs dbhost.saveDocument: a save that would fail says so once, cause first, and keeps the edit. */
describe('Save Document (Ctrl+S): one message, cause first, the edit kept', function () {
  this.timeout(60_000);
  let proxied: ProxiedAccount | undefined;
  let proxy: RecordingProxy;
  let accountId: string;
  let other: DbHostApi;

  async function openPerson(): Promise<{ id: string; document: vscode.TextDocument }> {
    const id = newObjectId();
    await other.createDocument(db, col, { _id: { $oid: id }, name: 'Ada', city: 'London' }, { safe: true });
    const uri = await documentOpenedBy('dbhost.openDocument', { accountId, db, col, docId: { $oid: id } });
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    return { id, document };
  }

  /** Runs the save as the keybinding does and checks what every failed save must hold. */
  async function refusedSave(document: vscode.TextDocument, edited: string): Promise<{ message: string; actions: string[] }> {
    const { prompts } = await runScripted([], 'dbhost.saveDocument');
    assert.equal(prompts.errors.length, 1, `not one message: ${JSON.stringify(prompts.errors)}`);
    const [message] = prompts.errors;
    assert.doesNotMatch(message, /dbhost:/);
    assert.ok(!message.includes(accountId), 'the message holds the account id');
    assert.equal(document.isDirty, true, 'the editor lost its edit');
    assert.ok(document.getText().includes(edited), 'the edit is not in the editor any more');
    assert.deepEqual(proxy.writes(), [], 'a write was sent');
    return { message, actions: prompts.errorActions[0] };
  }

  before(async () => {
    await activateExtension();
    proxied = await addProxiedAccount({ label: 'Save tests', db, col });
    ({ proxy, accountId, other } = proxied);
  });

  after(async () => {
    await proxied?.remove();
  });

  beforeEach(() => {
    proxy.requests.length = 0;
    proxy.dropReads = false;
  });

  it('invalid JSON: "Not saved: savetests.people <id>: line 5, column 17: …" with Go to Problem', async () => {
    const { id, document } = await openPerson();
    await replaceFirst(document, '"name": "Ada",', '"name": "Ada",,');
    const { message, actions } = await refusedSave(document, '"Ada",,');
    assert.match(message, new RegExp(`^Not saved: savetests\\.people ${id}: line 5, column 17: unexpected character`));
    assert.deepEqual(actions, ['Go to Problem']);
  });

  it('a changed _id: the cause first, and nothing sent', async () => {
    const { id, document } = await openPerson();
    await replaceFirst(document, id, newObjectId());
    const { message } = await refusedSave(document, '"name": "Ada"');
    assert.match(message, new RegExp(`^Not saved: savetests\\.people ${id}: the _id field cannot be changed`));
  });

  it('the service not answering: the cause first; the same save goes through once it answers', async () => {
    const { id, document } = await openPerson();
    await replaceFirst(document, '"London"', '"Leeds"');
    proxy.dropReads = true;
    const { message } = await refusedSave(document, '"Leeds"');
    assert.match(message, new RegExp(`^Not saved: savetests\\.people ${id}: .+ Your edit stays in the editor; save again to retry\\.$`));

    proxy.dropReads = false;
    const { prompts } = await runScripted([], 'dbhost.saveDocument');
    assert.deepEqual(prompts.errors, []);
    assert.equal(document.isDirty, false);
    assert.match((await other.getDocument(db, col, { $oid: id })).text, /"city":"Leeds"/);
  });

  it('a Read-only account: names the account and its mode and offers Account Settings…', async () => {
    const { document } = await openPerson();
    await replaceFirst(document, '"London"', '"Leeds"');
    await setGuardrails(accountId, { mode: 'readOnly', tag: 'production' });
    try {
      const { message, actions } = await refusedSave(document, '"Leeds"');
      assert.match(message, /^Not saved: the account Save tests \[production\] is Read-only\./);
      assert.deepEqual(actions, ['Account Settings…']);
    } finally {
      await setGuardrails(accountId, { mode: undefined, tag: undefined });
    }
  });

  /** Whether VS Code was asked to save the document while `run` ran: it shows its own notice when that save fails. */
  async function vscodeSaves(document: vscode.TextDocument, run: () => Promise<void>): Promise<number> {
    let saves = 0;
    const listening = vscode.workspace.onWillSaveTextDocument((event) => {
      if (event.document.uri.toString() === document.uri.toString()) saves++;
    });
    try {
      await run();
    } finally {
      listening.dispose();
    }
    return saves;
  }

  it('the update failing after the check: one message, cause first, the edit kept, and VS Code not asked to save; the same save goes through after', async () => {
    const { id, document } = await openPerson();
    await replaceFirst(document, '"London"', '"Leeds"');
    proxy.dropWrites = true;
    let outcome: { prompts: { errors: string[] } } | undefined;
    try {
      const saves = await vscodeSaves(document, async () => {
        outcome = await runScripted([], 'dbhost.saveDocument');
      });
      assert.equal(saves, 0, 'VS Code was asked to save, and shows its own notice of the failure');
    } finally {
      proxy.dropWrites = false;
    }
    assert.ok(outcome);
    assert.equal(outcome.prompts.errors.length, 1, `not one message: ${JSON.stringify(outcome.prompts.errors)}`);
    const [message] = outcome.prompts.errors;
    assert.match(message, new RegExp(`^Not saved: savetests\\.people ${id}: .+ Your edit stays in the editor; save again to retry\\.$`));
    assert.doesNotMatch(message, /dbhost:/);
    assert.ok(!message.includes(accountId), 'the message holds the account id');
    assert.equal(document.isDirty, true, 'the editor lost its edit');
    assert.ok(document.getText().includes('"Leeds"'));

    const { prompts } = await runScripted([], 'dbhost.saveDocument');
    assert.deepEqual(prompts.errors, []);
    assert.equal(document.isDirty, false);
    assert.match((await other.getDocument(db, col, { $oid: id })).text, /"city":"Leeds"/);
  });

  it('Confirm writes answered Cancel: one message that says so, the edit kept, nothing sent; Send saves with one question', async () => {
    const { id, document } = await openPerson();
    await replaceFirst(document, '"London"', '"Leeds"');
    await setGuardrails(accountId, { mode: 'confirm' });
    try {
      let cancelled: { prompts: { errors: string[]; confirmations: unknown[] } } | undefined;
      const saves = await vscodeSaves(document, async () => {
        cancelled = await runScripted([{ confirm: false }], 'dbhost.saveDocument');
      });
      assert.equal(saves, 0, 'VS Code was asked to save, and shows its own notice of the failure');
      assert.ok(cancelled);
      assert.equal(cancelled.prompts.confirmations.length, 1);
      assert.deepEqual(cancelled.prompts.errors, [
        `Not saved: savetests.people ${id}: the write was cancelled at its confirmation. Your edit stays in the editor.`,
      ]);
      assert.equal(document.isDirty, true, 'the editor lost its edit');
      assert.deepEqual(proxy.writes(), [], 'a write was sent');

      const { prompts } = await runScripted([{ confirm: true }], 'dbhost.saveDocument');
      assert.equal(prompts.confirmations.length, 1, 'not one question for one save');
      assert.deepEqual(prompts.errors, []);
      assert.equal(document.isDirty, false);
      assert.equal(proxy.writes().length, 1);
      assert.match((await other.getDocument(db, col, { $oid: id })).text, /"city":"Leeds"/);
    } finally {
      await setGuardrails(accountId, { mode: undefined });
    }
  });

  it("a Read-only account's documents are read-only files with a line saying why, and editable again when the mode changes", async () => {
    const { document } = await openPerson();
    const permissions = async () => (await vscode.workspace.fs.stat(document.uri)).permissions;
    const readOnlyLenses = async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
      return lenses.map((lens) => lens.command?.title ?? '').filter((title) => title.includes('Read-only'));
    };
    assert.equal(await permissions(), undefined);
    assert.deepEqual(await readOnlyLenses(), []);

    await setGuardrails(accountId, { mode: 'readOnly' });
    assert.equal(await permissions(), vscode.FilePermission.Readonly);
    assert.deepEqual(await readOnlyLenses(), [
      '$(lock) Read-only: the account Save tests is Read-only, so its documents cannot be edited. Change its mode…',
    ]);

    await setGuardrails(accountId, { mode: 'confirm' });
    assert.equal(await permissions(), undefined);
    assert.deepEqual(await readOnlyLenses(), []);
  });
});
