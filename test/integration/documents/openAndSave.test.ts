import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { newObjectId } from '../../../src/core/documents/objectId';
import { documentUri } from '../../../src/extension/kit/targets/documentUri';
import type { ExplorerNode } from '../../../src/extension/kit/tree/explorerNode';
import { isListOf, treeItemOf } from '../explorer/explorerFixtures';
import { documentOpenedDuring } from '../support/editors';
import { discard, replaceFirst } from '../support/textEditing';
import { waitFor } from '../support/waitFor';
import { db, col, rawValue, parsed, runAnswered, documentsAccountForSuite } from './documentsAccount';

describe('Documents as files: open and save', function () {
  this.timeout(60_000);
  const account = documentsAccountForSuite('Document tests');
  const { createPerson, rawDocument, open, showDocumentsInTree, redrawn } = account;

  it('opens a document pretty-printed with the numbers and extended JSON exactly as the service sent them', async () => {
    const id = await createPerson();
    const sent = await rawDocument(id);
    const document = await open(id);
    assert.equal(document.uri.toString(), documentUri({ accountId: account.accountId, db, col, docId: { $oid: id } }).toString());
    assert.equal(document.uri.authority, account.accountId);
    const text = document.getText();
    assert.ok(text.startsWith('{\n  "_id": {\n    "$oid": '), text);
    for (const path of [['_id'], ['big'], ['price'], ['born'], ['tags']]) {
      assert.equal(
        rawValue(text, path).replace(/\s+/g, ''),
        rawValue(sent, path).replace(/\s+/g, ''),
        `${path.join('.')} differs from what the service sent`,
      );
    }
  });

  it('saves an edited nested field as a $set of just that field, leaving every other field byte for byte', async () => {
    const id = await createPerson();
    const before = await rawDocument(id);
    const isThisDocument = (node: ExplorerNode | undefined) => JSON.stringify(node?.target?.docId) === JSON.stringify({ $oid: id });
    assert.ok((await showDocumentsInTree()).some(isThisDocument), 'the tree does not show the document');
    const document = await open(id);
    await replaceFirst(document, '"London"', '"Paris"');

    assert.equal(await document.save(), true);
    assert.equal(document.isDirty, false);

    const writes = account.proxy.writes();
    assert.equal(writes.length, 1);
    assert.equal(writes[0].method, 'PUT');
    assert.equal(writes[0].path, `/databases/${db}/collections/${col}/documents/${encodeURIComponent(`{"$oid":"${id}"}`)}`);
    assert.deepEqual(JSON.parse(writes[0].body), { document: { $set: { 'address.city': 'Paris' } }, safe: true });
    const after = await rawDocument(id);
    assert.equal(rawValue(after, ['address', 'city']), '"Paris"');
    for (const path of [['_id'], ['name'], ['big'], ['price'], ['address', 'zip'], ['tags'], ['born']]) {
      assert.equal(rawValue(after, path), rawValue(before, path), `${path.join('.')} changed`);
    }
    const tooltip = await waitFor(
      async () => {
        const node = redrawn().find(isThisDocument);
        return node && ((await treeItemOf(node)).tooltip as vscode.MarkdownString | undefined)?.value;
      },
      { what: 'the tree drawing the saved document again' },
    );
    assert.match(tooltip, /"city": "Paris"/, 'the tree shows the document as it was before the save');
    assert.ok(!redrawn().some((node) => isListOf(node, 'documents', db, col)), 'a save of one document reloads the whole list');
  });

  it('sends nothing when the saved text changes no field', async () => {
    const id = await createPerson();
    const document = await open(id);
    await replaceFirst(document, '"name": "Ada",', '"name":    "Ada",');
    assert.equal(await document.save(), true);
    assert.deepEqual(account.proxy.writes(), []);
  });

  it('keeps invalid JSON in the dirty editor, sends nothing and says where the error is', async () => {
    const id = await createPerson();
    const before = await rawDocument(id);
    const document = await open(id);
    await replaceFirst(document, '"name": "Ada",', '"name": "Ada",,');

    assert.equal(await document.save(), false);
    assert.equal(document.isDirty, true);
    assert.ok(document.getText().includes('"Ada",,'));
    assert.deepEqual(account.proxy.writes(), []);
    assert.equal(await rawDocument(id), before);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))), (error: Error) => {
      assert.match(error.message, /not valid JSON/);
      assert.match(error.message, /line 5, column 17/);
      return true;
    });
  });

  it('refuses a changed _id with a clear message and sends nothing', async () => {
    const id = await createPerson();
    const document = await open(id);
    await replaceFirst(document, id, newObjectId());
    assert.equal(await document.save(), false);
    assert.equal(document.isDirty, true);
    assert.deepEqual(account.proxy.writes(), []);
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))),
      /_id field cannot be changed/,
    );
  });

  it('opens and saves a document whose string _id holds a slash, spaces and unicode', async () => {
    const id = 'a/b c ü';
    await account.other.createDocument(db, col, { _id: id, n: 1 }, { safe: true });
    const document = await open(id, id);
    assert.ok(!document.uri.path.includes(' '), document.uri.toString());
    assert.equal(parsed(document.getText())._id, id);
    await replaceFirst(document, '"n": 1', '"n": 2');
    assert.equal(await document.save(), true);
    assert.equal(parsed((await account.other.getDocument(db, col, id)).text).n, 2);
  });

  it('opens a document by the _id the user types, and says so when there is none', async () => {
    const id = await createPerson();
    const opened = await documentOpenedDuring('Open Document by _id', () =>
      runAnswered([{ input: id }], 'dbhost.openDocumentById', { accountId: account.accountId, db, col }),
    );
    // Typed bare, 24 hex digits name the object id.
    assert.equal(opened.toString(), documentUri({ accountId: account.accountId, db, col, docId: { $oid: id } }).toString());
    await discard(vscode.window.activeTextEditor!.document);

    const missing = newObjectId();
    const { prompts } = await runAnswered([{ input: `{"$oid": "${missing}"}` }], 'dbhost.openDocumentById', {
      accountId: account.accountId,
      db,
      col,
    });
    assert.deepEqual(prompts.errors, [`No document with _id {"$oid": "${missing}"} in ${db}.${col}.`]);
  });
});
