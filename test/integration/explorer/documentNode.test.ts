import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DocumentNode } from '../../../src/extension/explorer/nodes/documentNode';
import { activateExtension } from '../support/extensionUnderTest';
import { treeMenuCommands } from '../support/treeMenus';

describe('Document items', () => {
  const parent = {
    id: 'parent',
    parent: undefined,
    target: { accountId: 'account', db: 'shop', col: 'items' },
    treeItem: () => new vscode.TreeItem('Documents'),
  };

  it('offer no Open, Delete or Copy _id for a document without _id, and say why', async () => {
    const { extension } = await activateExtension();
    const commandsFor = (contextValue: string) => treeMenuCommands(extension, contextValue);

    const withId = new DocumentNode(parent, { _id: 'a', name: 'x' }).treeItem();
    assert.equal(withId.contextValue, 'dbhost.document');
    assert.deepEqual(commandsFor('dbhost.document'), new Set(['dbhost.openDocument', 'dbhost.deleteDocument', 'dbhost.copyDocumentId']));

    const withoutId = new DocumentNode(parent, { name: 'x' }).treeItem();
    assert.equal(withoutId.contextValue, 'dbhost.document.noId');
    assert.equal(withoutId.command, undefined);
    assert.deepEqual(commandsFor('dbhost.document.noId'), new Set());
    assert.match((withoutId.tooltip as vscode.MarkdownString).value, /without an `_id`, so it cannot be opened, saved or deleted/);
  });
});
