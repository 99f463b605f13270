import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DocumentNode } from '../../../src/extension/explorer/nodes/documentNode';
import { activateExtension } from '../support/extensionUnderTest';

interface MenuEntry {
  command: string;
  when?: string;
}

/** Whether a `view/item/context` clause of the forms the package uses (`viewItem == x`, `viewItem =~ /re/`) holds for an item. */
function shownFor(when: string, contextValue: string): boolean {
  const equals = /viewItem == ([\w.]+)/.exec(when);
  if (equals) return equals[1] === contextValue;
  const pattern = /viewItem =~ \/(.+?)\/(?:\s|$)/.exec(when);
  if (pattern) return new RegExp(pattern[1]).test(contextValue);
  return !when.includes('viewItem');
}

describe('Document items', () => {
  const parent = { id: 'parent', parent: undefined, target: { accountId: 'account', db: 'shop', col: 'items' }, treeItem: () => new vscode.TreeItem('Documents') };

  it('offer no Open, Delete or Copy _id for a document without _id, and say why', async () => {
    const { extension } = await activateExtension();
    const menus = (extension.packageJSON as { contributes: { menus: Record<string, MenuEntry[]> } }).contributes.menus['view/item/context'];
    const commandsFor = (contextValue: string) => menus.filter((entry) => shownFor(entry.when ?? '', contextValue)).map((entry) => entry.command);

    const withId = new DocumentNode(parent, { _id: 'a', name: 'x' }).treeItem();
    assert.equal(withId.contextValue, 'dbhost.document');
    assert.deepEqual(new Set(commandsFor('dbhost.document')), new Set(['dbhost.openDocument', 'dbhost.deleteDocument', 'dbhost.copyDocumentId']));

    const withoutId = new DocumentNode(parent, { name: 'x' }).treeItem();
    assert.equal(withoutId.contextValue, 'dbhost.document.noId');
    assert.equal(withoutId.command, undefined);
    assert.deepEqual(commandsFor('dbhost.document.noId'), []);
    assert.match((withoutId.tooltip as vscode.MarkdownString).value, /without an `_id`, so it cannot be opened, saved or deleted/);
  });
});
