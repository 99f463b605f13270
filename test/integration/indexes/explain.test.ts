import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { TestApi } from '../../../src/extension/extension';
import type { CreatedAndExplained } from '../../../src/extension/indexes/createSuggestedIndex';
import type { ExplainOutcome } from '../../../src/extension/indexes/explainQuery';
import { FaultProxy } from '../../support/faultProxy';
import { childrenOf, labelOf, nodeAt } from '../explorer/explorerFixtures';
import { activateExtension, addAccount } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import { PlaygroundFolder, lensesOf, runLens } from '../support/playgrounds';
import { readTestConfig } from '../support/test-config';
import { waitFor } from '../support/waitFor';
import { explainLensOf, playgroundText, seedItems, viewLens, viewText } from './explainFixtures';
import type { ChildService } from '../../support/testService';
import { startServiceInChild } from '../../support/testService';
import { installedServiceScript } from '../support/product';

// Needs a service that explains (contract 1) and counts index use (contract 2): the planner's local service.
const db = 'explaintests';
const DOCUMENTS = 200;

describe('Explain: from a slow playground query to the index that serves it', function () {
  this.timeout(120_000);
  const label = 'Explain tests';
  let testing: TestApi;
  let accountId: string;
  let client: DbHostApi;
  let playgrounds: PlaygroundFolder;
  let prompts: FakePrompts;

  async function explainPlayground(name: string, query: Record<string, unknown>): Promise<ExplainOutcome> {
    const document = await playgrounds.open(name, playgroundText(label, db, 'items', query));
    const outcome = await runLens<ExplainOutcome | undefined>(await explainLensOf(document.uri));
    assert.deepEqual(prompts.errors, []);
    assert.ok(outcome, 'the explain opened no view');
    return outcome;
  }

  before(async () => {
    ({ testing } = await activateExtension());
    ({ accountId, client } = await addAccount(testing, label, readTestConfig().services.empty));
    await client.createDatabase(db, 'sandbox');
    await seedItems(testing, client, accountId, db, 'items', DOCUMENTS);
    playgrounds = PlaygroundFolder.create('explain');
  });

  beforeEach(() => {
    prompts = new FakePrompts();
    testing.setPrompts(prompts);
  });

  after(async () => {
    if (client) await client.deleteDatabase(db).catch(() => undefined);
    if (accountId) await testing.services.accounts.remove(accountId);
    playgrounds?.remove();
  });

  it('explains a playground query that scans the collection, in words first, and suggests k_1', async () => {
    const outcome = await explainPlayground('scan.query.json', { q: { k: 7 }, limit: 20 });
    assert.equal(outcome.answer.plan.stage, 'COLLSCAN');
    assert.deepEqual(outcome.suggestion, {
      kind: 'create',
      spec: { k: 1 },
      name: 'k_1',
      why: 'Equality, sort, range: the equality on k first.',
    });
    const text = await viewText(outcome.uri, '## Numbers');
    assert.match(
      text,
      /^# Explain: explaintests\.items\n\n\*\*Scanned all [\d,]+ documents to return 20 \(no index serves this query\)\.\*\*/,
    );
    assert.ok(text.indexOf('## Suggested index') < text.indexOf('## Numbers'));
    assert.ok(text.indexOf('## Numbers') < text.indexOf('## As the service sent it'));
    assert.ok(
      vscode.window.visibleTextEditors.some((editor) => editor.document.uri.toString() === outcome.uri),
      'the view is shown',
    );
    await viewLens(outcome.uri, 'Create Index k_1 and Explain Again');
  });

  it('creates the suggested index from the view, waits for its build, and the same query then uses it', async () => {
    const outcome = await explainPlayground('create.query.json', { q: { k: 7 }, limit: 20 });
    const created = await runLens<CreatedAndExplained | undefined>(await viewLens(outcome.uri, 'Create Index k_1 and Explain Again'));
    assert.deepEqual(prompts.errors, []);
    assert.ok(created?.built, 'the build was waited for');
    assert.equal(created.after?.plan.stage, 'IXSCAN');
    assert.equal(created.after?.plan.index, 'k_1');
    const index = await client.getIndex(db, 'items', 'k_1');
    assert.deepEqual(index.key, { k: 1 });
    assert.equal(index.building, undefined, 'built');
    const text = await viewText(outcome.uri, 'Before → after');
    assert.match(text, /\*\*Before → after:\*\* was: scanned [\d,]+; now: used index k_1, examined [\d,]+ keys/);
    assert.match(text, /\*\*Used index k_1: examined [\d,]+ keys? and [\d,]+ documents? to return 20\.\*\*/);
    assert.match(text, /None: The index k_1 already serves this query's shape\./);
    assert.ok(
      prompts.infos.some((message) => /^Created the index k_1 on explaintests\.items\. Was: scanned/.test(message)),
      prompts.infos.join(' | '),
    );
    const again = await explainPlayground('again.query.json', { q: { k: 7 }, limit: 20 });
    assert.equal(again.answer.plan.index, 'k_1');
    assert.equal(again.suggestion.kind, 'none');
    assert.ok(!(await lensesOf(vscode.Uri.parse(again.uri))).some((lens) => lens.command?.title.includes('Create Index')));
  });

  it('shows in the tree how often each index served a query, and marks an unused one', async () => {
    await client.createIndex(db, 'items', { spec: { n: -1 }, background: true });
    await waitFor(async () => (await client.getIndex(db, 'items', 'n_-1')).building !== true, { what: 'the n_-1 build to end' });
    await client.listDocuments(db, 'items', { q: { k: 3 }, limit: 5 });
    testing.services.changes.fire({ accountId, db, col: 'items' }, 'indexes');
    const descriptions = await waitFor(async () => {
      const found = await indexDescriptions(testing, accountId, 'items');
      return /served [\d,]+ quer(y|ies) since/.test(found.get('k_1') ?? '') && found;
    });
    assert.match(descriptions.get('n_-1') ?? '', /unused since/);
  });

  it('explains a query any caller gives (as a collection view or a slow query does): equality, then the sort', async () => {
    const outcome = await vscode.commands.executeCommand<ExplainOutcome>('dbhost.explainQuery', {
      accountId,
      db,
      col: 'items',
      query: { q: { k: 2 }, sort: { n: -1 }, limit: 20 },
    });
    assert.deepEqual(prompts.errors, []);
    assert.equal(outcome.answer.plan.stage, 'IXSCAN');
    assert.equal(outcome.suggestion.kind, 'create');
    if (outcome.suggestion.kind === 'create') assert.equal(outcome.suggestion.name, 'k_1_n_-1');
  });
});

async function indexDescriptions(testing: TestApi, accountId: string, col: string): Promise<Map<string, string>> {
  type Node = Parameters<TestApi['explorer']['getChildren']>[0];
  const explorer = testing.explorer;
  const child = async (parent: Node, test: (node: NonNullable<Node>) => boolean) => {
    const found = (await explorer.getChildren(parent)).find(test);
    assert.ok(found, `nothing under ${parent?.id ?? 'the root'}`);
    return found;
  };
  const contextOf = (node: NonNullable<Node>) => node.treeItem().contextValue;
  const account = await child(undefined, (node) => node.target?.accountId === accountId && contextOf(node) === 'dbhost.account');
  const databases = await child(account, (node) => contextOf(node) === 'dbhost.databases');
  const database = await child(databases, (node) => node.target?.db === db && contextOf(node) === 'dbhost.database');
  const collection = await child(database, (node) => node.target?.col === col && contextOf(node) === 'dbhost.collection');
  const indexes = await child(collection, (node) => contextOf(node) === 'dbhost.indexes');
  const items = (await explorer.getChildren(indexes)).map((node) => node.treeItem());
  return new Map(items.map((item) => [String(item.label), String(item.description ?? '')]));
}

describe('Explain under guardrails: the suggestion is offered, the account decides', function () {
  this.timeout(120_000);
  const label = 'Explain production';
  let testing: TestApi;
  let accountId: string;
  let client: DbHostApi;
  let proxy: FaultProxy;
  let playgrounds: PlaygroundFolder;

  async function explainScan(name: string): Promise<ExplainOutcome> {
    const document = await playgrounds.open(name, playgroundText(label, 'explainguard', 'items', { q: { k: 4 }, limit: 20 }));
    const outcome = await runLens<ExplainOutcome | undefined>(await explainLensOf(document.uri));
    assert.ok(outcome, 'the explain opened no view');
    return outcome;
  }

  before(async () => {
    ({ testing } = await activateExtension());
    const { empty } = readTestConfig().services;
    proxy = await FaultProxy.start(empty.url);
    ({ accountId, client } = await addAccount(testing, label, { url: proxy.url, apiKey: empty.apiKey }));
    await client.createDatabase('explainguard', 'sandbox');
    await seedItems(testing, client, accountId, 'explainguard', 'items', 50);
    playgrounds = PlaygroundFolder.create('explain-guard');
  });

  after(async () => {
    if (accountId) await testing.services.accounts.update(accountId, { mode: 'normal' });
    if (client) await (await testing.services.accounts.clientFor(accountId)).deleteDatabase('explainguard').catch(() => undefined);
    if (accountId) await testing.services.accounts.remove(accountId);
    await proxy?.close();
    playgrounds?.remove();
  });

  it('a Read-only account is offered the suggestion, but creating it is refused with its message and nothing is sent', async () => {
    await testing.services.accounts.update(accountId, { mode: 'readOnly', tag: 'production' });
    const prompts = new FakePrompts();
    testing.setPrompts(prompts);
    const outcome = await explainScan('readonly.query.json');
    assert.equal(outcome.suggestion.kind, 'create');
    const lens = await viewLens(outcome.uri, 'Create Index k_1 and Explain Again');
    proxy.reset();
    const created = await runLens<CreatedAndExplained | undefined>(lens);
    assert.equal(created, undefined);
    assert.equal(prompts.errors.length, 1, prompts.errors.join(' | '));
    assert.match(prompts.errors[0], /Explain production/);
    assert.match(prompts.errors[0], /Read-only/);
    assert.deepEqual(
      proxy.requests.filter((request) => request.method !== 'GET'),
      [],
      'no write reached the service',
    );
    assert.ok(!(await client.listIndexes('explainguard', 'items')).some((index) => index.name === 'k_1'));
    assert.match(await viewText(outcome.uri, 'It cannot be created from here'), /It cannot be created from here: .*Read-only/);
  });

  it('Confirm writes asks before creating it, and Cancel sends nothing', async () => {
    await testing.services.accounts.update(accountId, { mode: 'confirm', tag: 'production' });
    const prompts = new FakePrompts([{ confirm: false }]);
    testing.setPrompts(prompts);
    const outcome = await explainScan('confirm.query.json');
    proxy.reset();
    const created = await runLens<CreatedAndExplained | undefined>(await viewLens(outcome.uri, 'Create Index k_1 and Explain Again'));
    assert.equal(created, undefined);
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
  let testing: TestApi;
  let service: ChildService;
  let accountId: string;

  before(async () => {
    ({ testing } = await activateExtension());
    service = await startServiceInChild({ script: installedServiceScript(), empty: true, slowQueryMs: 0 });
    accountId = (await testing.services.accounts.add({ label: 'Slow explain', baseUrl: service.url, apiKey: service.apiKey })).id;
    const client = await testing.services.accounts.clientFor(accountId);
    await client.createDatabase('slowexplain', 'sandbox');
    await seedItems(testing, client, accountId, 'slowexplain', 'items', 30);
    await client.listDocuments('slowexplain', 'items', { q: { k: 3 }, sort: { n: -1 } });
  });

  after(async () => {
    if (accountId) await testing.services.accounts.remove(accountId);
    await service?.stop();
  });

  it('offers Explain on a slow query of a service that explains, and explains its filter and order', async () => {
    const slowQueries = await nodeAt(testing, accountId, 'Databases', 'slowexplain', 'Slow Queries');
    await testing.explorer.refresh(slowQueries);
    const entry = await waitFor(async () =>
      (await childrenOf(testing, slowQueries)).find(
        (node) =>
          node.treeItem().contextValue === 'dbhost.slowQuery.query.explainable' &&
          /^query slowexplain\.items$/.test(labelOf(node.treeItem())),
      ),
    );
    const prompts = new FakePrompts();
    testing.setPrompts(prompts);
    const outcome = await vscode.commands.executeCommand<ExplainOutcome>('dbhost.explainSlowQuery', entry);
    assert.deepEqual(prompts.errors, []);
    assert.ok(outcome, 'no explain view');
    assert.deepEqual(outcome.suggestion, {
      kind: 'create',
      spec: { k: 1, n: -1 },
      name: 'k_1_n_-1',
      why: 'Equality, sort, range: the equality on k first, then the sort on n.',
    });
    await viewText(outcome.uri, '## Suggested index');
  });
});
