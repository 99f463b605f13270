import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi, ServiceDocument } from '../../../src/core/api/types';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { FakePrompts } from '../support/fakePrompts';
import { PlaygroundFolder, documentsShown, headerOf, lensesOf, resultsBeside } from '../support/playgrounds';
import { readTestConfig } from '../support/test-config';
import { answerPrompts } from '../support/windowPrompts';

const db = 'shop';
const col = `runall_${process.pid}`;
const accountLabel = 'Run All tests';
const DOCUMENT_COUNT = 30;

const ns = (documents: readonly ServiceDocument[]) => documents.map((document) => Number(document.n));

describe('Run All and the query history', function () {
  this.timeout(60_000);
  let accountId: string;
  let client: DbHostApi;
  let apiKey: string;
  let playgrounds: PlaygroundFolder;
  const playground = (name: string, text: string) => playgrounds.open(name, text);

  before(async () => {
    await activateExtension();
    const service = readTestConfig().services.demo;
    apiKey = service.apiKey;
    ({ accountId, client } = await addAccount(accountLabel, service));
    await client.createCollection(db, col);
    for (let n = 1; n <= DOCUMENT_COUNT; n++)
      await client.createDocument(db, col, { _id: `r-${String(n).padStart(2, '0')}`, n, group: n % 3 }, { safe: true });
    playgrounds = PlaygroundFolder.create('runall');
  });

  after(async () => {
    if (client) await client.deleteCollection(db, col).catch(() => undefined);
    if (accountId) await removeAccount(accountId);
    playgrounds?.remove();
  });

  it('runs every query of the file and shows one section per query, "N of M · ms", each with its own paging', async () => {
    const document = await playground(
      'all.query.json',
      `[
  {"account": "${accountLabel}", "database": "${db}", "collection": "${col}", "q": {"group": 1}, "sort": {"n": 1}, "limit": 4},
  {"account": "${accountLabel}", "database": "${db}", "collection": "${col}", "q": {"n": {"$gte": 25}}, "sort": {"n": -1}},
  {"account": "${accountLabel}", "database": "${db}", "collection": "${col}", "update": {"criteria": {}, "object": {"$set": {"touched": true}}, "multi": true}},
  {"account": "Nobody", "database": "${db}", "collection": "${col}"}
]
`,
    );
    const runAll = (await lensesOf(document.uri)).find((lens) => lens.command?.command === 'dbhost.runAllPlaygroundQueries');
    assert.equal(runAll?.command?.title, '$(run-all) Run All (4)');
    assert.equal(runAll?.range.start.line, 1);

    const prompts = new FakePrompts();
    answerPrompts(prompts);
    await vscode.commands.executeCommand('dbhost.runAllPlaygroundQueries', ...(runAll?.command?.arguments ?? []));
    assert.deepEqual(prompts.errors, []);
    assert.equal((await client.listDocuments(db, col, { q: { touched: true } })).total, 0, 'Run All changed documents');

    const results = resultsBeside(document.uri, 'all results');
    const resultsUri = results.uri;
    const text = results.getText();
    const headings = text.split('\n').filter((line) => line.startsWith('  // ── Query'));
    assert.match(headings[0] ?? '', new RegExp(`^  // ── Query 1 · ${db}\\.${col} · 4 of 10 · \\d[\\d,]* ms$`));
    assert.match(headings[1] ?? '', new RegExp(`^  // ── Query 2 · ${db}\\.${col} · 6 of 6 · \\d[\\d,]* ms$`));
    assert.equal(headings.length, 4);
    assert.match(text, /^ {2}\/\/ Not run: a bulk update runs only from its own Run lens/m);
    assert.match(text, /^ {2}\/\/ Failed: No DB Host account is labelled "Nobody"/m);
    const sections = JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')) as (ServiceDocument[] | null)[];
    assert.deepEqual(ns(sections[0] ?? []), [1, 4, 7, 10]);
    assert.deepEqual(ns(sections[1] ?? []), [30, 29, 28, 27, 26, 25]);

    // Only the first section has a next page; paging it leaves the second as it was.
    const pageLenses = (await lensesOf(resultsUri)).filter((lens) => lens.command?.command === 'dbhost.pageRunAllResults');
    assert.deepEqual(
      pageLenses.map((lens) => [lens.command?.title, lens.command?.arguments?.[1]]),
      [['$(arrow-right) Next page', 0]],
    );
    await vscode.commands.executeCommand('dbhost.pageRunAllResults', ...(pageLenses[0]?.command?.arguments ?? []));
    assert.match(results.getText(), new RegExp(`^  // ── Query 1 · ${db}\\.${col} · 4 of 10 · `, 'm'));
    const after = JSON.parse(results.getText().replace(/^\s*\/\/.*$/gm, '')) as (ServiceDocument[] | null)[];
    assert.deepEqual(ns(after[0] ?? []), [13, 16, 19, 22]);
    assert.deepEqual(ns(after[1] ?? []), [30, 29, 28, 27, 26, 25]);
    assert.match(results.getText(), /^ {2}\/\/ account "Run All tests" · skip 4$/m);
    const previous = (await lensesOf(resultsUri))
      .filter((lens) => lens.command?.command === 'dbhost.pageRunAllResults')
      .map((lens) => lens.command?.title);
    assert.deepEqual(previous, ['$(arrow-left) Previous page', '$(arrow-right) Next page']);
  });

  it('records every run in the history, without the key, and runs one again or opens it as a playground', async () => {
    const document = await playground(
      'history.query.json',
      `{"account": "${accountLabel}", "database": "${db}", "collection": "${col}", "q": {"group": 2}, "sort": {"n": 1}, "limit": 3}\n`,
    );
    answerPrompts(new FakePrompts());
    await vscode.commands.executeCommand('dbhost.runPlaygroundQuery', document.uri, 0);
    assert.match(headerOf(resultsBeside(document.uri))[1], /^\/\/ 3 of 10 · /);

    const queryText = `{"account":"${accountLabel}","database":"${db}","collection":"${col}","q":{"group":2},"sort":{"n":1},"limit":3}`;
    const rerunPrompts = new FakePrompts([{ pick: `${db}.${col}` }, { pick: 'Run Again' }]);
    answerPrompts(rerunPrompts);
    await vscode.commands.executeCommand('dbhost.showQueryHistory');
    assert.deepEqual(rerunPrompts.errors, []);
    const listed = rerunPrompts.questions[0];
    assert.equal(listed?.items?.[0], `${db}.${col}`, 'the newest run is not first');
    assert.ok(rerunPrompts.shown.includes(queryText), `the query is not shown: ${rerunPrompts.shown.join(' | ')}`);
    assert.ok(rerunPrompts.shown.some((text) => /^find · 10 documents · \d[\d,]* ms · just now · account "Run All tests"$/.test(text)));
    assert.ok(!rerunPrompts.shown.some((text) => text.includes(apiKey)), 'the key was shown');
    // Run again shows its results as those of a playground of its own.
    const again = resultsBeside(vscode.Uri.from({ scheme: 'untitled', path: 'query history.query.json' }));
    assert.match(headerOf(again)[1], /^\/\/ 3 of 10 · /);
    assert.deepEqual(ns(documentsShown(again)), [2, 5, 8]);

    // The run again is recorded too, newest first; opening it gives a playground that runs the same query.
    const openPrompts = new FakePrompts([{ pick: `${db}.${col}` }, { pick: 'Open as Playground' }]);
    answerPrompts(openPrompts);
    await vscode.commands.executeCommand('dbhost.showQueryHistory');
    const items = openPrompts.questions[0]?.items ?? [];
    assert.ok(items.filter((item) => item === `${db}.${col}`).length >= 4, `runs missing from the history: ${items.join(' | ')}`);
    const opened = vscode.window.activeTextEditor?.document;
    assert.ok(opened, 'no playground opened');
    assert.equal(opened.uri.scheme, 'untitled');
    assert.match(
      opened.getText(),
      new RegExp(`^// From the query history: ran .* UTC on account "${accountLabel}" \\(find · 10 documents · `),
    );
    assert.ok(!opened.getText().includes(apiKey));
    answerPrompts(new FakePrompts());
    await vscode.commands.executeCommand('dbhost.runPlaygroundQuery', opened.uri, 0);
    assert.deepEqual(ns(documentsShown(resultsBeside(opened.uri))), [2, 5, 8]);
  });
});
