import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { RecordingProxy } from '../support/recordingProxy';
import { readTestConfig } from '../support/test-config';

const db = 'windowtests';
const COUNT = 530;

describe('Transfer: export in parallel windows (dbhost.export.parallelWindows)', function () {
  this.timeout(120_000);
  let accountId: string;
  let client: DbHostApi;
  let folder: string;
  /** Between the account and the service: the pages the export asks for are the requests it records. */
  let proxy: RecordingProxy;

  before(async () => {
    await activateExtension();
    const service = readTestConfig().services.empty;
    proxy = new RecordingProxy(service.url);
    await proxy.start();
    ({ accountId, client } = await addAccount('Window tests', { url: proxy.url, apiKey: service.apiKey }));
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
    await proxy?.stop();
  });

  it('with 4 windows writes the same file as one page after another, having fetched windows of the _id order', async () => {
    /** Exports the collection to `file`; gives how many pages of documents it asked the service for. */
    const exportTo = async (file: string) => {
      proxy.requests.length = 0;
      const run = await runScripted([{ pick: 'NDJSON' }, { file }], 'dbhost.exportDocuments', {
        accountId,
        db,
        col: 'source',
      });
      assert.deepEqual(run.prompts.errors, []);
      assert.deepEqual(run.prompts.infos, [`Exported 530 documents of ${db}.source to ${file}.`]);
      return proxy.requests.filter(
        (request) => request.method === 'GET' && request.path === `/databases/${db}/collections/source/documents`,
      ).length;
    };
    const sequential = await exportTo(join(folder, 'sequential.ndjson'));
    assert.equal(sequential, Math.ceil(COUNT / 100), 'one page after another by default');
    await vscode.workspace.getConfiguration('dbhost').update('export.parallelWindows', 4, vscode.ConfigurationTarget.Global);
    const windowed = await exportTo(join(folder, 'windowed.ndjson'));
    assert.ok(windowed > sequential, `the windows' starts were asked for (${windowed} requests)`);
    assert.equal(readFileSync(join(folder, 'windowed.ndjson'), 'utf8'), readFileSync(join(folder, 'sequential.ndjson'), 'utf8'));
    assert.deepEqual(readdirSync(folder).sort(), ['sequential.ndjson', 'windowed.ndjson'], 'no temporary file is left');
  });
});
