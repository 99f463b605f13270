import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { stringifyLossless } from '../../../src/core/json/lossless';
import { AI_ACTIVITY_LOG, logFileLines } from '../support/logFile';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { productExtensionId } from '../support/product';
import { readTestConfig } from '../support/test-config';
import { invokeTool } from './aiToolsFixtures';

describe('AI tools: every read tool through vscode.lm.invokeTool', function () {
  this.timeout(60_000);
  let client: DbHostApi;
  let accountId: string;
  const demo = readTestConfig().services.demo;
  const answers: string[] = [];
  const call = async (name: string, input: object) => {
    const text = await invokeTool(name, { account: 'AI reads', ...input });
    answers.push(text);
    return text;
  };

  before(async () => {
    await activateExtension();
    ({ accountId, client } = await addAccount('AI reads', demo));
  });

  after(async () => {
    await removeAccount(accountId);
  });

  it('offers every tool of package.json to VS Code, with its schema', () => {
    const extension = vscode.extensions.getExtension(productExtensionId);
    assert.ok(extension, `${productExtensionId} is not installed`);
    const packageJson = extension.packageJSON as { contributes: { languageModelTools: { name: string }[] } };
    const contributed = packageJson.contributes.languageModelTools.map((tool) => tool.name);
    const ours = vscode.lm.tools.filter((tool) => tool.name.startsWith('dbhost_'));
    assert.ok(contributed.length > 0, 'package.json contributes no language model tools');
    assert.deepEqual(ours.map((tool) => tool.name).sort(), [...contributed].sort());
    const find = ours.find((tool) => tool.name === 'dbhost_find');
    assert.ok(find?.inputSchema && 'properties' in find.inputSchema);
  });

  it('lists the accounts with their mode, and never a key', async () => {
    const text = await invokeTool('dbhost_listAccounts', {});
    assert.match(text, new RegExp(`- "AI reads": ${demo.url.replace(/[.]/g, '\\.')}, mode Normal`));
    answers.push(text);
  });

  it('lists databases, collections, indexes and deployments as the service holds them', async () => {
    const databases = await call('dbhost_listDatabases', {});
    for (const db of await client.listDatabases()) assert.ok(databases.includes(`"name": "${db.name}"`), db.name);
    const collections = await call('dbhost_listCollections', { database: 'shop' });
    for (const col of await client.listCollections('shop')) assert.ok(collections.includes(`"name": "${col.name}"`), col.name);
    const indexes = await call('dbhost_listIndexes', { database: 'shop', collection: 'orders' });
    for (const index of await client.listIndexes('shop', 'orders')) assert.ok(indexes.includes(`"${index.name}"`), index.name);
    const deployments = await call('dbhost_listDeployments', {});
    for (const deployment of await client.listDeployments()) assert.ok(deployments.includes(deployment.name), deployment.name);
  });

  it('finds and counts as the service does, saying which skip gives the next page', async () => {
    const expected = await client.listDocuments('shop', 'orders', { q: { status: 'paid' }, sort: { total: -1 }, skip: 2, limit: 4 });
    const text = await call('dbhost_find', {
      database: 'shop',
      collection: 'orders',
      filter: { status: 'paid' },
      sort: { total: -1 },
      skip: 2,
      limit: 4,
    });
    assert.deepEqual(
      text.split('\n').filter((line) => line.startsWith('{')),
      expected.documents.map((document) => stringifyLossless(document)),
    );
    assert.match(text, /"skip": 6 for the next page/);
    const counted = await call('dbhost_count', { database: 'shop', collection: 'orders', filter: { status: 'paid' } });
    assert.match(counted, new RegExp(`^${expected.total} documents of shop\\.orders match`));
  });

  it('reads a document by _id exactly, and samples a schema', async () => {
    const [first] = (await client.listDocuments('shop', 'customers', { limit: 1 })).documents;
    const text = await call('dbhost_getDocument', { database: 'shop', collection: 'customers', id: first._id });
    const sent = await client.getDocument('shop', 'customers', first._id);
    assert.ok(text.endsWith(sent.text));
    const schema = await call('dbhost_collectionSchema', { database: 'shop', collection: 'customers', sampleSize: 100 });
    assert.match(schema, /^Schema of shop\.customers · account "AI reads"/);
    assert.match(schema, /^email\s+string 100%/m);
  });

  it('explains where offered and says so where not; slow queries, operations, statistics and the log', async () => {
    const explained = await call('dbhost_explain', { database: 'shop', collection: 'orders', filter: { status: 'paid' } });
    const offered = await client.explain('shop', 'orders', { q: { status: 'paid' } }).then(
      () => true,
      (error: { status?: number }) => (error.status === 404 ? false : Promise.reject(error)),
    );
    assert.match(explained, offered ? /"stage"/ : /^Explain is not offered here: the service answered 404/);
    assert.match(await call('dbhost_slowQueries', { database: 'shop' }), /^Slow queries of shop/);
    assert.match(await call('dbhost_currentOperations', { database: 'shop' }), /^Operations in progress on shop/);
    const [deployment] = await client.listDeployments();
    assert.match(await call('dbhost_deploymentStats', { deployment: deployment.name }), /"members"/);
    const [entry] = await client.getDeploymentLogs(deployment.name);
    const last =
      entry.log
        .split('\n')
        .filter((line) => line !== '')
        .at(-1) ?? '';
    assert.ok((await call('dbhost_deploymentLog', { deployment: deployment.name, lines: 2 })).includes(last));
  });

  it('answers input it cannot use with what to send instead', async () => {
    assert.match(
      await call('dbhost_find', { database: 'shop', collection: 'orders', filter: { 'a.constructor': 1 } }),
      /^Error: "filter": the field path "a\.constructor" names "constructor", which is refused/,
    );
    assert.match(
      await invokeTool('dbhost_listDatabases', { account: 'Nobody' }),
      /^Error: No account is labelled "Nobody"\. The accounts are .*"AI reads"/,
    );
  });

  it('writes each call to the AI activity log, and the key is in no answer and no log line', async () => {
    const found = (line: string) =>
      /account "AI reads" · dbhost_find · input \{"account":"AI reads","database":"shop"/.test(line) && /ok, \d+ characters/.test(line);
    const failed = (line: string) =>
      /account "\(none\)" · dbhost_listDatabases · .*failed: Error: No account is labelled "Nobody"/.test(line);
    const log = await logFileLines(
      AI_ACTIVITY_LOG,
      (lines) => lines.some(found) && lines.some(failed),
      'the find and the failed listDatabases in the AI activity log',
    );
    for (const text of [...answers, ...log]) assert.ok(!text.includes(demo.apiKey), 'the key leaked');
  });
});
