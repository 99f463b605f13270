import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { FakePrompts } from '../support/fakePrompts';
import { readTestConfig } from '../support/test-config';
import { answerPrompts } from '../support/windowPrompts';

const db = 'indexjsontests';
const col = 'items';

/** Resolves when the diagnostics of `uri` satisfy `test`; rejects after `timeoutMs` saying what it waited for. */
function diagnosticsOf(
  uri: vscode.Uri,
  test: (diagnostics: readonly vscode.Diagnostic[]) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<readonly vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const diagnostics = vscode.languages.getDiagnostics(uri);
      if (!test(diagnostics)) return false;
      subscription.dispose();
      clearTimeout(timer);
      resolve(diagnostics);
      return true;
    };
    const subscription = vscode.languages.onDidChangeDiagnostics((event) => {
      if (event.uris.some((changed) => changed.toString() === uri.toString())) check();
    });
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(
        new Error(
          `Timed out waiting for ${what}; diagnostics: ${JSON.stringify(vscode.languages.getDiagnostics(uri).map((d) => d.message))}`,
        ),
      );
    }, timeoutMs);
    check();
  });
}

async function replaceText(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

describe('Indexes: Edit Index as JSON…', function () {
  this.timeout(60_000);
  let accountId: string;
  let client: DbHostApi;

  before(async () => {
    await activateExtension();
    ({ accountId, client } = await addAccount('Index JSON tests', readTestConfig().services.empty));
    await client.createDatabase(db, 'sandbox');
    await client.createCollection(db, col);
    await client.createDocument(db, col, { title: 'pen', stock: { qty: 5 } } as never, { safe: true });
  });

  after(async () => {
    if (client) await client.deleteDatabase(db).catch(() => undefined);
    if (accountId) await removeAccount(accountId);
  });

  it('opens the index body, validated by the index schema, and creates it from its CodeLens', async () => {
    const prompts = new FakePrompts([]);
    answerPrompts(prompts);
    await vscode.commands.executeCommand('dbhost.editIndexAsJson', { accountId, db, col });
    const document = vscode.window.activeTextEditor?.document;
    assert.ok(document && document.uri.path.endsWith('.dbhost-index.json'), `Edit Index as JSON opened ${document?.uri.toString()}`);
    const { uri } = document;
    assert.equal(document.languageId, 'json');
    assert.deepEqual(JSON.parse(document.getText()), { spec: { title: 1 }, unique: false, drop_dups: false, background: true });

    await replaceText(document, '{ "spec": { "stock.qty": "up" }, "uniqe": true }\n');
    const problems = await diagnosticsOf(uri, (d) => d.length >= 2, 'the schema to flag a wrong direction and an unknown member');
    assert.ok(
      problems.some((p) => /uniqe/.test(p.message) || /not allowed/i.test(p.message)),
      problems.map((p) => p.message).join('; '),
    );

    // Nothing is sent while the body is wrong: the command says why instead.
    await vscode.commands.executeCommand('dbhost.createIndexFromJson', uri);
    assert.equal(prompts.errors.length, 1);
    assert.match(prompts.errors[0], /uniqe|stock\.qty/);
    assert.ok(!(await client.listIndexes(db, col)).some((index) => index.name.startsWith('stock.qty')));

    await replaceText(document, '{ "spec": { "stock.qty": -1 }, "unique": false, "background": false }\n');
    await diagnosticsOf(uri, (d) => d.length === 0, 'the corrected body to validate');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const create = lenses.find((lens) => lens.command?.command === 'dbhost.createIndexFromJson');
    assert.ok(create?.command, 'no "Create index" CodeLens on the body');
    assert.match(create.command.title, new RegExp(`Create index on ${db}\\.${col}`));
    await vscode.commands.executeCommand(create.command.command, ...(create.command.arguments ?? []));
    assert.deepEqual(prompts.errors.slice(1), []);
    const index = (await client.listIndexes(db, col)).find((candidate) => candidate.name === 'stock.qty_-1');
    assert.ok(index, 'the index from the JSON body was not created');
    assert.equal(index.background, false);
  });

  it('hands the wizard’s choices over to the JSON body on "Edit as JSON…"', async () => {
    const prompts = new FakePrompts([
      { pick: 'title' },
      { pick: 'Descending' },
      { pick: 'Done' },
      { pick: 'Unique' },
      { pick: 'Edit as JSON…' },
    ]);
    answerPrompts(prompts);
    await vscode.commands.executeCommand('dbhost.createIndex', { accountId, db, col });
    assert.deepEqual(prompts.errors, []);
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor && editor.document.uri.path.endsWith('.dbhost-index.json'), `the active editor is ${editor?.document.uri.toString()}`);
    assert.deepEqual(JSON.parse(editor.document.getText()), { spec: { title: -1 }, unique: true, drop_dups: false, background: true });
    assert.ok(!(await client.listIndexes(db, col)).some((index) => index.name === 'title_-1'), 'Edit as JSON must not create the index');
  });
});
