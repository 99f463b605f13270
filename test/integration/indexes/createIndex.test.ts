import * as assert from 'node:assert/strict';
import type { DbHostApi, IndexRecord } from '../../../src/core/api/types';
import type { ResourceTarget } from '../../../src/extension/base/resourceTarget';
import type { ExplorerNode } from '../../../src/extension/kit/tree/explorerNode';
import { childrenOf, isListOf, nodeAt, recordTreeRedraws, refreshNode } from '../explorer/explorerFixtures';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { readTestConfig } from '../support/test-config';
import { waitFor } from '../support/waitFor';

const db = 'indextests';

function indexNamed(indexes: IndexRecord[], name: string): IndexRecord {
  const index = indexes.find((candidate) => candidate.name === name);
  assert.ok(index, `no index ${name} among ${indexes.map((i) => i.name).join(', ')}`);
  return index;
}

/** The index names the DB Host tree shows under a collection's Indexes node, walked as the view walks it. */
async function indexNamesInTree(target: ResourceTarget): Promise<string[]> {
  type Node = ExplorerNode | undefined;
  const child = async (parent: Node, what: string, test: (node: NonNullable<Node>) => boolean): Promise<NonNullable<Node>> => {
    const children = await childrenOf(parent);
    const found = children.find(test);
    assert.ok(found, `the tree has no ${what} under ${parent?.id ?? 'the root'}: ${children.map((c) => c.id).join(', ')}`);
    return found;
  };
  const contextOf = (node: NonNullable<Node>) => node.treeItem().contextValue;
  const account = await child(
    undefined,
    'account',
    (node) => node.target?.accountId === target.accountId && contextOf(node) === 'dbhost.account',
  );
  const databases = await child(account, 'Databases', (node) => contextOf(node) === 'dbhost.databases');
  const database = await child(
    databases,
    target.db ?? '',
    (node) => node.target?.db === target.db && contextOf(node) === 'dbhost.database',
  );
  const collection = await child(
    database,
    target.col ?? '',
    (node) => node.target?.col === target.col && contextOf(node) === 'dbhost.collection',
  );
  const indexes = await child(collection, 'Indexes', (node) => contextOf(node) === 'dbhost.indexes');
  return (await childrenOf(indexes)).map((node) => node.target?.index).filter((name): name is string => name !== undefined);
}

describe('Indexes: Create Index… and Edit Index as JSON…', function () {
  this.timeout(60_000);
  let accountId: string;
  let client: DbHostApi;
  let redraws: ReturnType<typeof recordTreeRedraws> | undefined;
  const redrawn = () => redraws?.redrawn ?? [];

  async function freshCollection(col: string, documents: Record<string, unknown>[]): Promise<ResourceTarget> {
    await client.createCollection(db, col);
    for (const document of documents) await client.createDocument(db, col, document as never, { safe: true });
    // Made behind the extension's back: load the database's collections again, as its Refresh button does.
    await refreshNode(await nodeAt(accountId, 'Databases', db));
    return { accountId, db, col };
  }

  before(async () => {
    await activateExtension();
    ({ accountId, client } = await addAccount('Index tests', readTestConfig().services.empty));
    await client.createDatabase(db, 'sandbox');
    redraws = recordTreeRedraws();
  });

  after(async () => {
    redraws?.dispose();
    if (client) await client.deleteDatabase(db).catch(() => undefined);
    if (accountId) await removeAccount(accountId);
  });

  it('creates a single-field index from a field suggested by a sample of the documents, built in the background by default', async () => {
    const target = await freshCollection('people', [
      { name: 'Ada', age: 36, address: { city: 'London' } },
      { name: 'Grace', age: 45, address: { city: 'Arlington' } },
    ]);
    assert.deepEqual(await indexNamesInTree(target), ['_id_']);
    redrawn().splice(0);
    const { prompts } = await runScripted(
      [{ pick: 'name' }, { pick: 'Ascending' }, { pick: 'Done' }, { pick: 'Create Index' }],
      'dbhost.createIndex',
      target,
    );
    assert.deepEqual(prompts.errors, []);
    assert.equal(prompts.unanswered, 0);
    const fieldPick = prompts.questions[0];
    assert.ok(fieldPick.items?.includes('address.city'), `dotted leaf paths are suggested: ${fieldPick.items?.join(', ')}`);
    assert.deepEqual(prompts.infos, [`Created the index name_1 on ${db}.people.`]);
    const index = indexNamed(await client.listIndexes(db, 'people'), 'name_1');
    assert.deepEqual(index.key, { name: 1 });
    assert.equal(index.background, true);
    assert.notEqual(index.unique, true);
    assert.ok(
      redrawn().some((node) => isListOf(node, 'indexes', db, 'people')),
      'the tree was not told the indexes changed',
    );
    assert.ok(prompts.infos.some((message) => message.includes('name_1')));
    assert.deepEqual(await indexNamesInTree(target), ['_id_', 'name_1'], 'the tree does not show the new index');
  });

  it('creates a compound index over a typed dotted path and a suggested field, in the chosen directions', async () => {
    const { prompts } = await runScripted(
      [
        { pick: 'Type a field path…' },
        { input: 'address.city' },
        { pick: 'Descending' },
        { pick: 'age' },
        { pick: 'Ascending' },
        { pick: 'Done' },
        { pick: 'Create Index' },
      ],
      'dbhost.createIndex',
      { accountId, db, col: 'people' },
    );
    assert.deepEqual(prompts.errors, []);
    const index = indexNamed(await client.listIndexes(db, 'people'), 'address.city_-1_age_1');
    assert.deepEqual(Object.entries(index.key ?? {}), [
      ['address.city', -1],
      ['age', 1],
    ]);
  });

  it('creates a unique index', async () => {
    const target = await freshCollection('accounts', [{ email: 'ada@example.net' }, { email: 'grace@example.net' }]);
    const { prompts } = await runScripted(
      [{ pick: 'email' }, { pick: 'Ascending' }, { pick: 'Done' }, { pick: 'Unique' }, { pick: 'Create Index' }],
      'dbhost.createIndex',
      target,
    );
    assert.deepEqual(prompts.errors, []);
    assert.equal(indexNamed(await client.listIndexes(db, 'accounts'), 'email_1').unique, true);
    assert.ok((await indexNamesInTree(target)).includes('email_1'));
  });

  it('creates a geo index with its min and max', async () => {
    const target = await freshCollection('places', [
      { label: 'a', loc: [1, 2] },
      { label: 'b', loc: [-3, 4] },
    ]);
    const { prompts } = await runScripted(
      [
        { pick: 'loc' },
        { pick: 'Geo, flat' },
        { pick: 'Done' },
        { pick: 'Minimum (min)' },
        { input: '-90' },
        { pick: 'Maximum (max)' },
        { input: '90' },
        { pick: 'Create Index' },
      ],
      'dbhost.createIndex',
      target,
    );
    assert.deepEqual(prompts.errors, []);
    const index = indexNamed(await client.listIndexes(db, 'places'), 'loc_2d');
    assert.deepEqual(index.key, { loc: '2d' });
    assert.equal(index.min, -90);
    assert.equal(index.max, 90);
    assert.ok((await indexNamesInTree(target)).includes('loc_2d'));
  });

  it('shows the service’s message when a unique index meets duplicates without drop_dups, and deletes nothing', async () => {
    const target = await freshCollection('dupsRefused', [{ sku: 'a' }, { sku: 'a' }]);
    const { prompts } = await runScripted(
      [{ pick: 'sku' }, { pick: 'Ascending' }, { pick: 'Done' }, { pick: 'Unique' }, { pick: 'Create Index' }],
      'dbhost.createIndex',
      target,
    );
    assert.deepEqual(prompts.infos, [], 'a notice said the index was created');
    assert.equal(prompts.errors.length, 1);
    assert.match(prompts.errors[0], /sku_1/);
    assert.match(prompts.errors[0], /duplicate key/);
    assert.ok(!(await client.listIndexes(db, 'dupsRefused')).some((index) => index.name === 'sku_1'));
    assert.equal((await client.listDocuments(db, 'dupsRefused', { limit: 10 })).documents.length, 2);
  });

  it('with drop_dups warns how many documents it deletes, then deletes exactly the later duplicates', async () => {
    const skus = ['a', 'b', 'a', 'c', 'b', 'a'];
    const target = await freshCollection(
      'dropDups',
      skus.map((sku, n) => ({ _id: `doc${n}`, sku })),
    );
    const documentsInTree = await nodeAt(accountId, 'Databases', db, 'dropDups', 'Documents');
    assert.equal((await childrenOf(documentsInTree)).length, skus.length);
    redrawn().splice(0);
    const { prompts } = await runScripted(
      [
        { pick: 'sku' },
        { pick: 'Ascending' },
        { pick: 'Done' },
        { pick: 'Unique' },
        { pick: /^Drop duplicates/ },
        { pick: 'Create Index' },
        { confirm: true },
      ],
      'dbhost.createIndex',
      target,
    );
    assert.deepEqual(prompts.errors, []);
    const warning = prompts.questions.find((question) => question.kind === 'confirm');
    assert.ok(warning?.detail, 'no modal warning before drop_dups');
    assert.match(warning.detail, /deletes every later document that duplicates an earlier one/);
    assert.match(warning.detail, /3 of 6 documents would be deleted/);
    const left = (await client.listDocuments(db, 'dropDups', { sort: { _id: 1 }, limit: 10 })).documents.map((document) => document._id);
    assert.deepEqual(left, ['doc0', 'doc1', 'doc3']);
    assert.equal(indexNamed(await client.listIndexes(db, 'dropDups'), 'sku_1').unique, true);
    assert.ok(
      redrawn().some((node) => isListOf(node, 'documents', db, 'dropDups')),
      'the tree was not told documents were deleted',
    );
    const shownIds = async () => (await childrenOf(documentsInTree)).map((node) => JSON.stringify(node.target?.docId)).sort();
    let shown: string[] = [];
    // The view may be loading the list again as the test asks for it (it asks the same provider): look until it settles.
    await waitFor(async () => (shown = await shownIds()).length === 3, {
      what: 'the tree listing the documents left',
      describeState: () => `it lists ${shown.join(', ')}`,
      limitMs: 20_000,
    });
    assert.deepEqual(shown, ['"doc0"', '"doc1"', '"doc3"'], 'the tree shows other documents than those left');
  });

  it('sends nothing when the drop_dups warning is declined', async () => {
    const target = await freshCollection('dropDeclined', [{ sku: 'x' }, { sku: 'x' }]);
    const { prompts } = await runScripted(
      [
        { pick: 'sku' },
        { pick: 'Ascending' },
        { pick: 'Done' },
        { pick: 'Unique' },
        { pick: /^Drop duplicates/ },
        { pick: 'Create Index' },
        { confirm: false },
      ],
      'dbhost.createIndex',
      target,
    );
    assert.deepEqual(prompts.errors, []);
    assert.equal((await client.listDocuments(db, 'dropDeclined', { limit: 10 })).documents.length, 2);
    assert.ok(!(await client.listIndexes(db, 'dropDeclined')).some((index) => index.name === 'sku_1'));
  });

  it('asks for the account’s database and collection when run from the palette', async () => {
    await freshCollection('fromPalette', [{ code: 1 }]);
    const { prompts } = await runScripted(
      [{ pick: db }, { pick: 'fromPalette' }, { pick: 'code' }, { pick: 'Descending' }, { pick: 'Done' }, { pick: 'Create Index' }],
      'dbhost.createIndex',
      { accountId },
    );
    assert.deepEqual(prompts.errors, []);
    indexNamed(await client.listIndexes(db, 'fromPalette'), 'code_-1');
  });
});
