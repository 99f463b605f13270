import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { readTestConfig } from '../support/test-config';

const db = 'rulespreviews';
const col = 'products';
const RULES = {
  $jsonSchema: { bsonType: 'object', required: ['name'], properties: { price: { bsonType: 'number', minimum: 0 } } },
};

/** The text of the open preview diff's "after" side. */
async function previewAfter(): Promise<string> {
  const diff = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .map((tab) => tab.input)
    .find(
      (input): input is vscode.TabInputTextDiff => input instanceof vscode.TabInputTextDiff && input.original.scheme === 'dbhost-preview',
    );
  assert.ok(diff, 'no preview diff is open');
  return (await vscode.workspace.openTextDocument(diff.modified)).getText();
}

describe('Collection rules in the import dry run and the bulk update preview', function () {
  this.timeout(120_000);
  let accountId: string;
  let client: DbHostApi;
  let folder: string;

  before(async () => {
    await activateExtension();
    ({ accountId, client } = await addAccount('Rules previews', readTestConfig().services.empty));
    await client.createDatabase(db, 'sandbox');
    await client.createCollection(db, col);
    for (const [_id, price] of [
      ['a', 5],
      ['b', 7],
    ] as const)
      await client.createDocument(db, col, { _id, name: _id.toUpperCase(), price }, { safe: true });
    await client.setCollectionRules(db, col, { validator: RULES });
    folder = mkdtempSync(join(tmpdir(), 'dbhost-rules-previews-'));
  });

  after(async () => {
    if (client) await client.deleteDatabase(db).catch(() => undefined);
    if (accountId) await removeAccount(accountId);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('the import dry run lists each document the rules refuse, by line, _id, path and rule, and says the service will refuse them', async () => {
    const file = join(folder, 'products.ndjson');
    writeFileSync(file, '{"_id":"c","name":"C","price":3}\n{"_id":"d","name":"D","price":-2}\n{"_id":"e","price":4}\n');
    const { prompts } = await runScripted([{ file }, { confirm: false }], 'dbhost.importDocuments', {
      accountId,
      db,
      col,
    });
    const detail = prompts.confirmations[0].detail ?? '';
    assert.match(
      detail,
      /2 documents break the rules of rulespreviews\.products: the service will refuse each of them, and the import lists them as not stored in the report at the end; the others are imported\./,
    );
    assert.match(detail, /line 2, _id "d": price: must be a number ≥ 0 \(found -2\) \(rule: properties\.price\.minimum\)/);
    assert.match(detail, /line 3, _id "e": name: is required \(rule: .*required\)/);
    assert.equal((await client.listDocuments(db, col, {})).total, 2, 'the dry run stored something');
  });

  it('the bulk update preview marks and lists the previewed documents the update makes break the rules, and says the whole update will be refused', async () => {
    const { prompts } = await runScripted(
      [{ input: '{}' }, { input: '{"$set": {"price": -1}}' }, { pick: /Update all matching documents/ }, { confirm: false }],
      'dbhost.updateMatchingDocuments',
      { accountId, db, col },
    );
    const detail = prompts.confirmations[0].detail ?? '';
    assert.match(
      detail,
      /2 of the 2 previewed documents, as updated, break the rules of rulespreviews\.products, which refuse them: the service will refuse the whole update and write nothing\./,
    );
    assert.match(detail, /_id "a": price: must be a number ≥ 0 \(found -1\) \(rule: properties\.price\.minimum\)/);
    assert.match(
      await previewAfter(),
      /_id "a" \(sampled document \d of 2\): BREAKS THE RULES \(refused\): _id "a": price: must be a number ≥ 0/,
    );
    const stored = await client.listDocuments(db, col, {});
    assert.deepEqual(
      stored.documents.map((document) => document.price),
      [5, 7],
    );
  });
});
