import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { JsonObject } from '../../../src/core/json/lossless';
import { LosslessNumber } from '../../../src/core/json/lossless';
import type { ExportResult } from '../../../src/extension/transfer/exportDocumentsToFile';
import type { ImportResult } from '../../../src/extension/transfer/importFromFile';
import type { ImportState } from '../../../src/core/transfer/importState';
import { importStateKey } from '../../../src/core/transfer/importState';
import { newIdSeed, withId } from '../../../src/core/transfer/importIds';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { productState } from '../support/productStorage';
import { readTestConfig } from '../support/test-config';

const db = 'transfertests';
const COUNT = 250;

describe('Transfer: Export Documents… and Import Documents…', function () {
  this.timeout(120_000);
  let accountId: string;
  let client: DbHostApi;
  let folder: string;

  before(async () => {
    await activateExtension();
    ({ accountId, client } = await addAccount('Transfer tests', readTestConfig().services.empty));
    await client.createDatabase(db, 'sandbox');
    await client.createCollection(db, 'source');
    for (let n = 0; n < COUNT; n++) {
      const document: JsonObject =
        n % 2 === 0
          ? { n, big: new LosslessNumber('9007199254740993'), tags: ['a', { deep: [n] }] }
          : { _id: `own-${n}`, n, at: { $date: '2024-02-29T12:00:00.000Z' } };
      await client.createDocument(db, 'source', document, { safe: n === COUNT - 1 });
    }
    folder = mkdtempSync(join(tmpdir(), 'dbhost-transfer-'));
  });

  after(async () => {
    if (client) await client.deleteDatabase(db).catch(() => undefined);
    if (accountId) await removeAccount(accountId);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('exports a collection to NDJSON, imports it into a new collection, and the counts are equal', async () => {
    const file = join(folder, 'source.ndjson');
    const exported = await runScripted<ExportResult>([{ pick: 'NDJSON' }, { file }], 'dbhost.exportDocuments', {
      accountId,
      db,
      col: 'source',
    });
    assert.deepEqual(exported.prompts.errors, []);
    assert.equal(exported.result.exported, COUNT);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    assert.equal(lines.length, COUNT);
    assert.deepEqual(readdirSync(folder), ['source.ndjson'], 'no temporary file is left beside it');

    const imported = await runScripted<ImportResult>([{ input: 'copy' }, { file }, { confirm: true }], 'dbhost.importDocuments', {
      accountId,
      db,
    });
    assert.deepEqual(imported.prompts.errors, []);
    const [confirmation] = imported.prompts.confirmations;
    assert.match(confirmation.text, /Import 250 documents from source\.ndjson into the new collection transfertests\.copy/);
    assert.match(confirmation.detail ?? '', /250 records to import/);
    assert.equal(imported.result.outcome?.stored, COUNT);
    const [source, copy] = await Promise.all([
      client.listDocuments(db, 'source', { limit: 1 }),
      client.listDocuments(db, 'copy', { limit: 1 }),
    ]);
    assert.equal(copy.total, source.total);
    assert.equal(copy.total, COUNT);
    assert.ok(
      imported.prompts.infos.some((message) => /Imported source\.ndjson into transfertests\.copy: 250 documents stored/.test(message)),
      imported.prompts.infos.join('\n'),
    );
  });

  it('importing the same file into the same collection again stores nothing twice', async () => {
    const file = join(folder, 'source.ndjson');
    const again = await runScripted<ImportResult>([{ file }, { confirm: true }], 'dbhost.importDocuments', {
      accountId,
      db,
      col: 'copy',
    });
    // The export wrote every document with its _id, so all of them are found already stored.
    assert.match(again.prompts.confirmations[0].detail ?? '', /250 _ids already in the collection/);
    assert.deepEqual(
      [again.result.outcome?.stored, again.result.outcome?.alreadyStored, again.result.outcome?.failureCount],
      [0, COUNT, 0],
    );
    assert.equal((await client.listDocuments(db, 'copy', { limit: 1 })).total, COUNT);
  });

  it('exports chosen columns to CSV with nested fields as dotted columns', async () => {
    const file = join(folder, 'columns.csv');
    const { result, prompts } = await runScripted<ExportResult>(
      [{ pick: 'CSV' }, { input: 'n,tags' }, { file }],
      'dbhost.exportDocuments',
      { accountId, db, col: 'source' },
    );
    assert.deepEqual(prompts.errors, []);
    assert.equal(result.exported, COUNT);
    const rows = readFileSync(file, 'utf8').split('\r\n');
    assert.equal(rows[0], 'n,tags');
    assert.ok(rows.includes('0,"[""a"",{""deep"":[0]}]"'), rows.slice(0, 3).join(' | '));
  });

  it('neutralises spreadsheet formulas in a CSV export, and writes them raw when dbhost.export.csvFormulas says so (#22)', async () => {
    await client.createDocument(db, 'formulas', { _id: 1, f: '=HYPERLINK("http://x","y")', n: -5, s: '-5' }, { safe: true });
    const exportTo = async (name: string) => {
      const file = join(folder, name);
      const { prompts } = await runScripted<ExportResult>([{ pick: 'CSV' }, { input: 'f,n,s' }, { file }], 'dbhost.exportDocuments', {
        accountId,
        db,
        col: 'formulas',
      });
      assert.deepEqual(prompts.errors, []);
      return readFileSync(file, 'utf8');
    };
    assert.equal(await exportTo('neutral.csv'), `f,n,s\r\n"'=HYPERLINK(""http://x"",""y"")",-5,"'-5"\r\n`);
    await vscode.workspace.getConfiguration('dbhost').update('export.csvFormulas', 'raw', vscode.ConfigurationTarget.Global);
    assert.equal(await exportTo('raw.csv'), `f,n,s\r\n"=HYPERLINK(""http://x"",""y"")",-5,-5\r\n`);
  });

  it('exports the results of a playground query: everything its filter matches, in its sort, with its fields', async () => {
    const playground = join(folder, 'odd.query.json');
    writeFileSync(
      playground,
      JSON.stringify({
        account: 'Transfer tests',
        database: db,
        collection: 'source',
        q: { _id: { $regex: '^own-' } },
        sort: { n: -1 },
        fields: { n: 1 },
        limit: 5,
      }),
    );
    const file = join(folder, 'odd.json');
    const { result, prompts } = await runScripted<ExportResult>(
      [{ pick: 'JSON array' }, { file }],
      'dbhost.exportQueryResults',
      vscode.Uri.file(playground),
      0,
    );
    assert.deepEqual(prompts.errors, []);
    assert.equal(result.exported, COUNT / 2, "not bounded by the query's page size");
    const documents = JSON.parse(readFileSync(file, 'utf8')) as { _id: string; n: number }[];
    assert.equal(documents.length, COUNT / 2);
    assert.deepEqual(documents[0], { _id: 'own-249', n: 249 });
    assert.ok(
      documents.every((document, i) => i === 0 || document.n < documents[i - 1].n),
      "in the query's sort",
    );
  });

  it('lists the records the service refuses, by line, in a report', async () => {
    const file = join(folder, 'mixed.ndjson');
    writeFileSync(file, '{"a":1}\n{"bad":{"$oid":"nope"}}\n{oops\n{"a":2}\n');
    const { result, prompts } = await runScripted<ImportResult>(
      [{ input: 'mixed' }, { file }, { confirm: true }],
      'dbhost.importDocuments',
      { accountId, db },
    );
    assert.match(prompts.confirmations[0].detail ?? '', /line 3: not valid JSON/);
    assert.equal(result.outcome?.stored, 2);
    assert.deepEqual(
      result.outcome?.failures.map((failure) => failure.line),
      [2, 3],
    );
    const report = vscode.workspace.textDocuments.find((document) => document.uri.toString() === result.reportUri);
    assert.ok(report, 'the failure report is open');
    assert.match(report.getText(), /line 2: .*\$oid/);
    assert.match(report.getText(), /line 3: not valid JSON/);
    assert.ok(
      prompts.warnings.some((message) => /2 records not stored/.test(message)),
      prompts.warnings.join('\n'),
    );
  });

  it('offers to resume an import that stopped, and stores only what is left, nothing twice', async () => {
    const file = join(folder, 'resume.ndjson');
    writeFileSync(file, Array.from({ length: 10 }, (_, n) => `{"n":${n}}`).join('\n'));
    await client.createCollection(db, 'resumed');
    const target = { accountId, db, col: 'resumed' };
    // An earlier run stored the first 4 records (and the 6th, past the mark) before it stopped.
    const idSeed = newIdSeed();
    for (const n of [0, 1, 2, 3, 5]) await client.createDocument(db, 'resumed', withId({ n }, idSeed, n), { safe: true });
    const info = statSync(file);
    const state: ImportState = {
      version: 1,
      file: { path: file, size: info.size, modifiedMs: info.mtimeMs },
      target,
      format: 'ndjson',
      idSeed,
      doneThrough: 4,
      stored: 4,
      alreadyStored: 0,
      failureCount: 0,
      failures: [],
    };
    const key = importStateKey(file, target);
    // Where the stopped run left it: the import's state in the workspace (the earlier imports here made the product use it).
    await productState('workspace').update(key, state);
    const { result, prompts } = await runScripted<ImportResult>(
      [{ file }, { pick: /^Resume from record 5$/ }, { confirm: true }],
      'dbhost.importDocuments',
      target,
    );
    assert.deepEqual(prompts.errors, []);
    assert.match(prompts.confirmations[0].detail ?? '', /Resuming: the first 4 records were finished/);
    assert.deepEqual([result.outcome?.stored, result.outcome?.alreadyStored], [4 + 5, 1]);
    assert.equal((await client.listDocuments(db, 'resumed', { limit: 1 })).total, 10);
    assert.equal(productState('workspace').get(key), undefined, 'a finished import forgets its state');
  });
});
