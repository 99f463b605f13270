import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { JsonObject, JsonValue } from '../../../src/core/json/lossless';
import { parseLossless } from '../../../src/core/json/lossless';
import { documentUri } from '../../../src/extension/kit/targets/documentUri';
import type { ExplorerNode } from '../../../src/extension/kit/tree/explorerNode';
import { isListOf } from '../explorer/explorerFixtures';
import { documentOpenedBy } from '../support/editors';
import { FakePrompts } from '../support/fakePrompts';
import { replaceAll } from '../support/textEditing';
import { waitFor } from '../support/waitFor';
import { answerPrompts } from '../support/windowPrompts';
import { db, col, parsed, tabOpen, when, documentsAccountForSuite } from './documentsAccount';

describe('Documents as files: New Document', function () {
  this.timeout(60_000);
  const account = documentsAccountForSuite('New document tests');
  const { createPerson, rawDocument, showDocumentsInTree, redrawn } = account;

  it('creates a new document with a generated object id and then shows the stored document in its place', async () => {
    const templateUri = await documentOpenedBy('dbhost.newDocument', { accountId: account.accountId, db, col });
    assert.match(templateUri.path, /\/New Document \d+\.json$/);
    const template = await vscode.workspace.openTextDocument(templateUri);
    const generated = (parsed(template.getText())._id as JsonObject).$oid;
    assert.equal(typeof generated, 'string');
    const realUri = documentUri({ accountId: account.accountId, db, col, docId: { $oid: generated as string } });
    const isNew = (node: ExplorerNode | undefined) => JSON.stringify(node?.target?.docId) === JSON.stringify({ $oid: generated });
    assert.ok(!(await showDocumentsInTree()).some(isNew));
    // The user writes the document without an _id.
    await replaceAll(template, '{\n  "name": "Grace",\n  "count": 12345678901234567890\n}\n');
    const shown = when(vscode.window.onDidChangeVisibleTextEditors, () =>
      vscode.window.visibleTextEditors.some((editor) => editor.document.uri.toString() === realUri.toString()),
    );

    assert.equal(await template.save(), true);
    await shown;

    const writes = account.proxy.writes();
    assert.equal(writes.length, 1);
    assert.equal(writes[0].method, 'POST');
    assert.ok(writes[0].body.includes('"count":12345678901234567890'), writes[0].body);
    const body = parseLossless(writes[0].body) as { document: JsonObject; safe: JsonValue };
    assert.equal(body.safe, true);
    assert.deepEqual(body.document._id, { $oid: generated });
    assert.equal(parsed(await rawDocument(generated as string)).name, 'Grace');
    const templateOpen = () =>
      vscode.window.tabGroups.all.some((group) =>
        group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === templateUri.toString()),
      );
    await when(vscode.window.tabGroups.onDidChangeTabs, () => !templateOpen());
    assert.ok(
      redrawn().some((node) => isListOf(node, 'documents', db, col)),
      "the tree was not told the collection's documents changed",
    );
    // The view may be loading the list again as the test asks for it (it asks the same provider): look until it is in.
    let listed: ExplorerNode[] = [];
    await waitFor(async () => (listed = await showDocumentsInTree()).some(isNew), {
      what: 'the tree listing the new document',
      describeState: () => `it lists ${listed.map((node) => JSON.stringify(node.target?.docId ?? node.treeItem().label)).join(', ')}`,
      limitMs: 20_000,
    });
  });

  it('says a new document was created when opening it afterwards fails, and opens it on request', async () => {
    /** The person reads the warning, waits for the service to answer again, then chooses the action. */
    class UserWhoRetries extends FakePrompts {
      override async warn(message: string, ...actions: string[]): Promise<string | undefined> {
        await super.warn(message);
        account.proxy.dropReads = false;
        return actions[0];
      }
    }
    const prompts = new UserWhoRetries();
    const templateUri = await documentOpenedBy('dbhost.newDocument', { accountId: account.accountId, db, col });
    const template = await vscode.workspace.openTextDocument(templateUri);
    const generated = (parsed(template.getText())._id as JsonObject).$oid as string;
    const realUri = documentUri({ accountId: account.accountId, db, col, docId: { $oid: generated } });
    await replaceAll(template, '{\n  "name": "Hopper"\n}\n');
    const shown = when(vscode.window.onDidChangeVisibleTextEditors, () =>
      vscode.window.visibleTextEditors.some((editor) => editor.document.uri.toString() === realUri.toString()),
    );

    answerPrompts(prompts);
    account.proxy.dropReads = true;
    try {
      assert.equal(await template.save(), true);
      await shown;
    } finally {
      answerPrompts(undefined);
      account.proxy.dropReads = false;
    }
    assert.equal(prompts.warnings.length, 1);
    assert.match(
      prompts.warnings[0],
      new RegExp(`^The document was created in ${db}\\.${col} with _id ${generated}, but it could not be opened`),
    );
    assert.equal(parsed(await rawDocument(generated)).name, 'Hopper');
    await when(vscode.window.tabGroups.onDidChangeTabs, () => !tabOpen(templateUri));
  });

  it('keeps a new document that the service refuses in its dirty editor', async () => {
    const existing = await createPerson();
    const templateUri = await documentOpenedBy('dbhost.newDocument', { accountId: account.accountId, db, col });
    const template = await vscode.workspace.openTextDocument(templateUri);
    await replaceAll(template, `{ "_id": { "$oid": "${existing}" }, "name": "Duplicate" }\n`);
    assert.equal(await template.save(), false);
    assert.equal(template.isDirty, true);
    assert.equal(parsed(await rawDocument(existing)).name, 'Ada');
  });
});
