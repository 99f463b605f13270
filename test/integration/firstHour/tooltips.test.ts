import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { ExplorerNode } from '../../../src/extension/kit/tree/explorerNode';
import { childrenOf, nodeAt } from '../explorer/explorerFixtures';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { readTestConfig } from '../support/test-config';

function tooltipOf(node: ExplorerNode): string {
  const tooltip = node.treeItem().tooltip as vscode.MarkdownString | undefined;
  assert.ok(tooltip && typeof tooltip.value === 'string', `${node.id} has no Markdown tooltip`);
  // As the hover renders it: Markdown escapes dropped.
  return tooltip.value.replace(/\\(.)/g, '$1');
}

/** Raw JSON shows as quoted keys or braces around a record; an index key is written as the JSON it is. */
function assertNotRawJson(text: string): void {
  const prose = text.replace(/^Key: .*$/m, '');
  assert.doesNotMatch(prose, /"\w+":|^\s*[{[]|```/m, `the tooltip is raw JSON:\n${text}`);
}

describe('First hour: tooltips are readable Markdown, not raw JSON', function () {
  this.timeout(60_000);
  let accountId: string;
  let client: DbHostApi;

  before(async () => {
    await activateExtension();
    ({ accountId, client } = await addAccount('Tooltip tests', readTestConfig().services.demo));
  });

  after(async () => {
    if (accountId) await removeAccount(accountId);
  });

  it('a deployment names its plan, members and databases', async () => {
    const [record] = await client.listDeployments();
    const text = tooltipOf(await nodeAt(accountId, 'Deployments', record.name));
    assertNotRawJson(text);
    assert.ok(text.startsWith('**'), text);
    assert.match(text, new RegExp(`Plan: ${String(record.plan)}`));
    assert.match(text, /Members: \S/);
    assert.match(text, /Databases: \S/);
  });

  it('a database, a collection and an index say their plan, document count and key', async () => {
    const [database] = await client.listDatabases();
    const [collection] = await client.listCollections(database.name);
    const databaseText = tooltipOf(await nodeAt(accountId, 'Databases', database.name));
    assertNotRawJson(databaseText);
    assert.match(databaseText, new RegExp(`Plan: ${String(database.plan)}`));
    const collectionNode = await nodeAt(accountId, 'Databases', database.name, collection.name);
    const collectionText = tooltipOf(collectionNode);
    assertNotRawJson(collectionText);
    assert.match(collectionText, new RegExp(`Documents: ${Number(collection.count).toLocaleString('en-US')}`));
    const [builtin] = await childrenOf(await nodeAt(accountId, 'Databases', database.name, collection.name, 'Indexes'));
    const indexText = tooltipOf(builtin);
    assertNotRawJson(indexText);
    assert.match(indexText, /Key: \{"_id": 1\}/);
  });

  it('an invoice says its amount and whether it is paid; a plan its price', async () => {
    const invoices = await childrenOf(await nodeAt(accountId, 'Invoices'));
    assert.ok(invoices.length > 0, 'the demo data has no invoices');
    const invoiceText = tooltipOf(invoices[0]);
    assertNotRawJson(invoiceText);
    assert.match(invoiceText, /Amount: \$\d+\.\d\d/);
    assert.match(invoiceText, /Status: (paid|unpaid)/);
    const plans = await childrenOf(await nodeAt(accountId, 'Plans'));
    const planText = tooltipOf(plans[0]);
    assertNotRawJson(planText);
    assert.match(planText, /Price: (free|\$\d+)/);
  });
});
