import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { stringifyLossless } from '../../../src/core/json/lossless';
import { actOn, collectionViewOpenedBy, isNotice, loadedPage, nextPosted } from '../collectionView/viewMessages';
import { nextRunOf } from '../support/commandRuns';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { addAccount, removeAccount, setGuardrails } from '../support/accounts';
import { FakePrompts } from '../support/fakePrompts';
import { PlaygroundFolder, documentsShown, headerOf, lensesOf, resultsBeside, runLens, shownResults } from '../support/playgrounds';
import { readTestConfig } from '../support/test-config';
import { waitFor } from '../support/waitFor';
import { answerPrompts } from '../support/windowPrompts';
import { sendAsPage } from '../support/webviewPanels';

const db = 'shop';
const col = `pipelines_${process.pid}`;
const out = `${col}_out`;
const accountLabel = 'Pipeline tests';
const REGIONS = ['eu', 'us', 'asia'];

const GROUP_PIPELINE = `[
    {"$match": {"total": {"$gte": 10}}},
    {"$group": {"_id": "$region", "revenue": {"$sum": "$total"}, "orders": {"$sum": 1}}},
    {"$sort": {"revenue": -1}}
  ]`;

describe('Aggregation pipelines in playgrounds', function () {
  this.timeout(60_000);
  let accountId: string;
  let client: DbHostApi;
  let playgrounds: PlaygroundFolder;
  const playground = (name: string, pipeline: string) =>
    playgrounds.open(name, `{"account": "${accountLabel}", "database": "${db}", "collection": "${col}", "pipeline": ${pipeline}}\n`);
  const runLensesOf = async (uri: vscode.Uri) =>
    (await lensesOf(uri)).filter((lens) => lens.command?.command === 'dbhost.runPlaygroundQuery');

  before(async () => {
    await activateExtension();
    ({ accountId, client } = await addAccount(accountLabel, readTestConfig().services.demo));
    await client.createCollection(db, col);
    for (let n = 1; n <= 30; n++)
      await client.createDocument(db, col, { _id: `o-${n}`, region: REGIONS[n % 3]!, total: n }, { safe: true });
    playgrounds = PlaygroundFolder.create('pipelines');
  });

  after(async () => {
    for (const name of [col, out]) if (client) await client.deleteCollection(db, name).catch(() => undefined);
    if (accountId) await removeAccount(accountId);
    playgrounds?.remove();
  });

  it('runs a pipeline from its Run lens: the results and count are what the service answers over HTTP', async () => {
    const document = await playground('group.query.json', GROUP_PIPELINE);
    answerPrompts(new FakePrompts());
    await runLens((await runLensesOf(document.uri))[0]);
    const expected = await client.aggregate(db, col, [
      { $match: { total: { $gte: 10 } } },
      { $group: { _id: '$region', revenue: { $sum: '$total' }, orders: { $sum: 1 } } },
      { $sort: { revenue: -1 } },
    ]);
    const results = resultsBeside(document.uri);
    assert.deepEqual(documentsShown(results), expected.documents);
    // Worked out by hand: totals 10..30 by n % 3.
    assert.deepEqual(
      documentsShown(results).map((group) => [group._id, Number(group.revenue), Number(group.orders)]),
      [
        ['eu', 147, 7],
        ['asia', 140, 7],
        ['us', 133, 7],
      ],
    );
    const text = results.getText();
    assert.match(text, /^\/\/ pipeline of 3 stages: \$match → \$group → \$sort$/m);
    assert.match(text, /^\/\/ 3 of 3 · skip 0/m);
  });

  it('marks an unknown stage and operator where they are, cause first, and sends nothing', async () => {
    const document = await playground(
      'typo.query.json',
      '[{"$match": {}}, {"$grup": {"_id": null}}, {"$project": {"x": {"$multiplyy": [1, 2]}}}]',
    );
    const messages = await waitFor(() => {
      const found = vscode.languages.getDiagnostics(document.uri).map((d) => [document.getText(d.range), d.message]);
      return found.length === 2 ? found : undefined;
    });
    assert.equal(messages[0]![0], '"$grup"');
    assert.match(messages[0]![1]!, /^Unknown stage "\$grup" in stage 2: .*did you mean "\$group"/);
    assert.equal(messages[1]![0], '"$multiplyy"');
    assert.match(messages[1]![1]!, /^Unknown expression operator "\$multiplyy" in stage 3 \(\$project\)/);
    const prompts = new FakePrompts();
    answerPrompts(prompts);
    await runLens((await runLensesOf(document.uri))[0]);
    assert.match(prompts.warnings.join('\n'), /This query has 2 problems .*Nothing was sent/);
    assert.equal(shownResults(document.uri), undefined, 'results shown for a pipeline with problems');
  });

  it('previews the documents after each stage from its lens, saying whether the preview is a sample', async () => {
    const document = await playground('preview.query.json', GROUP_PIPELINE);
    answerPrompts(new FakePrompts());
    const previews = await waitFor(async () => {
      const found = (await lensesOf(document.uri)).filter((lens) => lens.command?.command === 'dbhost.previewPipelineStage');
      return found.length === 3 ? found : undefined;
    });
    assert.deepEqual(
      previews.map((lens) => [lens.command?.title, lens.range.start.line]),
      [
        ['$(eye) Preview to here', 1],
        ['$(eye) Preview to here', 2],
        ['$(eye) Preview to here', 3],
      ],
    );
    await runLens(previews[0]);
    const preview = resultsBeside(document.uri, 'preview');
    assert.match(headerOf(preview)[0], /^\/\/ Preview after stage 1 of 3 \(\$match\)/);
    assert.match(headerOf(preview)[1], /^\/\/ 21 documents, 20 shown · /);
    assert.equal(documentsShown(preview).length, 20);
    assert.match(preview.getText(), /This preview is complete: all 21 documents the leading \$match selects went through/);
    await runLens(previews[1]);
    assert.equal(resultsBeside(document.uri, 'preview'), preview, 'the preview of another stage opened another document');
    const expected = await client.aggregate(db, col, [
      { $match: { total: { $gte: 10 } } },
      { $group: { _id: '$region', revenue: { $sum: '$total' }, orders: { $sum: 1 } } },
    ]);
    assert.deepEqual(new Set(documentsShown(preview).map((group) => group._id)), new Set(expected.documents.map((group) => group._id)));
    const text = preview.getText();
    assert.match(text, /^\/\/ Preview after stage 2 of 3 \(\$group\)/);
    assert.match(text, /This preview is complete: all 21 documents the leading \$match selects went through/);
  });

  it('previews a collection larger than its sample at once, saying "more than 1,000", then puts the exact count in', async () => {
    const big = `${col}_big`;
    await client.createCollection(db, big);
    try {
      for (let batch = 0; batch < 24; batch++)
        await Promise.all(
          Array.from({ length: 50 }, (_, i) => client.createDocument(db, big, { n: batch * 50 + i, even: i % 2 === 0 }, { safe: false })),
        );
      const document = await playgrounds.open(
        'big.query.json',
        `{"account": "${accountLabel}", "database": "${db}", "collection": "${big}", "pipeline": [{"$match": {"n": {"$gte": 0}}}, {"$group": {"_id": "$even", "n": {"$sum": 1}}}]}\n`,
      );
      answerPrompts(new FakePrompts());
      const afterGroup = await waitFor(async () => {
        const found = (await lensesOf(document.uri)).filter((lens) => lens.command?.command === 'dbhost.previewPipelineStage');
        return found.length === 2 ? found[1] : undefined;
      });
      // Every text the preview shows, from the first: the sample's, then the one with the exact count.
      const texts: string[] = [];
      const isPreview = (shown: vscode.TextDocument) =>
        shown.uri.scheme === 'dbhost-results' && shown.uri.path.endsWith('big preview.jsonc');
      const watching = [
        vscode.workspace.onDidOpenTextDocument((shown) => isPreview(shown) && texts.push(shown.getText())),
        vscode.workspace.onDidChangeTextDocument((change) => isPreview(change.document) && texts.push(change.document.getText())),
      ];
      try {
        await runLens(afterGroup);
      } finally {
        watching.forEach((watch) => watch.dispose());
      }
      const results = resultsBeside(document.uri, 'preview');
      assert.ok(
        texts.some((text) => text.includes('a sample: only the first 1,000 documents of more than 1,000 (counting them…) went through')),
        `the preview waited for the count, or counted nothing: ${texts.map((text) => text.split('\n')[2]).join(' | ')}`,
      );
      // The groups are of the sample: 1,000 of the 1,200 documents.
      assert.equal(
        documentsShown(results).reduce((sum, group) => sum + Number(group.n), 0),
        1000,
      );
      await waitFor(() => results.getText().includes('only the first 1,000 documents of 1,200 went through'), {
        event: vscode.workspace.onDidChangeTextDocument,
        what: 'the exact count in the preview',
        describeState: () => results.getText().split('\n').slice(0, 3).join('\n'),
      });
    } finally {
      await client.deleteCollection(db, big).catch(() => undefined);
    }
  });

  it('completes a field that an earlier stage makes, naming that stage', async () => {
    const document = await playground(
      'complete.query.json',
      '[{"$group": {"_id": "$region", "revenue": {"$sum": "$total"}}}, {"$sort": {"@": -1}}]',
    );
    const offset = document.getText().indexOf('"@"');
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      document.positionAt(offset + 1),
    );
    const revenue = list.items.find((item) => (typeof item.label === 'string' ? item.label : item.label.label) === 'revenue');
    assert.ok(revenue, 'revenue, made by $group, is not offered');
    assert.equal(revenue.detail, 'made by stage 1 ($group)');
    assert.ok(
      !list.items.some((item) => (typeof item.label === 'string' ? item.label : item.label.label) === 'total'),
      '$group dropped total',
    );
  });

  it('Aggregate… in a collection view opens a pipeline playground on its collection with a $match of its filter, ready to run', async () => {
    await vscode.commands.executeCommand(
      'dbhost.openCollectionView',
      { accountId, db, col },
      { fromQuery: { filter: '{"total": {"$gte": 25}}' } },
    );
    await vscode.commands.executeCommand('dbhost.aggregateCollectionView');
    const document = vscode.window.activeTextEditor?.document;
    assert.ok(document && document.uri.path.endsWith('.query.json'), `Aggregate… left ${document?.uri.toString() ?? 'no editor'} in front`);
    assert.match(document.getText(), /"\$match": \{\s*"total": \{\s*"\$gte": 25\s*\}\s*\}/);
    answerPrompts(new FakePrompts());
    await runLens((await runLensesOf(document.uri))[0]);
    assert.deepEqual(documentsShown(resultsBeside(document.uri)), [{ _id: null, count: 6 }]);
  });

  describe("a pipeline's results, like a find's", () => {
    let folder: string;
    before(() => (folder = mkdtempSync(join(tmpdir(), 'dbhost-pipeline-results-'))));
    after(() => rmSync(folder, { recursive: true, force: true }));

    it('Open as Table shows them in a read-only table whose filter and sort run after the pipeline; edits are refused', async () => {
      const document = await playground('table.query.json', GROUP_PIPELINE);
      answerPrompts(new FakePrompts());
      await runLens((await runLensesOf(document.uri))[0]);
      const results = resultsBeside(document.uri);
      const table = (await lensesOf(results.uri)).find((lens) => lens.command?.title.includes('Open as Table'));
      assert.ok(table, 'no Open as Table on the results of a pipeline');
      const view = await collectionViewOpenedBy(() => runLens(table));
      const first = await loadedPage(view);
      assert.equal(first.editable, false);
      assert.equal(first.title, `${col} pipeline results (${db})`);
      // As text: the page's numbers are the tests' copy of LosslessNumber, the run's result the product's.
      assert.equal(stringifyLossless(first.documents), stringifyLossless(documentsShown(results)));
      const state = { ...first.state, filter: '{"revenue": {"$lt": 145}}', sort: [{ path: ['revenue'], direction: 1 }] };
      const filtered = await actOn(view, { type: 'setView', state });
      assert.deepEqual(
        filtered.documents.map((group) => [group._id, Number(group.revenue)]),
        [
          ['us', 133],
          ['asia', 140],
        ],
      );
      assert.equal(filtered.total, 2);
      const refused = nextPosted(view, isNotice);
      sendAsPage(view.panel, { type: 'rows', action: 'delete', keys: ['"us"'] });
      assert.match((await refused).text, /^These are the results of a pipeline, not documents of /);
      assert.equal((await client.listDocuments(db, col, { limit: 1 })).total, 30);

      const file = join(folder, 'view.ndjson');
      const prompts = new FakePrompts([{ pick: 'NDJSON' }, { file }]);
      answerPrompts(prompts);
      const exported = nextRunOf('dbhost.exportDocuments');
      sendAsPage(view.panel, { type: 'exportView' });
      await exported;
      assert.deepEqual(prompts.errors, []);
      assert.deepEqual(
        readFileSync(file, 'utf8')
          .trimEnd()
          .split('\n')
          .map((line) => (JSON.parse(line) as { _id: string })._id),
        ['us', 'asia'],
        "the view's Export… writes what its filter keeps of the pipeline's results, in its sort",
      );
    });

    it('Export Results… of a pipeline writes all its results, not only the page its limit asks for', async () => {
      const uri = (
        await playgrounds.open(
          'export.query.json',
          `{"account": "${accountLabel}", "database": "${db}", "collection": "${col}", "limit": 5, "pipeline": [{"$sort": {"total": 1}}, {"$project": {"_id": 0, "total": 1}}]}\n`,
        )
      ).uri;
      const file = join(folder, 'all.json');
      const { prompts } = await runScripted([{ pick: 'JSON array' }, { file }], 'dbhost.exportQueryResults', uri, 0);
      assert.deepEqual(prompts.errors, []);
      assert.ok(
        prompts.infos.some((message) => /^Exported 30 documents of the pipeline on .* to .*all\.json\.$/.test(message)),
        prompts.infos.join('\n'),
      );
      assert.deepEqual(
        JSON.parse(readFileSync(file, 'utf8')),
        Array.from({ length: 30 }, (_, n) => ({ total: n + 1 })),
      );
    });
  });

  describe('a pipeline that writes with $out', () => {
    const OUT_PIPELINE = `[{"$group": {"_id": "$region", "n": {"$sum": 1}}}, {"$out": "${out}"}]`;
    const outCollections = async () => (await client.listCollections(db)).filter((record) => record.name === out).length;

    it('is refused on a Read-only account before anything is sent', async () => {
      await setGuardrails(accountId, { mode: 'readOnly' });
      const document = await playground('out-readonly.query.json', OUT_PIPELINE);
      const prompts = new FakePrompts();
      answerPrompts(prompts);
      await runLens((await runLensesOf(document.uri))[0]);
      assert.match(
        prompts.errors.join('\n'),
        /is Read-only: this pipeline writes into .*_out with \$out, so it does not run and nothing was sent/,
      );
      const atQuery = vscode.languages.getDiagnostics(document.uri).map((diagnostic) => diagnostic.message);
      assert.ok(
        atQuery.some((message) => /is Read-only: this pipeline writes/.test(message)),
        'the refusal is not shown at the query',
      );
      assert.deepEqual(prompts.questions, []);
      assert.equal(await outCollections(), 0);
    });

    it('asks modally naming the target collection on a Confirm-writes account; Cancel writes nothing, Run and Write writes once', async () => {
      await setGuardrails(accountId, { mode: 'confirm' });
      const document = await playground('out-confirm.query.json', OUT_PIPELINE);
      const cancelled = new FakePrompts([{ confirm: false }]);
      answerPrompts(cancelled);
      await runLens((await runLensesOf(document.uri))[0]);
      assert.equal(cancelled.questions.length, 1);
      assert.match(cancelled.questions[0]!.text, new RegExp(`Run this pipeline and write into ${db}\\.${out}\\?`));
      assert.match(cancelled.questions[0]!.detail ?? '', /\$out replaces everything .* cannot be undone/);
      assert.match(cancelled.questions[0]!.detail ?? '', /confirms every write: this is that confirmation/);
      assert.equal(await outCollections(), 0);

      const accepted = new FakePrompts([{ confirm: true }]);
      answerPrompts(accepted);
      await runLens((await runLensesOf(document.uri))[0]);
      assert.equal(accepted.questions.length, 1, 'Confirm writes asked a second time');
      const written = await client.listDocuments(db, out, { sort: { _id: 1 } });
      assert.deepEqual(
        written.documents.map((group) => [group._id, Number(group.n)]),
        [
          ['asia', 10],
          ['eu', 10],
          ['us', 10],
        ],
      );
    });
  });
});
