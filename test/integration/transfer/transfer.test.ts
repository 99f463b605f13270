import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { JsonObject } from '../../../src/core/json/lossless';
import { LosslessNumber } from '../../../src/core/json/lossless';
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
    const exported = await runScripted([{ pick: 'NDJSON' }, { file }], 'dbhost.exportDocuments', {
      accountId,
      db,
      col: 'source',
    });
    assert.deepEqual(exported.prompts.errors, []);
    assert.deepEqual(exported.prompts.infos, [`Exported 250 documents of ${db}.source to ${file}.`]);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    assert.equal(lines.length, COUNT);
    assert.deepEqual(readdirSync(folder), ['source.ndjson'], 'no temporary file is left beside it');

    const imported = await runScripted([{ input: 'copy' }, { file }, { confirm: true }], 'dbhost.importDocuments', {
      accountId,
      db,
    });
    assert.deepEqual(imported.prompts.errors, []);
    const [confirmation] = imported.prompts.confirmations;
    assert.match(confirmation.text, /Import 250 documents from source\.ndjson into the new collection transfertests\.copy/);
    assert.match(confirmation.detail ?? '', /250 records to import/);
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
    const again = await runScripted([{ file }, { confirm: true }], 'dbhost.importDocuments', {
      accountId,
      db,
      col: 'copy',
    });
    // The export wrote every document with its _id, so all of them are found already stored.
    assert.match(again.prompts.confirmations[0].detail ?? '', /250 _ids already in the collection/);
    assert.deepEqual(again.prompts.infos, [
      `Imported source.ndjson into ${db}.copy: 0 documents stored, 250 already there from an earlier try.`,
    ]);
    assert.deepEqual(again.prompts.warnings, [], 'records were not stored');
    assert.equal((await client.listDocuments(db, 'copy', { limit: 1 })).total, COUNT);
  });

  it('exports chosen columns to CSV with nested fields as dotted columns', async () => {
    const file = join(folder, 'columns.csv');
    const { prompts } = await runScripted([{ pick: 'CSV' }, { input: 'n,tags' }, { file }], 'dbhost.exportDocuments', {
      accountId,
      db,
      col: 'source',
    });
    assert.deepEqual(prompts.errors, []);
    assert.deepEqual(prompts.infos, [`Exported 250 documents of ${db}.source to ${file}.`]);
    const rows = readFileSync(file, 'utf8').split('\r\n');
    assert.equal(rows[0], 'n,tags');
    assert.ok(rows.includes('0,"[""a"",{""deep"":[0]}]"'), rows.slice(0, 3).join(' | '));
  });

  it('neutralises spreadsheet formulas in a CSV export, and writes them raw when dbhost.export.csvFormulas says so (#22)', async () => {
    await client.createDocument(db, 'formulas', { _id: 1, f: '=HYPERLINK("http://x","y")', n: -5, s: '-5' }, { safe: true });
    const exportTo = async (name: string) => {
      const file = join(folder, name);
      const { prompts } = await runScripted([{ pick: 'CSV' }, { input: 'f,n,s' }, { file }], 'dbhost.exportDocuments', {
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
    const { prompts } = await runScripted([{ pick: 'JSON array' }, { file }], 'dbhost.exportQueryResults', vscode.Uri.file(playground), 0);
    assert.deepEqual(prompts.errors, []);
    assert.deepEqual(
      prompts.infos,
      [`Exported 125 documents of the query on ${db}.source to ${file}.`],
      "not bounded by the query's page size",
    );
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
    const { prompts } = await runScripted([{ input: 'mixed' }, { file }, { confirm: true }], 'dbhost.importDocuments', { accountId, db });
    assert.match(prompts.confirmations[0].detail ?? '', /line 3: not valid JSON/);
    assert.deepEqual(prompts.warnings, [
      `Imported mixed.ndjson into ${db}.mixed: 2 documents stored; 2 records not stored (see the report for each line and reason).`,
    ]);
    assert.equal((await client.listDocuments(db, 'mixed', { limit: 1 })).total, 2);
    const report = vscode.window.activeTextEditor?.document;
    assert.ok(report, 'no failure report is shown');
    assert.ok(report.getText().startsWith(`Records of mixed.ndjson not stored in ${db}.mixed: 2\n`), report.getText());
    const listed = report
      .getText()
      .split('\n')
      .filter((line) => line.startsWith('line '));
    assert.equal(listed.length, 2, report.getText());
    assert.match(listed[0] ?? '', /^line 2: .*\$oid/);
    assert.match(listed[1] ?? '', /^line 3: not valid JSON/);
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
    const { prompts } = await runScripted(
      [{ file }, { pick: /^Resume from record 5$/ }, { confirm: true }],
      'dbhost.importDocuments',
      target,
    );
    assert.deepEqual(prompts.errors, []);
    assert.match(prompts.confirmations[0].detail ?? '', /Resuming: the first 4 records were finished/);
    assert.deepEqual(prompts.infos, [
      `Imported resume.ndjson into ${db}.resumed: ${4 + 5} documents stored, 1 already there from an earlier try.`,
    ]);
    assert.equal((await client.listDocuments(db, 'resumed', { limit: 1 })).total, 10);
    assert.equal(productState('workspace').get(key), undefined, 'a finished import forgets its state');
  });
});
