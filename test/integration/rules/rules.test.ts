import * as assert from 'node:assert/strict';
import { addAccount, removeAccount, serviceClient } from '../support/accounts';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { RecordingProxy } from '../support/recordingProxy';
import { activateExtension } from '../support/extensionUnderTest';
import { discard, replaceFirst } from '../support/textEditing';
import { waitFor } from '../support/waitFor';
import { child, childLabels, nodeAt } from '../explorer/explorerFixtures';
import type { ChildService } from '../../support/testService';
import { startServiceInChild } from '../../support/testService';
import { installedServiceScript } from '../support/product';
import { serviceWithout } from '../support/serviceWithout';
import { FakePrompts } from '../support/fakePrompts';
import { answerPrompts } from '../support/windowPrompts';
import { shownInFront } from '../support/editors';

const db = 'rulesshop';
const PRICE_RULES = {
  $jsonSchema: { bsonType: 'object', required: ['name'], properties: { price: { bsonType: 'number', minimum: 0 } } },
};

describe('Collection rules: the Rules item and the rules file', function () {
  this.timeout(120_000);
  let service: ChildService;
  let proxy: RecordingProxy;
  /** A client of the same service that is not the extension's: fixtures and checks. */
  let other: DbHostApi;
  let accountId: string;

  /** Why saving the editor's text fails, as the file system answers it (VS Code shows this after "Failed to save"). */
  async function saveRefusal(document: vscode.TextDocument): Promise<string> {
    assert.equal(await document.save(), false, 'the save went through');
    assert.equal(document.isDirty, true, 'the editor lost its edit');
    let reason = '';
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))), (error: Error) => {
      reason = error.message;
      return true;
    });
    return reason;
  }

  before(async () => {
    await activateExtension();
    service = await startServiceInChild({ script: installedServiceScript(), empty: true });
    proxy = new RecordingProxy(service.url);
    await proxy.start();
    other = serviceClient(service);
    await other.createDatabase(db, 'sandbox');
    await other.createCollection(db, 'products');
    await other.createCollection(db, 'plain');
    await other.createDocument(db, 'plain', { name: 'Lamp', price: 12, address: { city: 'Oslo' } }, { safe: true });
    await other.setCollectionRules(db, 'products', { validator: PRICE_RULES });
    accountId = (await addAccount('Rules tests', { url: proxy.url, apiKey: service.apiKey })).accountId;
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (accountId) await removeAccount(accountId);
    await proxy?.stop();
    await service?.stop();
  });

  it('shows a Rules item, with the level and action, only under a collection that has rules', async () => {
    const products = await nodeAt(accountId, 'Databases', db, 'products');
    assert.deepEqual(await childLabels(products), ['Documents', 'Indexes', 'Schema', 'Rules']);
    const rules = (await child(products, 'Rules')).treeItem();
    assert.equal(rules.contextValue, 'dbhost.rules');
    assert.equal(rules.description, 'strict · error');
    assert.match(String(rules.tooltip), /Required: name/);
    const plain = await nodeAt(accountId, 'Databases', db, 'plain');
    assert.deepEqual(await childLabels(plain), ['Documents', 'Indexes', 'Schema']);
  });

  it('opens the rules as a JSON file and saves an edit to the service; the Rules item follows', async () => {
    const rulesNode = await nodeAt(accountId, 'Databases', db, 'products', 'Rules');
    await vscode.commands.executeCommand('dbhost.openRules', rulesNode);
    const document = shownInFront('Open Rules', 'dbhost-rules');
    assert.equal(document.languageId, 'json');
    assert.deepEqual(JSON.parse(document.getText()), { validator: PRICE_RULES, validationLevel: 'strict', validationAction: 'error' });
    await replaceFirst(document, '"error"', '"warn"');
    assert.equal(await document.save(), true);
    const stats = await other.getCollectionStats(db, 'products');
    assert.equal(stats.validationAction, 'warn');
    assert.deepEqual(stats.validator, PRICE_RULES);
    await waitFor(
      async () => (await child(await nodeAt(accountId, 'Databases', db, 'products'), 'Rules')).treeItem().description === 'strict · warn',
      { what: 'the Rules item showing the new action' },
    );
    await discard(document);
  });

  it("keeps the edit and says the service's cause first when it refuses the rules; nothing changes", async () => {
    await vscode.commands.executeCommand('dbhost.openRules', { accountId, db, col: 'products' });
    const document = shownInFront('Open Rules', 'dbhost-rules');
    await replaceFirst(document, '"minimum": 0', '"minimum": "zero"');
    const reason = await saveRefusal(document);
    assert.match(
      reason,
      /^The service refused the rules of rulesshop\.products: Invalid validator: \$jsonSchema\.properties\.price\.minimum must be a finite number\. Your edit is kept/,
    );
    assert.deepEqual((await other.getCollectionStats(db, 'products')).validator, PRICE_RULES);
    await discard(document);
  });

  it('refuses text that is not rules before sending anything', async () => {
    await vscode.commands.executeCommand('dbhost.openRules', { accountId, db, col: 'products' });
    const document = shownInFront('Open Rules', 'dbhost-rules');
    proxy.requests.length = 0;
    await replaceFirst(document, '"validationLevel"', '"level"');
    assert.match(await saveRefusal(document), /^Not saved: "level" is not a member of a collection's rules/);
    assert.deepEqual(proxy.writes(), []);
    await discard(document);
  });

  it("Set Rules… on a collection without rules opens a schema to fill in, completes the collection's sampled fields, and saving adds the Rules item", async () => {
    const plain = await nodeAt(accountId, 'Databases', db, 'plain');
    await vscode.commands.executeCommand('dbhost.setRules', plain);
    const document = shownInFront('Set Rules…', 'dbhost-rules');
    const inProperties = document.positionAt(document.getText().indexOf('"properties": {') + '"properties": {'.length);
    const completions = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      inProperties,
    );
    const labels = completions.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    for (const field of ['name', 'price', 'address'])
      assert.ok(labels.includes(field), `${field} is not offered: ${JSON.stringify(labels)}`);
    const atType = document.positionAt(document.getText().indexOf('"object"') + 1);
    const types = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, atType);
    assert.ok(
      types.items.some((item) => item.label === 'decimal'),
      'the BSON type names are not offered in bsonType',
    );
    await replaceFirst(document, '"properties": {}', '"required": ["name"], "properties": {"name": {"bsonType": "string"}}');
    assert.equal(await document.save(), true);
    assert.deepEqual((await other.getCollectionStats(db, 'plain')).validator, {
      $jsonSchema: { bsonType: 'object', required: ['name'], properties: { name: { bsonType: 'string' } } },
    });
    await waitFor(async () => (await childLabels(await nodeAt(accountId, 'Databases', db, 'plain'))).includes('Rules'), {
      what: 'the Rules item under the collection',
    });
    await discard(document);
  });

  it('on a service that answers 404 to setting rules, the save says it keeps none, no Rules item is looked for again, and Set Rules… says so', async () => {
    const without = await serviceWithout(service.url, /^\/databases\/[^/]+\/collections\/[^/?]+(\?|$)/, 'PUT');
    const id = (await addAccount('Without rules', { url: without.url, apiKey: service.apiKey })).accountId;
    try {
      await vscode.commands.executeCommand('dbhost.setRules', { accountId: id, db, col: 'plain' });
      const document = shownInFront('Set Rules…', 'dbhost-rules');
      await replaceFirst(document, '"strict"', '"moderate"');
      assert.match(
        await saveRefusal(document),
        /^This service does not keep collection rules .*: the rules of rulesshop\.plain were not saved\./,
      );
      await discard(document);
      assert.equal(without.refused(), 2, 'the save and the read of its reason each sent one PUT');
      const products = await nodeAt(id, 'Databases', db, 'products');
      assert.deepEqual(await childLabels(products), ['Documents', 'Indexes', 'Schema']);
      const told = new FakePrompts([]);
      answerPrompts(told);
      const before = without.refused();
      await vscode.commands.executeCommand('dbhost.setRules', products);
      assert.deepEqual(told.infos, [
        'This service does not keep collection rules (it answered that it has no such endpoint), so rulesshop.products has none to open or set.',
      ]);
      assert.equal(without.refused(), before, 'Set Rules… asked the service again');
      assert.ok(!vscode.window.visibleTextEditors.some((editor) => editor.document.uri.scheme === 'dbhost-rules'));
    } finally {
      await removeAccount(id);
      await without.close();
    }
  });
});
