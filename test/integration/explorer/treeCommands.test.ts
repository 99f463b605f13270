import * as assert from 'node:assert/strict';
import { addAccount, removeAccount, serviceClient } from '../support/accounts';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { child, childLabels, childrenOf, nodeAt, whenTree } from './explorerFixtures';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { readTestConfig } from '../support/test-config';
import type { FakeAnswer } from '../support/fakePrompts';
import { FakePrompts } from '../support/fakePrompts';
import type { ChildService } from '../../support/testService';
import { startServiceInChild } from '../../support/testService';
import { installedServiceScript } from '../support/product';
import { shownInFront } from '../support/editors';

const db = 'commands';

/** Names the step that never finished, should the browser's clipboard hang. */
function step<T>(what: string, promise: Thenable<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish`)), 15_000);
  });
  return Promise.race([Promise.resolve(promise), stuck]).finally(() => clearTimeout(timer));
}

describe('Database, collection, index, copy and details commands', function () {
  this.timeout(60_000);
  let service: ChildService;
  let client: DbHostApi;
  let accountId: string;
  const accounts: string[] = [];
  const services: ChildService[] = [];

  /** Runs a command whose questions use up the whole script; a refused input is recorded and the person gives up. */
  async function run(command: string, answers: FakeAnswer[], ...args: unknown[]): Promise<{ prompts: FakePrompts }> {
    const scripted = await runScripted(new FakePrompts(answers), command, ...args);
    assert.equal(
      scripted.prompts.unanswered,
      0,
      `${command} did not ask everything scripted; errors: ${scripted.prompts.errors.join(' | ')}`,
    );
    return scripted;
  }

  /** Runs a command that asks nothing and gives the document in the editor it left in front. */
  async function shownBy(command: string, ...args: unknown[]): Promise<vscode.TextDocument> {
    const { prompts } = await run(command, [], ...args);
    assert.deepEqual(prompts.errors, [], `${command} failed`);
    return shownInFront(command, 'dbhost-details');
  }

  const databaseNames = async () => (await client.listDatabases()).map((record) => record.name);
  const collectionNames = async () => (await client.listCollections(db)).map((record) => record.name);
  const indexNames = async (col: string) => (await client.listIndexes(db, col)).map((record) => record.name);

  before(async () => {
    await activateExtension();
    service = await startServiceInChild({ script: installedServiceScript(), empty: true });
    services.push(service);
    client = serviceClient(service);
    accountId = (await addAccount('Command tests', { url: service.url, apiKey: service.apiKey })).accountId;
    accounts.push(accountId);
    await client.createDatabase(db, 'sandbox');
    await client.createCollection(db, 'items');
    await client.createDocument(db, 'items', { _id: 'first', n: 1 }, { safe: true });
  });

  after(async () => {
    for (const id of accounts) await removeAccount(id);
    for (const own of services) await own.stop();
  });

  it('creates a database on a plan picked with its price, showing the free databases used', async () => {
    const databases = await nodeAt(accountId, 'Databases');
    assert.deepEqual(await childLabels(databases), [db]);
    const { prompts } = await run('dbhost.createDatabase', [{ pick: /sandbox/i }, { input: 'made' }], databases);
    assert.equal((await client.listDatabases()).find((record) => record.name === 'made')?.slug, 'sandbox');
    assert.match(prompts.questions[0].text, /1 of 5 free databases used/);
    assert.ok(
      prompts.shown.some((text) => /^free\b/.test(text)) && prompts.shown.some((text) => /^\$\d/.test(text)),
      'the plans were shown without prices',
    );
    await whenTree(async () => (await childLabels(databases)).includes('made'));
  });

  it('explains the payment rule when the service refuses a paid plan', async () => {
    const unpaid = await startServiceInChild({ script: installedServiceScript(), empty: true, payment: false });
    services.push(unpaid);
    const unpaidAccount = (await addAccount('No payment', { url: unpaid.url, apiKey: unpaid.apiKey })).accountId;
    accounts.push(unpaidAccount);
    const plans = await serviceClient(unpaid).listPlans();
    const paid = plans.find((plan) => (plan.price ?? 0) > 0);
    assert.ok(paid, 'the service offers no paid plan');
    const { prompts } = await run('dbhost.createDatabase', [{ pick: paid.name ?? paid.slug }, { input: 'costly' }], {
      accountId: unpaidAccount,
    });
    assert.equal(prompts.errors.length, 1);
    assert.match(prompts.errors[0], /paid plan needs payment information on the account/);
    const names = (await serviceClient(unpaid).listDatabases()).map((d) => d.name);
    assert.ok(!names.includes('costly'));
  });

  it('deletes a database only when its name is typed exactly', async () => {
    const made = await nodeAt(accountId, 'Databases', 'made');
    const wrong = await run('dbhost.deleteDatabase', [{ confirm: true }, { input: 'mad' }], made);
    assert.match(wrong.prompts.questions[0].detail ?? '', /cannot be undone/);
    assert.deepEqual(wrong.prompts.refusals, ['Type made exactly to delete it']);
    assert.ok((await databaseNames()).includes('made'), 'deleted although the name typed was wrong');

    const declined = await run('dbhost.deleteDatabase', [{ confirm: false }], made);
    assert.deepEqual(declined.prompts.infos, []);
    assert.ok((await databaseNames()).includes('made'));

    const right = await run('dbhost.deleteDatabase', [{ confirm: true }, { input: 'made' }], made);
    assert.deepEqual(right.prompts.infos, ['Deleted the database made.']);
    assert.ok(!(await databaseNames()).includes('made'));
    const databases = await nodeAt(accountId, 'Databases');
    await whenTree(async () => !(await childLabels(databases)).includes('made'));
  });

  it('creates, renames and deletes a collection, in the tree and on the service', async () => {
    const database = await nodeAt(accountId, 'Databases', db);
    await run('dbhost.createCollection', [{ input: 'drafts' }], database);
    assert.ok((await collectionNames()).includes('drafts'));
    await whenTree(async () => (await childLabels(database)).includes('drafts'));

    const refused = await run('dbhost.createCollection', [{ input: 'system.things' }], { accountId, db });
    assert.match(refused.prompts.refusals[0], /reserved/);

    const drafts = await child(database, 'drafts');
    await run('dbhost.renameCollection', [{ input: 'finals' }], drafts);
    assert.deepEqual(
      (await collectionNames()).filter((name) => name !== 'items'),
      ['finals'],
    );
    await whenTree(async () => {
      const labels = await childLabels(database);
      return labels.includes('finals') && !labels.includes('drafts');
    });

    const finals = await child(database, 'finals');
    assert.deepEqual((await run('dbhost.deleteCollection', [{ confirm: false }], finals)).prompts.infos, []);
    assert.ok((await collectionNames()).includes('finals'));
    const deleted = await run('dbhost.deleteCollection', [{ confirm: true }], finals);
    assert.deepEqual(deleted.prompts.infos, [`Deleted the collection ${db}.finals.`]);
    assert.match(deleted.prompts.questions[0].detail ?? '', /cannot be undone/);
    assert.deepEqual(await collectionNames(), ['items']);
    await whenTree(async () => !(await childLabels(database)).includes('finals'));
  });

  it("drops one index, refuses _id_, and drops all indexes after the interface's warning", async () => {
    await client.createIndex(db, 'items', { spec: { n: 1 } });
    await client.createIndex(db, 'items', { spec: { name: 1 }, unique: true });
    const indexes = await nodeAt(accountId, 'Databases', db, 'items', 'Indexes');
    assert.deepEqual((await childLabels(indexes)).sort(), ['_id_', 'n_1', 'name_1']);

    const n1 = await child(indexes, 'n_1');
    assert.equal(n1.treeItem().contextValue, 'dbhost.index');
    const dropped = await run('dbhost.dropIndex', [{ confirm: true }], n1);
    assert.deepEqual(dropped.prompts.infos, [`Dropped the index n_1 of ${db}.items.`]);
    assert.deepEqual((await indexNames('items')).sort(), ['_id_', 'name_1']);
    await whenTree(async () => !(await childLabels(indexes)).includes('n_1'));

    const builtin = await run('dbhost.dropIndex', [], { accountId, db, col: 'items', index: '_id_' });
    assert.match(builtin.prompts.errors[0], /_id_ index .* cannot be dropped/);

    const all = await run('dbhost.dropAllIndexes', [{ confirm: true }], indexes);
    assert.deepEqual(all.prompts.infos, [`Dropped all indexes of ${db}.items.`]);
    assert.match(all.prompts.questions[0].detail ?? '', /may seriously degrade performance of an active database/);
    assert.deepEqual(await indexNames('items'), ['_id_']);
    await whenTree(async () => (await childLabels(indexes)).join() === '_id_');
  });

  it('copies names and _id to the clipboard', async () => {
    // The web workbench reads the browser's clipboard only while its own page has the focus, not a webview's
    // (the root hooks closed every editor after the test before).
    await vscode.commands.executeCommand('workbench.action.focusSideBar');
    const collection = await nodeAt(accountId, 'Databases', db, 'items');
    const [document] = await childrenOf(await nodeAt(accountId, 'Databases', db, 'items', 'Documents'));
    await step('dbhost.copyName', vscode.commands.executeCommand('dbhost.copyName', collection));
    assert.equal(await step('reading the clipboard', vscode.env.clipboard.readText()), 'items');
    await step('dbhost.copyDocumentId', vscode.commands.executeCommand('dbhost.copyDocumentId', document));
    assert.equal(await step('reading the clipboard', vscode.env.clipboard.readText()), 'first');
  });

  it('opens database info, collection statistics and plans as read-only JSON without the key in the URI', async () => {
    const info = await shownBy('dbhost.showDatabaseInfo', await nodeAt(accountId, 'Databases', db));
    const stats = await shownBy('dbhost.showCollectionStatistics', { accountId, db, col: 'items' });
    const plan = await shownBy('dbhost.showPlan', { accountId, plan: 'sandbox' });
    for (const document of [info, stats, plan]) {
      assert.equal(document.languageId, 'json');
      assert.equal(document.uri.scheme, 'dbhost-details');
      assert.ok(!document.uri.toString().includes(service.apiKey) && !decodeURIComponent(document.uri.toString()).includes(service.apiKey));
      JSON.parse(document.getText());
    }
    assert.equal(JSON.parse(info.getText()).name, db);
    assert.equal(JSON.parse(stats.getText()).count, 1);
    assert.equal(JSON.parse(plan.getText()).slug, 'sandbox');
  });

  it("opens an invoice and a deployment's details from the tree of the demo account", async () => {
    const { demo } = readTestConfig().services;
    const demoAccount = (await addAccount('Demo for commands', { url: demo.url, apiKey: demo.apiKey })).accountId;
    accounts.push(demoAccount);
    const [invoice] = await childrenOf(await nodeAt(demoAccount, 'Invoices'));
    assert.equal(invoice.treeItem().contextValue, 'dbhost.invoice');
    const shown = await shownBy('dbhost.showInvoice', invoice);
    assert.ok('id' in JSON.parse(shown.getText()));

    const [deployment] = await childrenOf(await nodeAt(demoAccount, 'Deployments'));
    assert.equal(deployment.treeItem().contextValue, 'dbhost.deployment');
    const [details, logs] = await childrenOf(deployment);
    assert.equal(logs.treeItem().contextValue, 'dbhost.deploymentLogs');
    assert.equal(logs.treeItem().command?.command, 'dbhost.tailLogs');
    const opened = await shownBy('dbhost.showDeploymentDetails', details);
    assert.equal(opened.languageId, 'json');
    assert.equal(opened.uri.scheme, 'dbhost-details');
    JSON.parse(opened.getText());
  });
});
