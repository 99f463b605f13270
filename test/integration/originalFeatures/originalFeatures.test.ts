import * as assert from 'node:assert/strict';
import { addAccount, removeAccount, serviceClient } from '../support/accounts';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { ExplorerNode } from '../../../src/extension/kit/tree/explorerNode';
import { child, childLabels, childrenOf, labelOf, nodeAt, refreshNode, whenTree } from '../explorer/explorerFixtures';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import type { FakeAnswer } from '../support/fakePrompts';
import { FakePrompts } from '../support/fakePrompts';
import { treeMenuCommands } from '../support/treeMenus';
import { shownInFront } from '../support/editors';
import { serviceWithoutExtras } from './withoutExtras';
import type { ChildService } from '../../support/testService';
import { startServiceInChild } from '../../support/testService';
import { installedServiceScript } from '../support/product';

const db = 'extras';
const PASSWORD = 'pw-Trombone-7781';

describe('Original service extras: users, copy database, current operations, slow queries', function () {
  this.timeout(60_000);
  let extension: vscode.Extension<unknown>;
  let service: ChildService;
  let client: DbHostApi;
  let accountId: string;
  const accounts: string[] = [];
  const closers: (() => Promise<void>)[] = [];

  async function run(command: string, answers: FakeAnswer[], ...args: unknown[]): Promise<{ prompts: FakePrompts }> {
    const scripted = await runScripted(new FakePrompts(answers), command, ...args);
    assert.equal(
      scripted.prompts.unanswered,
      0,
      `${command} did not ask everything scripted; errors: ${scripted.prompts.errors.join(' | ')}`,
    );
    return scripted;
  }

  const contextOf = (node: ExplorerNode) => node.treeItem().contextValue;

  before(async () => {
    ({ extension } = await activateExtension());
    service = await startServiceInChild({ script: installedServiceScript(), empty: true, slowQueryMs: 0 });
    closers.push(() => service.stop());
    client = serviceClient(service);
    accountId = (await addAccount('Extras tests', { url: service.url, apiKey: service.apiKey })).accountId;
    accounts.push(accountId);
    await client.createDatabase(db, 'sandbox');
    await client.createCollection(db, 'items');
    for (let n = 0; n < 3; n++)
      await client.createDocument(db, 'items', { _id: `doc${n}`, n, kind: n % 2 === 0 ? 'even' : 'odd' }, { safe: true });
  });

  after(async () => {
    for (const id of accounts) await removeAccount(id);
    for (const close of closers) await close();
  });

  it('shows Users, Current Operations and Slow Queries under a database, after its collections', async () => {
    const database = await nodeAt(accountId, 'Databases', db);
    assert.deepEqual(await childLabels(database), ['items', 'Users', 'Current Operations', 'Slow Queries']);
    assert.deepEqual(await childLabels(await child(database, 'Users')), ['No users']);
  });

  it('adds a user with the password typed twice in password boxes, never shown or logged, and removes it after a modal question', async () => {
    const users = await nodeAt(accountId, 'Databases', db, 'Users');
    const added = await run(
      'dbhost.addUser',
      [{ input: 'reporter' }, { input: PASSWORD }, { input: PASSWORD }, { pick: 'Read only' }],
      users,
    );
    const passwordBoxes = added.prompts.questions.filter((question) => question.kind === 'input' && question.password === true);
    assert.equal(passwordBoxes.length, 2, 'the password is asked twice, hidden');
    assert.ok(!added.prompts.shown.join('\n').includes(PASSWORD), 'the password was shown');
    assert.deepEqual(await client.listUsers(db), [{ user: 'reporter', readOnly: true }]);
    await whenTree(async () => (await childLabels(users)).includes('reporter'));
    const reporter = await child(users, 'reporter');
    assert.equal(contextOf(reporter), 'dbhost.user');
    assert.equal(reporter.treeItem().description, 'read-only');
    // Like Documents, the Users node shows how many it holds once they are loaded.
    assert.equal(users.treeItem().description, '1');

    const mismatch = await runScripted(
      new FakePrompts([{ input: 'second' }, { input: PASSWORD }, { input: 'something else' }]),
      'dbhost.addUser',
      users,
    );
    assert.match(mismatch.prompts.refusals.join(' | '), /passwords do not match/);
    assert.deepEqual(mismatch.prompts.errors, [], 'giving up is no error');
    assert.deepEqual(
      (await client.listUsers(db)).map((user) => user.user),
      ['reporter'],
    );

    const duplicate = await runScripted(new FakePrompts([{ input: 'reporter' }]), 'dbhost.addUser', users);
    assert.match(duplicate.prompts.refusals.join(' | '), /already exists/);

    await run('dbhost.removeUser', [{ confirm: false }], reporter);
    assert.equal((await client.listUsers(db)).length, 1);
    const removed = await run('dbhost.removeUser', [{ confirm: true }], reporter);
    assert.match(removed.prompts.confirmations[0].detail ?? '', /cannot be undone/);
    assert.deepEqual(await client.listUsers(db), []);
    await whenTree(async () => (await childLabels(users)).includes('No users'));
  });

  it('copies a database under a validated name, and the copy appears in the tree with its documents', async () => {
    const database = await nodeAt(accountId, 'Databases', db);
    const databasesBefore = (await client.listDatabases()).map((record) => record.name);
    const refused = await runScripted(new FakePrompts([{ input: 'bad name' }]), 'dbhost.copyDatabase', database);
    assert.match(refused.prompts.refusals.join(' | '), /cannot contain/);
    assert.deepEqual(
      (await client.listDatabases()).map((record) => record.name),
      databasesBefore,
    );

    await run('dbhost.copyDatabase', [{ input: 'extras_copy' }], database);
    assert.equal((await client.listDocuments('extras_copy', 'items')).total, 3);
    const databases = await nodeAt(accountId, 'Databases');
    await whenTree(async () => (await childLabels(databases)).includes('extras_copy'));
    assert.equal((await nodeAt(accountId, 'Databases', 'extras_copy', 'items')).treeItem().description, '3 documents');
  });

  it('lists current operations and slow queries read-only, with details as JSON and a slow query again in a playground', async () => {
    await client.listDocuments(db, 'items', { q: { kind: 'even' }, sort: { n: -1 } });
    const operations = await nodeAt(accountId, 'Databases', db, 'Current Operations');
    await refreshNode(operations);
    const [operation] = await childrenOf(operations);
    assert.equal(labelOf(operation.treeItem()), `command ${db}.$cmd`);
    assert.equal(operation.treeItem().command?.command, 'dbhost.showOperationDetails');
    await vscode.commands.executeCommand('dbhost.showOperationDetails', operation);
    const details = shownInFront('Show Details', 'dbhost-activity');
    assert.equal(details.languageId, 'json');
    assert.match(details.getText(), /"currentOp": 1/);

    const slowQueries = await nodeAt(accountId, 'Databases', db, 'Slow Queries');
    await refreshNode(slowQueries);
    const entries = await childrenOf(slowQueries);
    const query = entries.find(
      // `.explainable` where the service also explains (issue 21).
      (entry) =>
        /^dbhost\.slowQuery\.query(\.explainable)?$/.test(contextOf(entry) ?? '') &&
        /^query extras\.items$/.test(labelOf(entry.treeItem())),
    );
    assert.ok(query, `no slow query among ${entries.map((entry) => labelOf(entry.treeItem())).join(' | ')}`);
    assert.match(String(query.treeItem().description), /^\d+ ms/);
    await vscode.commands.executeCommand('dbhost.openSlowQueryInPlayground', query);
    const playground = shownInFront('Open in Playground', 'untitled');
    assert.match(playground.uri.path, /^items-slow(-\d+)?\.query\.json$/);
    const text = playground.getText();
    const [request] = JSON.parse(text.slice(text.indexOf('['))) as Record<string, unknown>[];
    assert.deepEqual(request, {
      account: 'Extras tests',
      database: db,
      collection: 'items',
      q: { kind: 'even' },
      sort: { n: -1 },
      limit: 20,
    });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('hides every extra calmly on a service that answers 404 for them', async () => {
    const plain = await serviceWithoutExtras(service.url);
    closers.push(() => plain.close());
    const plainId = (await addAccount('Interface only', { url: plain.url, apiKey: service.apiKey })).accountId;
    accounts.push(plainId);
    const database = await nodeAt(plainId, 'Databases', db);
    assert.deepEqual(await childLabels(database), ['items']);
    // Copying is a write, so nothing is sent to find out: the first attempt learns it, and the menu loses it then.
    assert.equal(database.treeItem().contextValue, 'dbhost.database');

    const users = await runScripted(new FakePrompts([]), 'dbhost.addUser', { accountId: plainId, db });
    assert.deepEqual(users.prompts.errors, []);
    assert.match(users.prompts.infos.join(' | '), /does not offer database users/);

    const copy = await runScripted(new FakePrompts([{ input: 'never_made' }]), 'dbhost.copyDatabase', database);
    assert.deepEqual(copy.prompts.errors, []);
    assert.match(copy.prompts.infos.join(' | '), /does not offer copying databases/);
    const contextValue = async () => (await nodeAt(plainId, 'Databases', db)).treeItem().contextValue;
    await whenTree(async () => (await contextValue()) === 'dbhost.database.withoutCopy');
    const menu = treeMenuCommands(extension, 'dbhost.database.withoutCopy');
    assert.ok(!menu.has('dbhost.copyDatabase'), 'Copy Database… is still in the menu');
    assert.ok(menu.has('dbhost.createCollection') && menu.has('dbhost.deleteDatabase'), 'the rest of the menu went too');
    // The service that offers it keeps it.
    assert.equal((await nodeAt(accountId, 'Databases', db)).treeItem().contextValue, 'dbhost.database');
  });

  it('refuses a copy that would be a sixth free database before sending it', async () => {
    const free = (await client.listDatabases()).length;
    for (let n = free; n < 5; n++) await client.createDatabase(`free${n}`, 'sandbox');
    const database = await nodeAt(accountId, 'Databases', db);
    const refused = await runScripted(new FakePrompts([]), 'dbhost.copyDatabase', database);
    assert.match(refused.prompts.errors.join(' | '), /free plan .* 5 of its 5 free databases/);
    assert.equal((await client.listDatabases()).length, 5);
  });
});
