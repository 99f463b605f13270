import * as assert from 'node:assert/strict';
import { addAccount, removeAccount, serviceClient } from '../support/accounts';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { ResourceTarget } from '../../../src/extension/base/resourceTarget';
import type { ExplorerNode } from '../../../src/extension/kit/tree/explorerNode';
import { explorerTree } from '../explorer/explorerFixtures';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import type { FakeAnswer } from '../support/fakePrompts';
import { FakePrompts } from '../support/fakePrompts';
import type { ChildService } from '../../support/testService';
import { startServiceInChild } from '../../support/testService';
import { installedServiceScript } from '../support/product';
import { documentOpenedBy } from '../support/editors';

const db = 'feedback';

/** Resolves with the item the DB Host view has selected once it is the one `target` names; fails naming what is selected. */
function whenSelected(target: ResourceTarget, timeoutMs = 15_000): Promise<ExplorerNode> {
  const { view } = explorerTree();
  const selectedMatch = () => view.selection.find((node) => JSON.stringify(node.target) === JSON.stringify(target));
  return new Promise((resolve, reject) => {
    const found = selectedMatch();
    if (found) return resolve(found);
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(
        new Error(
          `${JSON.stringify(target)} was not selected; the view has ${JSON.stringify(view.selection.map((node) => node.id))} selected`,
        ),
      );
    }, timeoutMs);
    const subscription = view.onDidChangeSelection(() => {
      const match = selectedMatch();
      if (!match) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(match);
    });
  });
}

describe('First hour: every create, rename and delete shows what it did', function () {
  this.timeout(90_000);
  let service: ChildService;
  let client: DbHostApi;
  let accountId: string;

  async function run(command: string, answers: FakeAnswer[], ...args: unknown[]): Promise<{ prompts: FakePrompts }> {
    const scripted = await runScripted(new FakePrompts(answers, { refusedInput: 'fail' }), command, ...args);
    assert.deepEqual(scripted.prompts.errors, [], `${command} failed`);
    assert.equal(scripted.prompts.unanswered, 0, `${command} did not ask everything scripted`);
    return scripted;
  }

  before(async () => {
    await activateExtension();
    service = await startServiceInChild({ script: installedServiceScript(), empty: true });
    client = serviceClient(service);
    accountId = (await addAccount('Feedback tests', { url: service.url, apiKey: service.apiKey })).accountId;
    // The tree as a newcomer leaves it: nothing expanded.
    await Promise.resolve(vscode.commands.executeCommand('workbench.actions.treeView.dbhost.explorer.collapseAll')).catch(() => undefined);
  });

  after(async () => {
    if (accountId) await removeAccount(accountId);
    await service?.stop();
  });

  it('a new database is revealed and selected in the collapsed tree, its parents expanded', async () => {
    await run('dbhost.createDatabase', [{ pick: /sandbox/i }, { input: db }], { accountId });
    const selected = await whenSelected({ accountId, db });
    assert.equal(explorerTree().view.visible, true, 'the DB Host view is not showing');
    assert.equal(selected.parent?.parent?.target?.accountId, accountId);
  });

  it('a new collection, and the same collection renamed, are revealed and selected', async () => {
    await run('dbhost.createCollection', [{ input: 'people' }], { accountId, db });
    await whenSelected({ accountId, db, col: 'people' });
    await run('dbhost.renameCollection', [{ input: 'persons' }], { accountId, db, col: 'people' });
    await whenSelected({ accountId, db, col: 'persons' });
  });

  it('a new index is revealed and selected under its collection', async () => {
    await client.createDocument(db, 'persons', { name: 'Ada' }, { safe: true });
    await run('dbhost.createIndex', [{ pick: 'name' }, { pick: 'Ascending' }, { pick: 'Done' }, { pick: 'Create Index' }], {
      accountId,
      db,
      col: 'persons',
    });
    await whenSelected({ accountId, db, col: 'persons', index: 'name_1' });
  });

  it('a new document saved from its template is revealed and selected among the documents', async () => {
    const template = await documentOpenedBy('dbhost.newDocument', { accountId, db, col: 'persons' });
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(template));
    await editor.edit((builder) =>
      builder.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), '{ "_id": "grace", "name": "Grace" }\n'),
    );
    assert.equal(await editor.document.save(), true);
    await whenSelected({ accountId, db, col: 'persons', docId: 'grace' });
  });

  it('each delete and drop says in a message what is gone', async () => {
    let { prompts } = await run('dbhost.deleteDocument', [{ confirm: true }], { accountId, db, col: 'persons', docId: 'grace' });
    assert.deepEqual(prompts.infos, [`Deleted the document grace from ${db}.persons.`]);
    ({ prompts } = await run('dbhost.dropIndex', [{ confirm: true }], { accountId, db, col: 'persons', index: 'name_1' }));
    assert.deepEqual(prompts.infos, [`Dropped the index name_1 of ${db}.persons.`]);
    ({ prompts } = await run('dbhost.deleteCollection', [{ confirm: true }], { accountId, db, col: 'persons' }));
    assert.deepEqual(prompts.infos, [`Deleted the collection ${db}.persons.`]);
    ({ prompts } = await run('dbhost.deleteDatabase', [{ confirm: true }, { input: db }], { accountId, db }));
    assert.deepEqual(prompts.infos, [`Deleted the database ${db}.`]);
    assert.deepEqual(
      (await client.listDatabases()).map((record) => record.name),
      [],
    );
  });
});
