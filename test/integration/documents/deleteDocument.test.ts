import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { isListOf } from '../explorer/explorerFixtures';
import { replaceFirst } from '../support/textEditing';
import { db, col, parsed, tabOpen, runAnswered, documentsAccountForSuite } from './documentsAccount';

/** Closes the editor tabs of a URI without reverting them. */
async function closeTabs(uri: vscode.Uri): Promise<void> {
  const tabs = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString());
  await vscode.window.tabGroups.close(tabs);
}

describe('Documents as files: Delete Document', function () {
  this.timeout(60_000);
  const account = documentsAccountForSuite('Delete document tests');
  const { createPerson, rawDocument, open, showDocumentsInTree, redrawn } = account;

  it('deletes a document only after the modal confirmation and closes its editor that holds no edits', async () => {
    const id = await createPerson();
    const document = await open(id);
    await showDocumentsInTree();

    const declined = await runAnswered([{ confirm: false }], 'dbhost.deleteDocument', {
      accountId: account.accountId,
      db,
      col,
      docId: { $oid: id },
    });
    assert.deepEqual(declined.prompts.infos, [], 'a notice said the document was deleted');
    assert.equal(parsed(await rawDocument(id)).name, 'Ada');

    const { prompts } = await runAnswered([{ confirm: true }], 'dbhost.deleteDocument', document.uri);
    assert.deepEqual(prompts.infos, [`Deleted the document ${id} from ${db}.${col}.`]);
    assert.match(prompts.questions[0].message ?? '', new RegExp(`Delete the document ${id} from ${db}\\.${col}\\?`));
    assert.match(prompts.questions[0].detail ?? '', /cannot be undone/);
    // The client is the extension's (its own bundle), so its errors are checked by shape, not by class.
    await assert.rejects(
      account.other.getDocument(db, col, { $oid: id }),
      (error: unknown) => (error as { status?: number }).status === 404,
    );
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.stat(document.uri)),
      (error: unknown) => error instanceof vscode.FileSystemError && error.code === 'FileNotFound',
    );
    assert.ok(
      redrawn().some((node) => isListOf(node, 'documents', db, col)),
      "the tree was not told the collection's documents changed",
    );
    assert.ok(!tabOpen(document.uri), 'the editor of the deleted document (without edits) is still open');
  });

  it('keeps the edited editor of a deleted document open, and a save of it says the document is gone', async () => {
    const id = await createPerson();
    const document = await open(id);
    await replaceFirst(document, '"Ada"', '"Ada B."');
    await runAnswered([{ confirm: true }], 'dbhost.deleteDocument', { accountId: account.accountId, db, col, docId: { $oid: id } });
    assert.ok(tabOpen(document.uri));
    assert.equal(document.isDirty, true);
    assert.equal(await document.save(), false);
    assert.equal(document.isDirty, true);
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))),
      (error: unknown) => {
        assert.ok(error instanceof vscode.FileSystemError && error.code === 'FileNotFound', String(error));
        assert.match(error.message, new RegExp(`The document ${id} was not found in ${db}\\.${col}`));
        return true;
      },
    );
    // Undo back to the saved text, so the editor closes without asking to save.
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('undo');
    assert.equal(document.isDirty, false);
    await closeTabs(document.uri);
  });
});
