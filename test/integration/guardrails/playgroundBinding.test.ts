import * as assert from 'node:assert/strict';
import { addAccount, removeAccount, setGuardrails } from '../support/accounts';
import * as vscode from 'vscode';
import { RecordingProxy } from '../support/recordingProxy';
import { activateExtension } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import { PlaygroundFolder, documentsShown, headerOf, lensesOf, resultsBeside } from '../support/playgrounds';
import { productState } from '../support/productStorage';
import { readTestConfig } from '../support/test-config';
import { waitFor } from '../support/waitFor';
import { answerPrompts } from '../support/windowPrompts';

const BOUND = 'Bound playground account';
const ELSEWHERE = 'Selected in the tree';

function accountLensTitle(lenses: vscode.CodeLens[]): string | undefined {
  return lenses.find((lens) => lens.command?.command === 'dbhost.choosePlaygroundAccount')?.command?.title;
}

async function runFirst(uri: vscode.Uri): Promise<void> {
  const run = (await lensesOf(uri)).find((lens) => lens.command?.command === 'dbhost.runPlaygroundQuery');
  assert.ok(run?.command, 'no Run CodeLens');
  await vscode.commands.executeCommand(run.command.command, ...(run.command.arguments ?? []));
}

/** Resolves once `check` gives a value, looking again whenever `event` fires. */
function until<T>(event: vscode.Event<unknown>, check: () => T | undefined): Promise<T> {
  return waitFor(check, { event });
}

describe('Guardrails: playgrounds bound to their account', function () {
  this.timeout(60_000);
  let proxy: RecordingProxy;
  let bound: string;
  let elsewhere: string;
  let playgrounds: PlaygroundFolder;

  async function playground(name: string, text: string): Promise<vscode.Uri> {
    return (await playgrounds.open(name, text)).uri;
  }

  async function closeEditorsOf(uri: vscode.Uri): Promise<void> {
    const tabs = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString());
    await vscode.window.tabGroups.close(tabs);
  }

  before(async () => {
    await activateExtension();
    const { demo } = readTestConfig().services;
    proxy = new RecordingProxy(demo.url);
    await proxy.start();
    bound = (await addAccount(BOUND, { url: proxy.url, apiKey: demo.apiKey })).accountId;
    elsewhere = (await addAccount(ELSEWHERE, { url: demo.url, apiKey: demo.apiKey })).accountId;
    playgrounds = PlaygroundFolder.create('guardrails');
  });

  after(async () => {
    for (const id of [bound, elsewhere]) if (id) await removeAccount(id);
    await proxy?.stop();
    playgrounds?.remove();
  });

  it('binds a file at its first run, shows the binding in its CodeLens, and keeps it after the file is closed and opened again', async () => {
    const uri = await playground('bound.query.json', '{ "database": "shop", "collection": "orders", "limit": 2 }\n');
    assert.equal(accountLensTitle(await lensesOf(uri)), '$(database) choose an account › shop.orders');

    const first = new FakePrompts([{ pick: BOUND }]);
    answerPrompts(first);
    await runFirst(uri);
    assert.deepEqual(first.errors, []);
    assert.equal(first.questions[0]?.title, 'Run the playground against which account?');
    assert.equal(documentsShown(resultsBeside(uri)).length, 2);
    assert.ok(
      proxy.requests.some((request) => request.path === '/databases/shop/collections/orders/documents'),
      'the query did not go to the bound account',
    );
    assert.equal(accountLensTitle(await lensesOf(uri)), `$(database) ${BOUND} › shop.orders`);
    // Kept where a reload of the window finds it.
    const stored = productState('workspace').get<Record<string, string>>('dbhost.playgroundAccounts') ?? {};
    assert.equal(stored[uri.toString()], bound, 'the binding is not kept in the workspace state');

    await closeEditorsOf(uri);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    proxy.requests.length = 0;
    const again = new FakePrompts([]);
    answerPrompts(again);
    await runFirst(uri);
    assert.deepEqual(again.questions, [], 'the reopened file asked for its account again');
    assert.equal(proxy.requests.length, 1, 'the rerun did not go to the bound account');
    const results = resultsBeside(uri);
    assert.equal(documentsShown(results).length, 2);
    assert.equal(headerOf(results)[0], `// shop.orders · account "${BOUND}"`);
  });

  it('does not follow the account a command was run on in the tree', async () => {
    const uri = await playground('follow.query.json', '{ "database": "shop", "collection": "orders", "limit": 1 }\n');
    answerPrompts(new FakePrompts([{ pick: BOUND }]));
    await runFirst(uri);
    // What a tree selection hands commands: the other account's node. Using it elsewhere leaves the binding alone.
    answerPrompts(new FakePrompts([]));
    await vscode.commands.executeCommand('dbhost.newQueryPlayground', { accountId: elsewhere, db: 'shop', col: 'orders' });
    const untitled = vscode.window.activeTextEditor?.document.uri;
    assert.equal(untitled?.scheme, 'untitled', 'New Query Playground opened no playground');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    assert.notEqual(untitled.toString(), uri.toString());
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    proxy.requests.length = 0;
    const prompts = new FakePrompts([]);
    answerPrompts(prompts);
    await runFirst(uri);
    assert.deepEqual(prompts.questions, []);
    assert.equal(proxy.requests.length, 1, 'the run followed the other account');
    assert.equal(headerOf(resultsBeside(uri))[0], `// shop.orders · account "${BOUND}"`);
  });

  it('runs no update in a file bound to a Read-only account and says why at the query; the CodeLens and results show the tag', async () => {
    await setGuardrails(bound, { mode: 'readOnly', tag: 'production', color: 'charts.red' });
    const uri = await playground(
      'readonly.query.json',
      `[\n  { "account": "${BOUND}", "database": "shop", "collection": "orders", "limit": 1 },\n  { "account": "${BOUND}", "database": "shop", "collection": "orders", "update": { "criteria": {}, "object": { "$set": { "flag": true } }, "multi": true } }\n]\n`,
    );
    const lenses = await lensesOf(uri);
    const titles = lenses.filter((lens) => lens.command?.command === 'dbhost.choosePlaygroundAccount').map((lens) => lens.command?.title);
    assert.deepEqual(titles, [
      `$(lock) ${BOUND} · production · Read-only › shop.orders`,
      `$(lock) ${BOUND} · production · Read-only › shop.orders`,
    ]);

    await runFirst(uri);
    assert.equal(headerOf(resultsBeside(uri))[0], `// shop.orders · account "${BOUND} [production]"`);

    proxy.requests.length = 0;
    const prompts = new FakePrompts([]);
    answerPrompts(prompts);
    const update = lenses.filter((lens) => lens.command?.command === 'dbhost.runPlaygroundQuery')[1];
    assert.ok(update?.command);
    await vscode.commands.executeCommand(update.command.command, ...(update.command.arguments ?? []));
    assert.deepEqual(proxy.requests, [], 'the update of a Read-only account sent a request');
    const why = `The account "${BOUND} [production]" is Read-only: this update does not run. Change its mode with "Account Settings…" on the account.`;
    assert.deepEqual(prompts.errors, [why]);
    const diagnostic = await until(vscode.languages.onDidChangeDiagnostics, () =>
      vscode.languages.getDiagnostics(uri).find((candidate) => candidate.message === why),
    );
    assert.equal(diagnostic.range.start.line, 2);
  });

  it('completes the "account" member with the accounts’ labels', async () => {
    const uri = await playground('complete.query.json', '{ "account": "", "database": "shop", "collection": "orders" }\n');
    const document = await vscode.workspace.openTextDocument(uri);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      uri,
      document.positionAt(document.getText().indexOf('""') + 1),
    );
    const labels = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    assert.ok(labels.includes(BOUND) && labels.includes(ELSEWHERE), `completion lacks the labels: ${labels.join(', ')}`);
  });
});
