import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { ExplorerNode } from '../../../src/extension/kit/tree/explorerNode';
import { FaultProxy } from '../../support/faultProxy';
import { childrenOf, labelOf, nodeAt, refreshNode } from '../explorer/explorerFixtures';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount, setGuardrails, shownAccounts } from '../support/accounts';
import { FakePrompts } from '../support/fakePrompts';
import { PlaygroundFolder, runLens } from '../support/playgrounds';
import { readTestConfig } from '../support/test-config';
import { waitFor } from '../support/waitFor';
import {
  explainLensOf,
  explainViewOpenedBy,
  explainViews,
  playgroundText,
  pressButton,
  seedItems,
  shownPlanStage,
  shownView,
  viewText,
} from './explainFixtures';
import type { ChildService } from '../../support/testService';
import { startServiceInChild } from '../../support/testService';
import { installedServiceScript } from '../support/product';
import { answerPrompts } from '../support/windowPrompts';
import { postedTo, sendAsPage } from '../support/webviewPanels';

// Needs a service that explains (contract 1) and counts index use (contract 2): the planner's local service.
const db = 'explaintests';
const DOCUMENTS = 200;

describe('Explain: from a slow playground query to the index that serves it', function () {
  this.timeout(120_000);
  const label = 'Explain tests';
  let accountId: string;
  let client: DbHostApi;
  let playgrounds: PlaygroundFolder;
  let prompts: FakePrompts;

  async function explainPlayground(name: string, query: Record<string, unknown>): Promise<vscode.WebviewPanel> {
    const document = await playgrounds.open(name, playgroundText(label, db, 'items', query));
    const lens = await explainLensOf(document.uri);
    const panel = await explainViewOpenedBy(() => runLens(lens));
    assert.deepEqual(prompts.errors, []);
    return panel;
  }

  before(async () => {
    await activateExtension();
    ({ accountId, client } = await addAccount(label, readTestConfig().services.empty));
    await client.createDatabase(db, 'sandbox');
    await seedItems(client, accountId, db, 'items', DOCUMENTS);
    playgrounds = PlaygroundFolder.create('explain');
  });

  beforeEach(() => {
    prompts = new FakePrompts();
    answerPrompts(prompts);
  });

  after(async () => {
    if (client) await client.deleteDatabase(db).catch(() => undefined);
    if (accountId) await removeAccount(accountId);
    playgrounds?.remove();
  });

  it('explains a playground query that scans the collection in a rendered view: words first, the plan as stages, k_1 suggested', async () => {
    const panel = await explainPlayground('scan.query.json', { q: { k: 7 }, limit: 20 });
    const shown = await shownView(panel);
    assert.equal(shownPlanStage(shown), 'COLLSCAN');
    assert.deepEqual(shown.suggestion, {
      type: 'create',
      spec: '{"k":1}',
      name: 'k_1',
      why: 'Equality, sort, range: the equality on k first.',
    });
    const text = await viewText(panel, 'Plan');
    assert.match(text, /^explaintests\.items\nScanned all [\d,]+ documents to return 20 \(no index serves this query\)\./);
    assert.match(text, /\[Create Index k_1 and Explain Again\]\n\[Explain Again\]/);
    assert.match(text, /\nRETURN the page of results, at most 20: Returned 20, Matching in all [\d,]+/);
    assert.match(text, /\n {2}COLLSCAN reads every document: no index serves this query: Documents examined [\d,]+/);
    assert.match(text, /\{"k":1\} k_1\. Equality, sort, range/);
    assert.ok(shown.raw.includes('"stage": "COLLSCAN"'), 'the answer as the service sent it');

    assert.equal(panel.viewType, 'dbhost.explain');
    assert.ok(panel.visible, 'the view is shown');
    assert.match(panel.title, /^Explain \d+ · explaintests\.items$/);
    const html = panel.webview.html;
    const nonce = /script-src 'nonce-([^']+)'/.exec(html)?.[1];
    assert.ok(nonce, 'no script nonce in the policy');
    assert.match(html, /default-src 'none'/);
    assert.equal((html.match(/<script/g) ?? []).length, 1, 'one script only');
    assert.match(html, new RegExp(`<script nonce="${nonce.replace(/[+/=]/g, '\\$&')}" src="[^"]+explainView\\.js"`));
    const { apiKey } = readTestConfig().services.empty;
    assert.ok(!html.includes(apiKey) && !JSON.stringify(postedTo(panel).posted).includes(apiKey), 'the key is in the view');
  });

  it('ignores a message the page may not send, and Explain Again redraws the same view', async () => {
    const panel = await explainPlayground('again-button.query.json', { q: { k: 5 }, limit: 20 });
    const posted = postedTo(panel).posted.length;
    // The view acts on a message at once (it says it is busy) or not at all.
    sendAsPage(panel, { type: 'runCommand', command: 'dbhost.removeAccount' });
    sendAsPage(panel, { type: 'createIndex', spec: { evil: 1 } });
    assert.equal(postedTo(panel).posted.length, posted, 'the view acted on a message its page may not send');
    assert.ok(!(await client.listIndexes(db, 'items')).some((index) => index.name === 'k_1'), 'no index was created');
    assert.ok(
      (await shownAccounts()).some((account) => account.id === accountId),
      'the page removed the account',
    );
    const views = explainViews().length;
    const again = await pressButton(panel, 'explainAgain');
    assert.equal(explainViews().length, views, 'Explain Again opened another view');
    assert.ok(
      again.some((message) => message.type === 'show' && message.view.raw.includes('"stage": "COLLSCAN"')),
      'the same view was not drawn again with the new explain',
    );
  });

  it('creates the suggested index from the view, waits for its build, and the same query then uses it', async () => {
    const panel = await explainPlayground('create.query.json', { q: { k: 7 }, limit: 20 });
    await pressButton(panel, 'createIndex');
    assert.deepEqual(prompts.errors, []);
    const index = await client.getIndex(db, 'items', 'k_1');
    assert.deepEqual(index.key, { k: 1 });
    assert.equal(index.building, undefined, 'built');
    const text = await viewText(panel, 'Before → after');
    assert.match(text, /^explaintests\.items\nBefore → after: Was: scanned [\d,]+; now: used index k_1, examined [\d,]+ keys\n/);
    assert.match(text, /\nUsed index k_1: examined [\d,]+ keys? and [\d,]+ documents? to return 20\./);
    assert.match(
      text,
      /\n {2}FETCH reads the documents the index points to: Documents examined [\d,]+\n {4}IXSCAN walks index k_1: Keys examined [\d,]+, Bounds k \[7, 7\]/,
    );
    assert.match(text, /\nThe index k_1 already serves this query's shape\./);
    assert.ok(!text.includes('[Create Index'), 'no Create Index button once it exists');
    assert.ok(
      prompts.infos.some((message) => /^Created the index k_1 on explaintests\.items\. Was: scanned/.test(message)),
      prompts.infos.join(' | '),
    );
    const again = await shownView(await explainPlayground('again.query.json', { q: { k: 7 }, limit: 20 }));
    assert.match(again.summary, /^Used index k_1:/);
    assert.equal(again.suggestion.type, 'none');
  });

  it('shows in the tree how often each index served a query, and marks an unused one', async () => {
    await client.createIndex(db, 'items', { spec: { n: -1 }, background: true });
    await waitFor(async () => (await client.getIndex(db, 'items', 'n_-1')).building !== true, { what: 'the n_-1 build to end' });
    await client.listDocuments(db, 'items', { q: { k: 3 }, limit: 5 });
    // The collection's indexes loaded again, as their Refresh button does.
    await refreshNode(await nodeAt(accountId, 'Databases', db, 'items', 'Indexes'));
    const descriptions = await waitFor(async () => {
      const found = await indexDescriptions(accountId, 'items');
      return /served [\d,]+ quer(y|ies) since/.test(found.get('k_1') ?? '') && found;
    });
    assert.match(descriptions.get('n_-1') ?? '', /unused since/);
  });

  it('explains a query any caller gives (as a collection view or a slow query does): equality, then the sort', async () => {
    const panel = await explainViewOpenedBy(() =>
      vscode.commands.executeCommand('dbhost.explainQuery', {
        accountId,
        db,
        col: 'items',
        query: { q: { k: 2 }, sort: { n: -1 }, limit: 20 },
      }),
    );
    assert.deepEqual(prompts.errors, []);
    const shown = await shownView(panel);
    assert.equal(shownPlanStage(shown), 'IXSCAN');
    assert.equal(shown.suggestion.type, 'create');
    if (shown.suggestion.type === 'create') assert.equal(shown.suggestion.name, 'k_1_n_-1');
  });
});

async function indexDescriptions(accountId: string, col: string): Promise<Map<string, string>> {
  type Node = ExplorerNode | undefined;
  const child = async (parent: Node, test: (node: NonNullable<Node>) => boolean) => {
    const found = (await childrenOf(parent)).find(test);
    assert.ok(found, `nothing under ${parent?.id ?? 'the root'}`);
    return found;
  };
  const contextOf = (node: NonNullable<Node>) => node.treeItem().contextValue;
  const account = await child(undefined, (node) => node.target?.accountId === accountId && contextOf(node) === 'dbhost.account');
  const databases = await child(account, (node) => contextOf(node) === 'dbhost.databases');
  const database = await child(databases, (node) => node.target?.db === db && contextOf(node) === 'dbhost.database');
  const collection = await child(database, (node) => node.target?.col === col && contextOf(node) === 'dbhost.collection');
  const indexes = await child(collection, (node) => contextOf(node) === 'dbhost.indexes');
  const items = (await childrenOf(indexes)).map((node) => node.treeItem());
  return new Map(items.map((item) => [String(item.label), String(item.description ?? '')]));
}

describe('Explain under guardrails: the suggestion is offered, the account decides', function () {
  this.timeout(120_000);
  const label = 'Explain production';
  let accountId: string;
  let client: DbHostApi;
  let proxy: FaultProxy;
  let playgrounds: PlaygroundFolder;

  async function explainScan(name: string): Promise<vscode.WebviewPanel> {
    const document = await playgrounds.open(name, playgroundText(label, 'explainguard', 'items', { q: { k: 4 }, limit: 20 }));
    const lens = await explainLensOf(document.uri);
    return explainViewOpenedBy(() => runLens(lens));
  }

  before(async () => {
    await activateExtension();
    const { empty } = readTestConfig().services;
    proxy = await FaultProxy.start(empty.url);
    ({ accountId, client } = await addAccount(label, { url: proxy.url, apiKey: empty.apiKey }));
    await client.createDatabase('explainguard', 'sandbox');
    await seedItems(client, accountId, 'explainguard', 'items', 50);
    playgrounds = PlaygroundFolder.create('explain-guard');
  });

  after(async () => {
    if (accountId) await setGuardrails(accountId, { mode: 'normal' });
    if (client) await client.deleteDatabase('explainguard').catch(() => undefined);
    if (accountId) await removeAccount(accountId);
    await proxy?.close();
    playgrounds?.remove();
  });

  it('a Read-only account is offered the suggestion, but creating it is refused with its message and nothing is sent', async () => {
    await setGuardrails(accountId, { mode: 'readOnly', tag: 'production' });
    const prompts = new FakePrompts();
    answerPrompts(prompts);
    const panel = await explainScan('readonly.query.json');
    assert.equal((await shownView(panel)).suggestion.type, 'create');
    proxy.reset();
    await pressButton(panel, 'createIndex');
    assert.equal(prompts.errors.length, 1, prompts.errors.join(' | '));
    assert.match(prompts.errors[0], /Explain production/);
    assert.match(prompts.errors[0], /Read-only/);
    assert.deepEqual(
      proxy.requests.filter((request) => request.method !== 'GET'),
      [],
      'no write reached the service',
    );
    assert.ok(!(await client.listIndexes('explainguard', 'items')).some((index) => index.name === 'k_1'));
    const text = await viewText(panel, 'It cannot be created from here');
    assert.match(text, /It cannot be created from here: .*Read-only/);
    assert.ok(!text.includes('[Create Index'), 'the button is gone where the account refuses it');
  });

  it('Confirm writes asks before creating it, and Cancel sends nothing', async () => {
    await setGuardrails(accountId, { mode: 'confirm', tag: 'production' });
    const prompts = new FakePrompts([{ confirm: false }]);
    answerPrompts(prompts);
    const panel = await explainScan('confirm.query.json');
    proxy.reset();
    await pressButton(panel, 'createIndex');
    assert.deepEqual(prompts.errors, []);
    assert.equal(prompts.unanswered, 0, 'the account asked');
    assert.match(prompts.questions[0].text, /POST/);
    assert.deepEqual(
      proxy.requests.filter((request) => request.method !== 'GET'),
      [],
    );
  });
});

describe('Explain on a slow query', function () {
  this.timeout(120_000);
  let service: ChildService;
  let accountId: string;

  before(async () => {
    await activateExtension();
    service = await startServiceInChild({ script: installedServiceScript(), empty: true, slowQueryMs: 0 });
    const added = await addAccount('Slow explain', { url: service.url, apiKey: service.apiKey });
    accountId = added.accountId;
    const { client } = added;
    await client.createDatabase('slowexplain', 'sandbox');
    await seedItems(client, accountId, 'slowexplain', 'items', 30);
    await client.listDocuments('slowexplain', 'items', { q: { k: 3 }, sort: { n: -1 } });
  });

  after(async () => {
    if (accountId) await removeAccount(accountId);
    await service?.stop();
  });

  it('offers Explain on a slow query of a service that explains, and explains its filter and order', async () => {
    const slowQueries = await nodeAt(accountId, 'Databases', 'slowexplain', 'Slow Queries');
    await refreshNode(slowQueries);
    const entry = await waitFor(async () =>
      (await childrenOf(slowQueries)).find(
        (node) =>
          node.treeItem().contextValue === 'dbhost.slowQuery.query.explainable' &&
          /^query slowexplain\.items$/.test(labelOf(node.treeItem())),
      ),
    );
    const prompts = new FakePrompts();
    answerPrompts(prompts);
    const panel = await explainViewOpenedBy(() => vscode.commands.executeCommand('dbhost.explainSlowQuery', entry));
    assert.deepEqual(prompts.errors, []);
    assert.deepEqual((await shownView(panel)).suggestion, {
      type: 'create',
      spec: '{"k":1,"n":-1}',
      name: 'k_1_n_-1',
      why: 'Equality, sort, range: the equality on k first, then the sort on n.',
    });
    await viewText(panel, '{"k":1,"n":-1} k_1_n_-1.');
  });
});
