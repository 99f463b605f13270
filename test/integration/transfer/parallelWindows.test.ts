import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { ExportResult } from '../../../src/extension/transfer/exportDocumentsToFile';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { readTestConfig } from '../support/test-config';

const db = 'windowtests';
const COUNT = 530;

describe('Transfer: export in parallel windows (dbhost.export.parallelWindows)', function () {
  this.timeout(120_000);
  let accountId: string;
  let client: DbHostApi;
  let folder: string;

  before(async () => {
    await activateExtension();
    ({ accountId, client } = await addAccount('Window tests', readTestConfig().services.empty));
    await client.createDatabase(db, 'sandbox');
    let next = 0;
    const worker = async () => {
      while (next < COUNT) {
        const n = next++;
        await client.createDocument(
          db,
          'source',
          { _id: `doc-${String(n).padStart(4, '0')}`, n, tags: ['a', { deep: [n] }] },
          { safe: true },
        );
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    folder = mkdtempSync(join(tmpdir(), 'dbhost-windows-'));
  });

  after(async () => {
    if (client) await client.deleteDatabase(db).catch(() => undefined);
    if (accountId) await removeAccount(accountId);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('with 4 windows writes the same file as one page after another, having fetched windows of the _id order', async () => {
    const exportTo = async (file: string) => {
      const run = await runScripted<ExportResult>([{ pick: 'NDJSON' }, { file }], 'dbhost.exportDocuments', {
        accountId,
        db,
        col: 'source',
      });
      assert.deepEqual(run.prompts.errors, []);
      assert.equal(run.result.exported, COUNT);
      return run.result;
    };
    const sequential = await exportTo(join(folder, 'sequential.ndjson'));
    assert.equal(sequential.requests, Math.ceil(COUNT / 100), 'one page after another by default');
    await vscode.workspace.getConfiguration('dbhost').update('export.parallelWindows', 4, vscode.ConfigurationTarget.Global);
    const windowed = await exportTo(join(folder, 'windowed.ndjson'));
    assert.ok(windowed.requests > sequential.requests, `the windows' starts were asked for (${windowed.requests} requests)`);
    assert.equal(readFileSync(join(folder, 'windowed.ndjson'), 'utf8'), readFileSync(join(folder, 'sequential.ndjson'), 'utf8'));
    assert.deepEqual(readdirSync(folder).sort(), ['sequential.ndjson', 'windowed.ndjson'], 'no temporary file is left');
  });
});
