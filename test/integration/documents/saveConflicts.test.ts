import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { JsonObject } from '../../../src/core/json/lossless';
import { documentUri } from '../../../src/extension/kit/targets/documentUri';
import { replaceFirst } from '../support/textEditing';
import { db, col, parsed, when, saveChoosing, documentsAccountForSuite } from './documentsAccount';

describe("Documents as files: a save over another client's change, an unknown version or a dropped connection", function () {
  this.timeout(60_000);
  const account = documentsAccountForSuite('Document conflicts');
  const { createPerson, rawDocument, open } = account;

  it("refuses a save over a version where another client changed the same field; Overwrite then sends only the user's change", async () => {
    const id = await createPerson();
    const document = await open(id);
    await replaceFirst(document, '"Ada"', '"Ada Lovelace"');
    // Same length as before: VS Code's newer-file check must not depend on the size changing.
    await account.other.updateDocument(db, col, { $oid: id }, { $set: { name: 'Ida', 'address.zip': 'N2' } }, { safe: true });

    assert.equal(await saveChoosing('Compare or Overwrite…', document), false, 'the save over a newer version went through');
    assert.equal(document.isDirty, true);
    assert.deepEqual(account.proxy.writes(), []);
    assert.equal(parsed(await rawDocument(id)).name, 'Ida');

    // What VS Code's "Overwrite" does: the same save with the newer-file check turned off.
    const files = vscode.workspace.getConfiguration('files');
    await files.update('saveConflictResolution', 'overwriteFileOnDisk', vscode.ConfigurationTarget.Global);
    try {
      assert.equal(await document.save(), true);
    } finally {
      await files.update('saveConflictResolution', undefined, vscode.ConfigurationTarget.Global);
    }
    const writes = account.proxy.writes();
    assert.equal(writes.length, 1);
    assert.deepEqual(JSON.parse(writes[0].body), { document: { $set: { name: 'Ada Lovelace' } }, safe: true });
    const stored = parsed(await rawDocument(id));
    assert.equal(stored.name, 'Ada Lovelace');
    assert.deepEqual(stored.address, { city: 'London', zip: 'N2' });

    // The editor then shows what the service holds, the other client's change included.
    await when(vscode.workspace.onDidChangeTextDocument, () => document.getText().includes('"N2"'));
    assert.equal(document.isDirty, false);
  });

  it('refuses a save when the version the edits started from is unknown, instead of diffing against the service', async () => {
    const id = await createPerson();
    const uri = documentUri({ accountId: account.accountId, db, col, docId: { $oid: id } });
    const edited = (await rawDocument(id)).replace('"Ada"', '"Ada B."');
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(uri, Buffer.from(edited))), (error: Error) => {
      assert.match(error.message, new RegExp(`the version of ${id} your edits started from is no longer known`));
      assert.match(error.message, /Your text stays in this editor/);
      return true;
    });
    assert.deepEqual(account.proxy.writes(), []);
    assert.equal(parsed(await rawDocument(id)).name, 'Ada');
  });

  it('keeps the edit when the service drops the connection mid-save, and saves it once the service is back', async () => {
    const id = await createPerson();
    const document = await open(id);
    await replaceFirst(document, '"London"', '"Leeds"');

    account.proxy.dropWrites = true;
    try {
      assert.equal(await document.save(), false);
      assert.equal(document.isDirty, true);
      assert.ok(document.getText().includes('"Leeds"'));
      assert.equal((parsed(await rawDocument(id)).address as JsonObject).city, 'London');
      await assert.rejects(
        Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))),
        (error: Error) => {
          assert.match(error.message, new RegExp(`Could not save the document ${id}: .+Your edit is kept; save again to retry\\.`));
          return true;
        },
      );
    } finally {
      account.proxy.dropWrites = false;
    }

    assert.equal(await document.save(), true);
    assert.equal(document.isDirty, false);
    assert.equal((parsed(await rawDocument(id)).address as JsonObject).city, 'Leeds');
  });
});
