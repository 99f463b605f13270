import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { childLabels, childrenOf, labelOf, nodeAt } from '../explorer/explorerFixtures';
import { PlaygroundFolder } from '../support/playgrounds';
import { readTestConfig } from '../support/test-config';
import { waitFor } from '../support/waitFor';
import { shownInFront } from '../support/editors';

const db = 'shop';
const col = `knowledge_${process.pid}`;
const accountLabel = 'Knowledge tests';
const DOCUMENT_COUNT = 120;

/** Resolves once `check` gives a value, looking again whenever `event` fires. */
function until<T>(event: vscode.Event<unknown>, check: () => T | undefined): Promise<T> {
  return waitFor(check, { event });
}

const labelText = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);

describe('Playgrounds that know the data: schema, completion, hovers', function () {
  this.timeout(60_000);
  let accountId: string;
  let client: DbHostApi;
  let playgrounds: PlaygroundFolder;
  const playground = (name: string, text: string) => playgrounds.open(name, text);

  async function completionsAt(document: vscode.TextDocument, marker: string): Promise<vscode.CompletionItem[]> {
    const offset = document.getText().indexOf(marker);
    assert.ok(offset >= 0, `${marker} is not in the playground`);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      document.positionAt(offset + 1),
    );
    return list.items;
  }

  before(async () => {
    await activateExtension();
    ({ accountId, client } = await addAccount(accountLabel, readTestConfig().services.demo));
    await client.createCollection(db, col);
    for (let n = 1; n <= DOCUMENT_COUNT; n++) {
      // price is a string in 2 of 120 documents; only every other document has an address.
      const document = {
        _id: `k-${n}`,
        price: n % 60 === 0 ? `${n}.00` : n,
        ...(n % 2 === 0 ? { address: { city: 'Oslo' } } : {}),
        items: [{ sku: `s${n}`, qty: n }],
      };
      await client.createDocument(db, col, document, { safe: true });
    }
    playgrounds = PlaygroundFolder.create('knowledge');
  });

  after(async () => {
    if (client) await client.deleteCollection(db, col).catch(() => undefined);
    if (accountId) await removeAccount(accountId);
    playgrounds?.remove();
  });

  it('shows the sampled schema under the collection: field paths with types and how often they appear', async () => {
    const schema = await nodeAt(accountId, 'Databases', db, col, 'Schema');
    assert.equal(schema.treeItem().contextValue, 'dbhost.schema');
    const fields = await childrenOf(schema);
    const described = Object.fromEntries(fields.map((node) => [labelOf(node.treeItem()), String(node.treeItem().description)]));
    assert.deepEqual(Object.keys(described), ['_id', 'price', 'items', 'items.sku', 'items.qty', 'address', 'address.city']);
    assert.equal(described.price, 'number 98% · string 2%');
    assert.equal(described['items'], 'array 100% (of object 100%)');
    assert.match(
      String(fields.find((node) => labelOf(node.treeItem()) === 'address.city')?.treeItem().tooltip),
      /in 50% of 120 sampled documents/,
    );
    assert.match(String(schema.treeItem().description), /^120 sampled · just now$/);
  });

  it('opens the schema as a read-only report and samples again on refresh', async () => {
    await vscode.commands.executeCommand('dbhost.showSchema', { accountId, db, col });
    const report = shownInFront('Show Schema', 'dbhost-schema');
    assert.match(report.getText(), new RegExp(`^Schema of ${db}\\.${col} · account "${accountLabel}"\\nSampled 120 of 120 documents at `));
    assert.match(report.getText(), /^price +number 98% · string 2% +present 100%$/m);
    await client.createDocument(db, col, { _id: 'k-new', rating: 5 }, { safe: true });
    await vscode.commands.executeCommand('dbhost.refreshSchema', { accountId, db, col });
    await until(vscode.workspace.onDidChangeTextDocument, () =>
      /^rating +number 100% +present <1%$/m.test(report.getText()) ? true : undefined,
    );
    assert.match(report.getText(), /Sampled 121 of 121 documents/);
    assert.deepEqual((await childLabels(await nodeAt(accountId, 'Databases', db, col, 'Schema'))).at(-1), 'rating');
  });

  it('completes sampled field paths and operators at the cursor, with their types and documentation', async () => {
    const document = await playground(
      'complete.query.json',
      `{"account": "${accountLabel}", "database": "${db}", "collection": "${col}",\n "q": {"@": 1, "price": {"#": 1}},\n "sort": {"%": 1}}`,
    );
    const keys = await completionsAt(document, '"@"');
    const price = keys.find((item) => labelText(item) === 'price');
    assert.ok(price, `no price among ${keys.map(labelText).join(', ')}`);
    assert.equal(price.detail, 'number 98% · string 2%');
    assert.equal(price.kind, vscode.CompletionItemKind.Field);
    assert.ok(keys.some((item) => labelText(item) === 'items.sku'));
    assert.ok(keys.some((item) => labelText(item) === '$or'));

    const operators = await completionsAt(document, '"#"');
    const gt = operators.find((item) => labelText(item) === '$gt');
    assert.equal(gt?.detail, 'Greater than the value');
    assert.ok(!operators.some((item) => item.kind === vscode.CompletionItemKind.Field));

    const sortKeys = (await completionsAt(document, '"%"')).map(labelText);
    assert.ok(sortKeys.includes('address.city') && sortKeys.includes('_id'));
  });

  it('completes the collections of the database as the value of "collection"', async () => {
    const document = await playground('names.query.json', `{"account": "${accountLabel}", "database": "${db}", "collection": "&"}`);
    const names = (await completionsAt(document, '"&"')).filter((item) => item.kind === vscode.CompletionItemKind.Class).map(labelText);
    assert.ok(names.includes(col), `${col} not among ${names.join(', ')}`);
  });

  it('shows the type distribution on hover, and marks a field never sampled as information only', async () => {
    const document = await playground(
      'check.query.json',
      `{"account": "${accountLabel}", "database": "${db}", "collection": "${col}", "q": {"price": {"$gt": 1}, "pirce": 2}}`,
    );
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      document.uri,
      document.positionAt(document.getText().indexOf('"price"') + 2),
    );
    const text = hovers
      .flatMap((hover) => hover.contents.map((content) => (typeof content === 'string' ? content : content.value)))
      .join('\n')
      .replace(/\\(.)/g, '$1');
    assert.match(text, /number 98% · string 2%, in >99% of 121 sampled documents/);

    const diagnostics = await until(vscode.languages.onDidChangeDiagnostics, () => {
      const found = vscode.languages.getDiagnostics(document.uri).filter((diagnostic) => diagnostic.message.includes('pirce'));
      return found.length > 0 ? found : undefined;
    });
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0]?.severity, vscode.DiagnosticSeverity.Information);
    assert.match(diagnostics[0]?.message ?? '', /^"pirce" was not seen in 121 sampled documents/);
    assert.equal(document.getText(diagnostics[0]?.range), '"pirce"');
    assert.ok(!vscode.languages.getDiagnostics(document.uri).some((diagnostic) => diagnostic.message.includes('"price"')));
  });
});
