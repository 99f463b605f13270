import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { newObjectId } from '../../../src/core/documents/objectId';
import type { JsonObject } from '../../../src/core/json/lossless';
import { parseLossless } from '../../../src/core/json/lossless';
import type { ProxiedAccount } from '../support/proxiedAccount';
import { addProxiedAccount } from '../support/proxiedAccount';
import type { RecordingProxy } from '../support/recordingProxy';
import { activateExtension } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import { replaceFirst } from '../support/textEditing';
import { answerPrompts } from '../support/windowPrompts';
import { documentOpenedBy } from '../support/editors';

const db = 'savingtests';
const col = 'people';

/** Resolves once `check` holds, looking again on every event `event` fires; fails after `timeoutMs` saying what it waited for. */
function when<T>(what: string, event: vscode.Event<T>, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (check()) return resolve();
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`Timed out waiting for ${what}`));
    }, timeoutMs);
    const subscription = event(() => {
      if (!check()) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    });
  });
}

function ourDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === 'DB Host');
}

describe('First hour: saving says what happened, in plain words', function () {
  this.timeout(60_000);
  let proxied: ProxiedAccount | undefined;
  let proxy: RecordingProxy;
  let accountId: string;
  let other: DbHostApi;
  let prompts: FakePrompts;

  async function createPerson(): Promise<string> {
    const id = newObjectId();
    await other.createDocument(db, col, { _id: { $oid: id }, name: 'Ada', address: { city: 'London', zip: 'N1' } }, { safe: true });
    return id;
  }

  /** Opens the document whose `_id` is the object id `id`. */
  async function open(id: string): Promise<vscode.TextDocument> {
    const uri = await documentOpenedBy('dbhost.openDocument', { accountId, db, col, docId: { $oid: id } });
    return vscode.workspace.openTextDocument(uri);
  }

  const stored = async (id: string) => parseLossless((await other.getDocument(db, col, { $oid: id })).text) as JsonObject;

  before(async () => {
    await activateExtension();
    proxied = await addProxiedAccount({ label: 'Saving tests', db, col });
    ({ proxy, accountId, other } = proxied);
  });

  after(async () => {
    await proxied?.remove();
  });

  beforeEach(() => {
    proxy.requests.length = 0;
    prompts = new FakePrompts();
    answerPrompts(prompts);
  });

  it('shows invalid JSON as a squiggle where it is, leads the failed save with the cause, and clears the squiggle once fixed', async () => {
    const id = await createPerson();
    const document = await open(id);
    await replaceFirst(document, '"name": "Ada",', '"name": "Ada"');
    await when('the DB Host diagnostic', vscode.languages.onDidChangeDiagnostics, () => ourDiagnostics(document.uri).length === 1);
    const [diagnostic] = ourDiagnostics(document.uri);
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.match(diagnostic.message, /^Not saved: the document is not valid JSON\. Unexpected character '"', expected ',' or '}'\.$/);
    const addressLine = document.lineAt(diagnostic.range.start.line).text;
    assert.match(addressLine, /"address"/, `the squiggle is not on the line where the comma is missing: ${addressLine}`);
    assert.equal(diagnostic.range.start.character, addressLine.indexOf('"address"'));

    assert.equal(await document.save(), false);
    assert.equal(document.isDirty, true);
    assert.deepEqual(proxy.writes(), []);
    // VS Code's save shows its own "Failed to save", holding the file system's message: the extension adds none.
    assert.deepEqual(prompts.errors, []);
    let reason = '';
    await Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))).then(
      () => assert.fail('the write was reported as done'),
      (error: unknown) => (reason = error instanceof Error ? error.message : String(error)),
    );
    assert.match(reason, /Not saved: the document is not valid JSON\. Unexpected character '"', expected ',' or '}' at line 6, column 3\./);

    await replaceFirst(document, '"name": "Ada"', '"name": "Ada",');
    await when('the squiggle to clear', vscode.languages.onDidChangeDiagnostics, () => ourDiagnostics(document.uri).length === 0);
  });

  it('saves without asking when the service changed other fields, and says it merged them', async () => {
    const id = await createPerson();
    const document = await open(id);
    await replaceFirst(document, '"Ada"', '"Ada Lovelace"');
    await other.updateDocument(db, col, { $oid: id }, { $set: { 'address.city': 'Paris' } }, { safe: true });

    assert.equal(await document.save(), true, 'the save asked although the fields differ');
    const writes = proxy.writes();
    assert.equal(writes.length, 1);
    assert.deepEqual(JSON.parse(writes[0].body), { document: { $set: { name: 'Ada Lovelace' } }, safe: true });
    assert.deepEqual(prompts.infos, [`Saved ${id}: merged with a change made on the service to \`address.city\`.`]);
    const after = await stored(id);
    assert.equal(after.name, 'Ada Lovelace');
    assert.deepEqual(after.address, { city: 'Paris', zip: 'N1' });
    await when(
      'the editor to show both changes',
      vscode.workspace.onDidChangeTextDocument,
      () => document.getText().includes('"Paris"') && document.getText().includes('"Ada Lovelace"'),
    );
    assert.equal(document.isDirty, false);
  });

  it('asks only when the same field changed on both sides, and after Overwrite says which of the other changes were kept', async () => {
    const id = await createPerson();
    const document = await open(id);
    await replaceFirst(document, '"Ada"', '"Ada Lovelace"');
    await other.updateDocument(db, col, { $oid: id }, { $set: { name: 'Ida', 'address.zip': 'N2' } }, { safe: true });

    prompts = new FakePrompts([{ pick: 'Compare or Overwrite…' }]);
    answerPrompts(prompts);
    assert.equal(await document.save(), false, 'a save over the same field went through without asking');
    assert.equal(prompts.questions.length, 1);
    assert.match(prompts.questions[0].title ?? '', /in fields you changed too: `name`$/);
    assert.deepEqual(proxy.writes(), []);
    const files = vscode.workspace.getConfiguration('files');
    await files.update('saveConflictResolution', 'overwriteFileOnDisk', vscode.ConfigurationTarget.Global);
    try {
      assert.equal(await document.save(), true);
    } finally {
      await files.update('saveConflictResolution', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.deepEqual(JSON.parse(proxy.writes()[0].body), { document: { $set: { name: 'Ada Lovelace' } }, safe: true });
    assert.deepEqual(prompts.infos, [
      `Saved ${id}: your value of \`name\` replaced the one another client saved meanwhile. Their change to \`address.zip\` was kept.`,
    ]);
    assert.deepEqual((await stored(id)).address, { city: 'London', zip: 'N2' });
  });

  it('auto-save leaves an invalid intermediate state alone, quietly, and saves the next valid state by itself', async () => {
    assert.equal(
      vscode.workspace.getConfiguration('files', { languageId: 'json' }).get('autoSaveWhenNoErrors'),
      true,
      'the extension does not keep JSON with errors from auto-saving',
    );
    const files = vscode.workspace.getConfiguration('files');
    // Auto-save is switched on once the edit's marker is sent: VS Code checks markers when it auto-saves, and a
    // marker sent by the extension host before the setting reaches the workbench first. Switching it on saves every
    // dirty file at once that has no error marker; a shorter delay than the marker takes to arrive would race it.
    await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    await files.update('autoSaveDelay', 300, vscode.ConfigurationTarget.Global);
    const control = vscode.Uri.file(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dbhost-autosave-')), 'control.txt'));
    fs.writeFileSync(control.fsPath, 'control\n');
    const id = await createPerson();
    const document = await open(id);
    const saveAttempts: string[] = [];
    const watching = vscode.workspace.onWillSaveTextDocument((event) => saveAttempts.push(event.document.uri.toString()));
    try {
      await vscode.window.showTextDocument(document);
      await replaceFirst(document, '"Ada"', '"Ada');
      await when('the DB Host diagnostic', vscode.languages.onDidChangeDiagnostics, () => ourDiagnostics(document.uri).length === 1);
      // The control file, dirty without errors, auto-saves when auto-save comes on: once it has, the document's turn has passed.
      const controlDocument = await vscode.workspace.openTextDocument(control);
      const controlEdit = new vscode.WorkspaceEdit();
      controlEdit.insert(control, new vscode.Position(0, 0), 'edited ');
      assert.ok(await vscode.workspace.applyEdit(controlEdit));
      await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
      await when('the control file to auto-save', vscode.workspace.onDidSaveTextDocument, () => !controlDocument.isDirty);
      assert.equal(document.isDirty, true);
      assert.ok(!saveAttempts.includes(document.uri.toString()), 'VS Code tried to auto-save the invalid document');
      assert.deepEqual(prompts.errors, []);
      assert.deepEqual(proxy.writes(), []);

      await replaceFirst(document, '"Ada', '"Ada L."');
      await when('the valid text to auto-save', vscode.workspace.onDidSaveTextDocument, () => !document.isDirty);
      assert.equal((await stored(id)).name, 'Ada L.');
      assert.deepEqual(prompts.errors, []);
    } finally {
      watching.dispose();
      await files.update('autoSave', undefined, vscode.ConfigurationTarget.Global);
      await files.update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
