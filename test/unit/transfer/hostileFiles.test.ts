import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import { dryRun } from '../../../src/core/transfer/dryRun';
import { newIdSeed } from '../../../src/core/transfer/importIds';
import { importDocuments } from '../../../src/core/transfer/importRun';
import { fileRecords } from '../../support/fileRecords';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';
import { allDocuments } from './transferHarness';

const KEY = 'transfer-hostile-files-key-1';
const DB = 'hostile';

/** Issue 22: an import file's bytes are UTF-8 or the record holding them is refused by its line, in the dry run and the import. */
describe('import of files that are not UTF-8, against the local service', function () {
  this.timeout(60_000);
  let service: InProcessService;
  let client: DbHostClient;
  let folder: string;

  before(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    client = service.client();
    await client.createDatabase(DB, 'sandbox');
    folder = mkdtempSync(join(tmpdir(), 'dbhost-hostile-files-'));
  });
  after(async () => {
    await service?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const files: [string, 'ndjson' | 'json' | 'csv', string, number][] = [
    ['latin1.ndjson', 'ndjson', '{"name":"Ann"}\n{"name":"Jos\u00e9"}\n{"name":"Bo"}\n', 2],
    ['latin1.json', 'json', '[\n{"name":"Ann"},\n{"name":"Jos\u00e9"},\n{"name":"Bo"}\n]\n', 3],
    ['latin1.csv', 'csv', 'name\r\nAnn\r\nJos\u00e9\r\nBo\r\n', 3],
  ];

  for (const [name, format, text, badLine] of files) {
    it(`${format}: the dry run names the Latin-1 line, and the import stores the others and reports it, never "Jos\\uFFFD"`, async () => {
      const path = join(folder, name);
      writeFileSync(path, Buffer.from(text, 'latin1'));
      const col = name.replace('.', '_');
      const report = await dryRun({ records: fileRecords(path, format), idSeed: newIdSeed(), existing: { api: client, db: DB, col } });
      assert.equal(report.documents, 2);
      assert.deepEqual(
        report.parseErrors.map((error) => error.line),
        [badLine],
      );
      const outcome = await importDocuments({ api: client, db: DB, col, records: fileRecords(path, format), idSeed: newIdSeed() });
      assert.equal(outcome.stored, 2);
      assert.deepEqual(
        outcome.failures.map((failure) => [failure.line, /^not UTF-8/.test(failure.reason)]),
        [[badLine, true]],
      );
      const stored = await allDocuments(client, DB, col);
      assert.equal(stored.length, 2);
      assert.ok(!stored.some((document) => document.includes('\uFFFD')));
    });
  }

  it('reads a UTF-8 file with a BOM and accented names exactly', async () => {
    const path = join(folder, 'utf8.ndjson');
    writeFileSync(path, Buffer.from('\uFEFF{"name":"Jos\u00e9"}\n{"name":"\u{1F600}"}\n', 'utf8'));
    const names: unknown[] = [];
    for await (const record of fileRecords(path, 'ndjson')) names.push(record.document?.name ?? record.error);
    assert.deepEqual(names, ['Jos\u00e9', '\u{1F600}']);
  });
});
