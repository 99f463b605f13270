import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { readTestConfig } from '../support/test-config';
import { documentOpenedBy } from '../support/editors';

const db = 'newidtests';
const col = 'people';

async function lensTitles(uri: vscode.Uri): Promise<{ line: number; title: string }[]> {
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
  // Other features' lenses are not this test's business.
  return lenses
    .map((lens) => ({ line: lens.range.start.line, title: lens.command?.title ?? '' }))
    .filter((lens) => lens.title.includes('_id'));
}

describe('First hour: a new document explains its _id', function () {
  this.timeout(60_000);
  let accountId: string;
  let client: DbHostApi;

  before(async () => {
    await activateExtension();
    ({ accountId, client } = await addAccount('New _id tests', readTestConfig().services.empty));
    await client.createDatabase(db, 'sandbox');
    await client.createCollection(db, col);
  });

  after(async () => {
    if (client) await client.deleteDatabase(db).catch(() => undefined);
    if (accountId) await removeAccount(accountId);
  });

  it('says above the generated _id that it was generated here and may be replaced, and nothing on a stored document', async () => {
    const uri = await documentOpenedBy('dbhost.newDocument', { accountId, db, col });
    const template = await vscode.workspace.openTextDocument(uri);
    const idLine = template
      .getText()
      .split('\n')
      .findIndex((line) => line.includes('"_id"'));
    assert.deepEqual(await lensTitles(uri), [{ line: idLine, title: '_id generated here; replace it to choose your own' }]);

    await client.createDocument(db, col, { _id: 'stored', name: 'Ada' }, { safe: true });
    const storedUri = await documentOpenedBy('dbhost.openDocument', { accountId, db, col, docId: 'stored' });
    assert.deepEqual(await lensTitles(storedUri), []);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await vscode.window.showTextDocument(template);
  });
});
