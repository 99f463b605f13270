import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi, ServiceDocument } from '../../../src/core/api/types';
import type { ResourceTarget } from '../../../src/extension/base/resourceTarget';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { FakePrompts } from '../support/fakePrompts';
import { PlaygroundFolder, documentsShown, headerOf, lensesOf, resultsBeside, runLens, shownResults } from '../support/playgrounds';
import { readTestConfig } from '../support/test-config';
import { waitFor } from '../support/waitFor';
import { answerPrompts } from '../support/windowPrompts';
import { documentOpenedBy } from '../support/editors';

const db = 'shop';
const col = `playground_${process.pid}`;
const accountLabel = 'Playground tests';
const DOCUMENT_COUNT = 45;

/** Resolves once `check` holds, re-checking whenever `event` fires; fails with `what` after the test's own timeout. */
function until<T>(event: vscode.Event<unknown>, check: () => T | undefined): Promise<T> {
  return waitFor(check, { event });
}

const ns = (documents: ServiceDocument[]) => documents.map((document) => Number(document.n));
const openTabs = (uri: string) =>
  vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri);

describe('Query playgrounds', function () {
  this.timeout(60_000);
  let accountId: string;
  let client: DbHostApi;
  let playgrounds: PlaygroundFolder;
  const playground = (name: string, text: string) => playgrounds.open(name, text);

  function withPrompts(prompts: FakePrompts): FakePrompts {
    answerPrompts(prompts);
    return prompts;
  }

  before(async () => {
    await activateExtension();
    ({ accountId, client } = await addAccount(accountLabel, readTestConfig().services.demo));
    await client.createCollection(db, col);
    for (let n = 1; n <= DOCUMENT_COUNT; n++) {
      await client.createDocument(
        db,
        col,
        { _id: `doc-${String(n).padStart(2, '0')}`, n, group: n % 3, label: `document ${n}` },
        { safe: true },
      );
    }
    playgrounds = PlaygroundFolder.create('playground');
  });

  after(async () => {
    if (client) await client.deleteCollection(db, col).catch(() => undefined);
    if (accountId) await removeAccount(accountId);
    playgrounds?.remove();
  });

  it('opens *.query.json as JSON with comments', async () => {
    const document = await playground('language.query.json', '// a comment\n{"database": "shop", "collection": "x",}\n');
    assert.equal(document.languageId, 'jsonc');
  });

  it('runs each of two queries from its CodeLens; results, counts and paging match the service; one results tab', async () => {
    const document = await playground(
      'two.query.json',
      `// two queries
[
  {"account": "${accountLabel}", "database": "${db}", "collection": "${col}", "q": {"group": 1}, "sort": {"n": 1}, "limit": 5},
  /* the second */
  {"account": "${accountLabel}", "database": "${db}", "collection": "${col}", "q": {"n": {"$gte": 40}}, "fields": ["n"], "sort": {"n": -1},},
]
`,
    );
    const prompts = withPrompts(new FakePrompts());
    const lenses = await lensesOf(document.uri);
    const runLenses = lenses.filter((lens) => lens.command?.command === 'dbhost.runPlaygroundQuery');
    assert.deepEqual(
      runLenses.map((lens) => [lens.command?.title, lens.range.start.line]),
      [
        ['$(play) Run', 2],
        ['$(play) Run', 4],
      ],
    );
    const targets = lenses.filter((lens) => lens.command?.command === 'dbhost.choosePlaygroundAccount').map((lens) => lens.command?.title);
    assert.deepEqual(targets, [`$(database) ${accountLabel} › ${db}.${col}`, `$(database) ${accountLabel} › ${db}.${col}`]);

    await runLens(runLenses[0]);
    assert.deepEqual(prompts.errors, []);
    const expected = await client.listDocuments(db, col, { q: { group: 1 }, sort: { n: 1 }, limit: 5 });
    assert.equal(expected.total, 15);
    const results = resultsBeside(document.uri);
    const resultsUri = results.uri;
    assert.equal(results.languageId, 'jsonc');
    const header = headerOf(results);
    assert.equal(header[0], `// ${db}.${col} · account "${accountLabel}"`);
    assert.match(header[1], /^\/\/ 5 of 15 · skip 0 · \d[\d,]* ms$/);
    assert.deepEqual(ns(documentsShown(results)), [1, 4, 7, 10, 13]);
    assert.deepEqual(documentsShown(results), expected.documents);
    const beside = vscode.window.visibleTextEditors.find((editor) => editor.document === results);
    assert.notEqual(beside?.viewColumn, vscode.ViewColumn.One, 'the results are not beside the playground');

    // "Open" above each result document hands dbhost.openDocument the document's target.
    const resultLenses = await lensesOf(resultsUri);
    const opens = resultLenses.filter((lens) => lens.command?.command === 'dbhost.openDocument');
    assert.deepEqual(
      opens.map((lens) => lens.command?.arguments?.[0] as ResourceTarget),
      ['doc-01', 'doc-04', 'doc-07', 'doc-10', 'doc-13'].map((docId) => ({ accountId, db, col, docId })),
    );
    assert.deepEqual(
      opens.map((lens) => results.lineAt(lens.range.start.line).text),
      Array(5).fill('  {'),
    );
    assert.equal(
      resultLenses.some((lens) => lens.command?.command === 'dbhost.showPreviousResultsPage'),
      false,
      'a first page offers a previous page',
    );

    // Next page, then previous page, in the same tab.
    await runLens(resultLenses.find((lens) => lens.command?.command === 'dbhost.showNextResultsPage'));
    const expectedNext = await client.listDocuments(db, col, { q: { group: 1 }, sort: { n: 1 }, limit: 5, skip: 5 });
    assert.match(headerOf(results)[1], /^\/\/ 5 of 15 · skip 5 · /);
    assert.deepEqual(documentsShown(results), expectedNext.documents);
    assert.deepEqual(ns(documentsShown(results)), [16, 19, 22, 25, 28]);
    await runLens((await lensesOf(resultsUri)).find((lens) => lens.command?.command === 'dbhost.showPreviousResultsPage'));
    assert.match(headerOf(results)[1], /^\/\/ 5 of 15 · skip 0 · /);
    assert.deepEqual(ns(documentsShown(results)), [1, 4, 7, 10, 13]);

    // The second query, shown in the same results tab.
    await runLens(runLenses[1]);
    assert.equal(resultsBeside(document.uri), results, 'the second query shows its results in another document');
    const expectedSecond = await client.listDocuments(db, col, { q: { n: { $gte: 40 } }, fields: ['n'], sort: { n: -1 } });
    assert.match(headerOf(results)[1], /^\/\/ 6 of 6 · skip 0 · /);
    const second = documentsShown(results);
    assert.deepEqual(second, expectedSecond.documents);
    assert.deepEqual(ns(second), [45, 44, 43, 42, 41, 40]);
    assert.deepEqual(Object.keys(second[0]).sort(), ['_id', 'n']);
    assert.equal(
      (await lensesOf(resultsUri)).some((lens) => lens.command?.command === 'dbhost.showNextResultsPage'),
      false,
      'the only page offers a next page',
    );
    assert.equal(openTabs(resultsUri.toString()).length, 1, 'running again opened another results tab');
  });

  it('runs the query under the cursor', async () => {
    const document = await playground(
      'cursor.query.json',
      `[\n  {"account": "${accountLabel}", "database": "${db}", "collection": "${col}", "q": {"n": 1}},\n  {"account": "${accountLabel}", "database": "${db}", "collection": "${col}", "q": {"n": 2}}\n]\n`,
    );
    const editor = await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });
    editor.selection = new vscode.Selection(2, 10, 2, 10);
    withPrompts(new FakePrompts());
    await vscode.commands.executeCommand('dbhost.runPlaygroundQuery');
    assert.deepEqual(ns(documentsShown(resultsBeside(document.uri))), [2]);
  });

  it('asks before a bulk update with the count and the effect of multi, then updates exactly the matching documents', async () => {
    const document = await playground(
      'update.query.json',
      `{"account": "${accountLabel}", "database": "${db}", "collection": "${col}",
  "update": {"criteria": {"group": 2}, "object": {"$set": {"flagged": true}}, "multi": true}}\n`,
    );
    const runLens0 = (await lensesOf(document.uri)).find((lens) => lens.command?.command === 'dbhost.runPlaygroundQuery');
    assert.equal(runLens0?.command?.title, '$(edit) Run update…');

    const declined = withPrompts(new FakePrompts([{ confirm: false }]));
    await runLens(runLens0);
    assert.equal(declined.confirmations.length, 1);
    assert.equal(shownResults(document.uri), undefined, 'a declined update shows results');
    assert.equal((await client.listDocuments(db, col, { q: { flagged: true }, limit: 1 })).total, 0, 'declining still updated documents');

    const prompts = withPrompts(new FakePrompts([{ confirm: true }]));
    await runLens(runLens0);
    assert.deepEqual(prompts.errors, []);
    assert.equal(prompts.confirmations[0].message, `Update all 15 matching documents of ${db}.${col}?`);
    assert.match(prompts.confirmations[0].detail ?? '', /"multi" is true/);

    const flagged = await client.listDocuments(db, col, { q: { flagged: true }, limit: 100 });
    assert.equal(flagged.total, 15);
    assert.ok(flagged.documents.every((doc) => doc.group === 2));
    assert.equal((await client.listDocuments(db, col, { limit: 1 })).total, DOCUMENT_COUNT, 'the update added or removed documents');

    const results = resultsBeside(document.uri);
    assert.match(results.getText(), /\/\/ 15 matched before the update · multi: true · upsert: false/);
    assert.match(results.getText(), /\/\/ The service answered:\n\{\n {2}"ok": 1\n\}/);
  });

  it('updates only one document without multi, and says so before', async () => {
    const document = await playground(
      'update-one.query.json',
      `{"account": "${accountLabel}", "database": "${db}", "collection": "${col}",
  "update": {"criteria": {"group": 0}, "object": {"$set": {"single": 1}}}}\n`,
    );
    const prompts = withPrompts(new FakePrompts([{ confirm: true }]));
    await runLens((await lensesOf(document.uri)).find((lens) => lens.command?.command === 'dbhost.runPlaygroundQuery'));
    assert.equal(prompts.confirmations[0].message, `Update 1 of the 15 matching documents of ${db}.${col}?`);
    assert.match(resultsBeside(document.uri).getText(), /\/\/ 15 matched before the update · multi: false · upsert: false/);
    const updated = await client.listDocuments(db, col, { q: { single: 1 } });
    assert.equal(updated.total, 1);
    assert.equal(updated.documents[0].group, 0);
  });

  it('warns before an update without $ operators that it replaces whole documents, and says the undo can put them back', async () => {
    const document = await playground(
      'replace.query.json',
      `{"account": "${accountLabel}", "database": "${db}", "collection": "${col}",
  "update": {"criteria": {"_id": "doc-08"}, "object": {"label": "replaced"}}}\n`,
    );
    const prompts = withPrompts(new FakePrompts([{ confirm: false }]));
    await runLens((await lensesOf(document.uri)).find((lens) => lens.command?.command === 'dbhost.runPlaygroundQuery'));
    assert.equal(shownResults(document.uri), undefined, 'a declined update shows results');
    assert.match(prompts.confirmations[0].detail ?? '', /no \$ operators: it replaces each updated document whole/);
    assert.match(prompts.confirmations[0].detail ?? '', /Undo Last Change on the collection can put the documents back\.$/);
    assert.equal((await client.getDocument(db, col, 'doc-08')).document.n, 8);
  });

  it('reloads the open editors of the updated collection that hold no edits', async () => {
    const documentUri = await documentOpenedBy('dbhost.openDocument', { accountId, db, col, docId: 'doc-07' });
    const opened = await vscode.workspace.openTextDocument(documentUri);
    assert.ok(!opened.getText().includes('reloaded'));
    const document = await playground(
      'update-reload.query.json',
      `{"account": "${accountLabel}", "database": "${db}", "collection": "${col}",
  "update": {"criteria": {"_id": "doc-07"}, "object": {"$set": {"reloaded": true}}}}\n`,
    );
    withPrompts(new FakePrompts([{ confirm: true }]));
    await runLens((await lensesOf(document.uri)).find((lens) => lens.command?.command === 'dbhost.runPlaygroundQuery'));
    await until(vscode.workspace.onDidChangeTextDocument, () => (opened.getText().includes('"reloaded": true') ? true : undefined));
    assert.equal(opened.isDirty, false);
  });

  it('opens a prefilled untitled playground on a collection that runs against its account', async () => {
    const prompts = withPrompts(new FakePrompts());
    await vscode.commands.executeCommand('dbhost.newQueryPlayground', { accountId, db, col });
    assert.deepEqual(prompts.errors, []);
    const document = vscode.window.activeTextEditor?.document;
    assert.ok(document, 'no playground is active');
    const uri = document.uri;
    assert.equal(uri.scheme, 'untitled');
    assert.ok(uri.path.endsWith('.query.json'), uri.path);
    assert.equal(document.languageId, 'jsonc');
    assert.match(document.getText(), new RegExp(`"database": "${db}",\\s*"collection": "${col}"`));
    const lenses = await lensesOf(uri);
    assert.ok(
      lenses.some((lens) => lens.command?.title === `$(database) ${accountLabel} › ${db}.${col}`),
      'the playground does not show the account it runs against',
    );
    await runLens(lenses.find((lens) => lens.command?.command === 'dbhost.runPlaygroundQuery'));
    const results = resultsBeside(uri);
    assert.match(headerOf(results)[1], new RegExp(`^// 20 of ${DOCUMENT_COUNT} · skip 0 · `));
    assert.equal(documentsShown(results).length, 20);
  });

  it('runs nothing from a file with a syntax error and shows the error as a diagnostic', async () => {
    const document = await playground(
      'broken.query.json',
      `{"account": "${accountLabel}", "database": "${db}"\n  "collection": "${col}"}\n`,
    );
    const diagnostics = await until(vscode.languages.onDidChangeDiagnostics, () => {
      const ours = vscode.languages.getDiagnostics(document.uri).filter((diagnostic) => diagnostic.source === 'DB Host');
      return ours.length > 0 ? ours : undefined;
    });
    assert.match(diagnostics[0].message, /Expected a comma/);
    assert.equal(diagnostics[0].range.start.line, 1);
    assert.equal(diagnostics[0].severity, vscode.DiagnosticSeverity.Error);

    const prompts = withPrompts(new FakePrompts());
    const lens = (await lensesOf(document.uri)).find((candidate) => candidate.command?.command === 'dbhost.runPlaygroundQuery');
    await runLens(lens);
    assert.match(prompts.warnings[0] ?? '', /Nothing was sent/);
    assert.equal(
      vscode.workspace.textDocuments.some((open) => open.uri.scheme === 'dbhost-results' && open.uri.query === document.uri.toString()),
      false,
      'results were shown for a broken playground',
    );
  });

  it('shows a service error at the query with the service’s message', async () => {
    const document = await playground(
      'refused.query.json',
      `{"account": "${accountLabel}", "database": "${db}", "collection": "${col}",\n  "q": {"n": {"$noSuchOperator": 1}}}\n`,
    );
    const prompts = withPrompts(new FakePrompts());
    await runLens((await lensesOf(document.uri)).find((lens) => lens.command?.command === 'dbhost.runPlaygroundQuery'));
    assert.equal(prompts.errors.length, 1, 'the failure was not shown as a message');
    const diagnostic = vscode.languages
      .getDiagnostics(document.uri)
      .find((candidate) => candidate.message.startsWith('The service refused the query:'));
    assert.ok(
      diagnostic,
      `no diagnostic from the service: ${JSON.stringify(vscode.languages.getDiagnostics(document.uri).map((d) => d.message))}`,
    );
    assert.equal(diagnostic.range.start.line, 1);
    assert.match(diagnostic.message, /noSuchOperator/);
  });

  it('offers the schema’s properties in completion', async () => {
    const jsonExtension = vscode.extensions.getExtension('vscode.json-language-features');
    assert.ok(jsonExtension, 'VS Code’s JSON language features are not installed');
    await jsonExtension.activate();
    const document = await playground('complete.query.json', '{\n  \n}\n');
    const position = new vscode.Position(1, 2);
    // The JSON language server validates the file against the schema once it has loaded it: its
    // "Missing property" diagnostics say the schema is there to complete from.
    const fromSchema = await until(vscode.languages.onDidChangeDiagnostics, () => {
      const json = vscode.languages.getDiagnostics(document.uri).filter((diagnostic) => diagnostic.source !== 'DB Host');
      return json.length > 0 ? json : undefined;
    });
    assert.ok(
      fromSchema.some((diagnostic) => /database/.test(diagnostic.message)),
      `the JSON validation does not use the schema: ${fromSchema.map((d) => d.message).join('; ')}`,
    );
    const names = await completionNames(document, position);
    for (const name of ['database', 'collection', 'q', 'fields', 'sort', 'skip', 'limit', 'update', 'account']) {
      assert.ok(names.includes(name), `completion lacks ${name}: ${names.join(', ')}`);
    }
  });
});

async function completionNames(document: vscode.TextDocument, position: vscode.Position): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position);
  return list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label).replace(/^"|"$/g, ''));
}
