import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi, ServiceDocument } from '../../../src/core/api/types';
import type { ResourceTarget } from '../../../src/extension/base/resourceTarget';
import type { FindRunResult, UpdateRunResult } from '../../../src/extension/playground/playgroundRunner';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { FakePrompts } from '../support/fakePrompts';
import { PlaygroundFolder, lensesOf, runLens } from '../support/playgrounds';
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

    const first = await runLens<FindRunResult>(runLenses[0]);
    assert.deepEqual(prompts.errors, []);
    const expected = await client.listDocuments(db, col, { q: { group: 1 }, sort: { n: 1 }, limit: 5 });
    assert.equal(first.total, 15);
    assert.equal(first.total, expected.total);
    assert.deepEqual(ns(first.documents), [1, 4, 7, 10, 13]);
    assert.deepEqual(first.documents, expected.documents);

    const resultsUri = vscode.Uri.parse(first.resultsUri);
    const results = await vscode.workspace.openTextDocument(resultsUri);
    assert.equal(results.languageId, 'jsonc');
    const header = results.getText().split('\n').slice(0, 2);
    assert.equal(header[0], `// ${db}.${col} · account "${accountLabel}"`);
    assert.match(header[1], /^\/\/ 5 of 15 · skip 0 · \d[\d,]* ms$/);
    const beside = vscode.window.visibleTextEditors.find((editor) => editor.document.uri.toString() === first.resultsUri);
    assert.ok(beside, 'the results are not visible');
    assert.notEqual(beside.viewColumn, vscode.ViewColumn.One, 'the results are not beside the playground');

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
    const next = await runLens<FindRunResult>(resultLenses.find((lens) => lens.command?.command === 'dbhost.showNextResultsPage'));
    const expectedNext = await client.listDocuments(db, col, { q: { group: 1 }, sort: { n: 1 }, limit: 5, skip: 5 });
    assert.equal(next.skip, 5);
    assert.deepEqual(next.documents, expectedNext.documents);
    assert.deepEqual(ns(next.documents), [16, 19, 22, 25, 28]);
    assert.match(results.getText().split('\n')[1], /^\/\/ 5 of 15 · skip 5 · /);
    const previous = await runLens<FindRunResult>(
      (await lensesOf(resultsUri)).find((lens) => lens.command?.command === 'dbhost.showPreviousResultsPage'),
    );
    assert.equal(previous.skip, 0);
    assert.deepEqual(ns(previous.documents), [1, 4, 7, 10, 13]);

    // The second query, shown in the same results tab.
    const second = await runLens<FindRunResult>(runLenses[1]);
    assert.equal(second.resultsUri, first.resultsUri);
    const expectedSecond = await client.listDocuments(db, col, { q: { n: { $gte: 40 } }, fields: ['n'], sort: { n: -1 } });
    assert.equal(second.total, 6);
    assert.deepEqual(second.documents, expectedSecond.documents);
    assert.deepEqual(ns(second.documents), [45, 44, 43, 42, 41, 40]);
    assert.deepEqual(Object.keys(second.documents[0]).sort(), ['_id', 'n']);
    assert.match(results.getText().split('\n')[1], /^\/\/ 6 of 6 · skip 0 · /);
    assert.equal(
      (await lensesOf(resultsUri)).some((lens) => lens.command?.command === 'dbhost.showNextResultsPage'),
      false,
      'the only page offers a next page',
    );
    assert.equal(openTabs(first.resultsUri).length, 1, 'running again opened another results tab');
  });

  it('runs the query under the cursor', async () => {
    const document = await playground(
      'cursor.query.json',
      `[\n  {"account": "${accountLabel}", "database": "${db}", "collection": "${col}", "q": {"n": 1}},\n  {"account": "${accountLabel}", "database": "${db}", "collection": "${col}", "q": {"n": 2}}\n]\n`,
    );
    const editor = await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });
    editor.selection = new vscode.Selection(2, 10, 2, 10);
    withPrompts(new FakePrompts());
    const result = await vscode.commands.executeCommand<FindRunResult>('dbhost.runPlaygroundQuery');
    assert.deepEqual(ns(result.documents), [2]);
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
    assert.equal(await runLens<UpdateRunResult | undefined>(runLens0), undefined);
    assert.equal(declined.confirmations.length, 1);
    assert.equal((await client.listDocuments(db, col, { q: { flagged: true }, limit: 1 })).total, 0, 'declining still updated documents');

    const prompts = withPrompts(new FakePrompts([{ confirm: true }]));
    const result = await runLens<UpdateRunResult>(runLens0);
    assert.deepEqual(prompts.errors, []);
    assert.equal(prompts.confirmations[0].message, `Update all 15 matching documents of ${db}.${col}?`);
    assert.match(prompts.confirmations[0].detail ?? '', /"multi" is true/);
    assert.equal(result.sent, true);
    assert.equal(result.matched, 15);
    assert.deepEqual(result.answer, { ok: 1 });

    const flagged = await client.listDocuments(db, col, { q: { flagged: true }, limit: 100 });
    assert.equal(flagged.total, 15);
    assert.ok(flagged.documents.every((doc) => doc.group === 2));
    assert.equal((await client.listDocuments(db, col, { limit: 1 })).total, DOCUMENT_COUNT, 'the update added or removed documents');

    const results = await vscode.workspace.openTextDocument(vscode.Uri.parse(result.resultsUri ?? ''));
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
    const result = await runLens<UpdateRunResult>(
      (await lensesOf(document.uri)).find((lens) => lens.command?.command === 'dbhost.runPlaygroundQuery'),
    );
    assert.equal(prompts.confirmations[0].message, `Update 1 of the 15 matching documents of ${db}.${col}?`);
    assert.equal(result.sent, true);
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
    assert.equal(
      await runLens<UpdateRunResult | undefined>(
        (await lensesOf(document.uri)).find((lens) => lens.command?.command === 'dbhost.runPlaygroundQuery'),
      ),
      undefined,
    );
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
    const result = await runLens<UpdateRunResult>(
      (await lensesOf(document.uri)).find((lens) => lens.command?.command === 'dbhost.runPlaygroundQuery'),
    );
    assert.equal(result.sent, true);
    await until(vscode.workspace.onDidChangeTextDocument, () => (opened.getText().includes('"reloaded": true') ? true : undefined));
    assert.equal(opened.isDirty, false);
  });

  it('opens a prefilled untitled playground on a collection that runs against its account', async () => {
    const prompts = withPrompts(new FakePrompts());
    const uri = vscode.Uri.parse(await vscode.commands.executeCommand<string>('dbhost.newQueryPlayground', { accountId, db, col }));
    assert.deepEqual(prompts.errors, []);
    assert.equal(uri.scheme, 'untitled');
    const document = await vscode.workspace.openTextDocument(uri);
    assert.equal(document.languageId, 'jsonc');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString());
    assert.match(document.getText(), new RegExp(`"database": "${db}",\\s*"collection": "${col}"`));
    const lenses = await lensesOf(uri);
    assert.ok(
      lenses.some((lens) => lens.command?.title === `$(database) ${accountLabel} › ${db}.${col}`),
      'the playground does not show the account it runs against',
    );
    const result = await runLens<FindRunResult>(lenses.find((lens) => lens.command?.command === 'dbhost.runPlaygroundQuery'));
    assert.equal(result.total, DOCUMENT_COUNT);
    assert.equal(result.documents.length, 20);
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
    assert.equal(await runLens(lens), undefined);
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
