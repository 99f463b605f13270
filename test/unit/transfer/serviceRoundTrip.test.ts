import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import type { JsonObject } from '../../../src/core/json/lossless';
import { LosslessNumber } from '../../../src/core/json/lossless';
import { importDocuments } from '../../../src/core/transfer/importRun';
import { newIdSeed } from '../../../src/core/transfer/importIds';
import { dryRun } from '../../../src/core/transfer/dryRun';
import { readNdjson } from '../../../src/core/transfer/ndjson';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';
import { documentArbitrary } from '../core/transfer/arbitraries';
import { allDocuments, exportToText, recordsOf } from './transferHarness';

const KEY = 'transfer-round-trip-key-1';
const DB = 'transfer';

describe('export and import against the local service', function () {
  this.timeout(120_000);
  let service: InProcessService;
  let client: DbHostClient;
  let collections = 0;

  before(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    client = service.client();
    await client.createDatabase(DB, 'sandbox');
  });
  after(() => service?.stop());

  const freshCollection = () => `c${++collections}`;

  for (const format of ['ndjson', 'json'] as const) {
    it(`export → import into another collection gives identical documents (${format}: int64, 1.50, dates, object ids, nested arrays)`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(documentArbitrary, { minLength: 1, maxLength: 12 }), async (documents) => {
          const source = freshCollection();
          const target = freshCollection();
          for (const document of documents) await client.createDocument(DB, source, document, { safe: true });
          const text = await exportToText(client, DB, source, format);
          const outcome = await importDocuments({
            api: client,
            db: DB,
            col: target,
            records: recordsOf(text, format),
            idSeed: newIdSeed(),
          });
          assert.equal(outcome.ended, 'complete');
          assert.deepEqual(outcome.failures, []);
          assert.equal(outcome.stored, documents.length);
          assert.deepEqual(await allDocuments(client, DB, target), await allDocuments(client, DB, source));
        }),
        { numRuns: 12 },
      );
    });
  }

  it('keeps the values that a double would change, and pages past 100 documents without repeating one', async () => {
    const source = freshCollection();
    const special: JsonObject = {
      _id: { $oid: '65a1b2c3d4e5f60718293a4b' },
      big: new LosslessNumber('9223372036854775807'),
      price: new LosslessNumber('1.50'),
      at: { $date: '1969-07-20T20:17:40.000Z' },
      grid: [[1, [2, [3]]]],
    };
    await client.createDocument(DB, source, special, { safe: true });
    for (let n = 0; n < 230; n++) await client.createDocument(DB, source, { n }, { safe: false });
    const text = await exportToText(client, DB, source);
    const lines = text.trim().split('\n');
    assert.equal(lines.length, 231);
    assert.equal(new Set(lines).size, 231, 'no document twice');
    assert.ok(
      lines.includes(
        '{"_id":{"$oid":"65a1b2c3d4e5f60718293a4b"},"big":9223372036854775807,"price":1.5,"at":{"$date":"1969-07-20T20:17:40.000Z"},"grid":[[1,[2,[3]]]]}',
      ),
      'stored as the service keeps it: 1.50 is the double 1.5',
    );
  });

  it('gives records without _id one before sending, so importing the file again stores nothing twice', async () => {
    const target = freshCollection();
    const text = '{"name":"a"}\n{"name":"b"}\n{"_id":7,"name":"c"}\n';
    const seed = newIdSeed();
    const first = await importDocuments({ api: client, db: DB, col: target, records: readNdjson([text]), idSeed: seed });
    assert.equal(first.stored, 3);
    const again = await importDocuments({ api: client, db: DB, col: target, records: readNdjson([text]), idSeed: seed });
    assert.deepEqual([again.stored, again.alreadyStored, again.failureCount], [0, 3, 0]);
    assert.equal((await allDocuments(client, DB, target)).length, 3);
  });

  it('reports a record whose _id is held by a different document, and a record the service refuses, by line', async () => {
    const target = freshCollection();
    await client.createDocument(DB, target, { _id: 'taken', v: 1 }, { safe: true });
    const text = '{"_id":"taken","v":2}\n{"ok":1}\n{"bad":{"$oid":"xyz"}}\nnot json\n';
    const outcome = await importDocuments({ api: client, db: DB, col: target, records: readNdjson([text]), idSeed: newIdSeed() });
    assert.equal(outcome.stored, 1);
    assert.deepEqual(
      outcome.failures.map((failure) => failure.line),
      [1, 3, 4],
    );
    assert.match(outcome.failures[0].reason, /different document with this _id/);
    assert.match(outcome.failures[1].reason, /\$oid/);
    assert.match(outcome.failures[2].reason, /not valid JSON/);
  });

  it('dry run: counts records, parse errors with lines, a sample with ids, and the _ids already there, sending nothing', async () => {
    const target = freshCollection();
    await client.createDocument(DB, target, { _id: 1 }, { safe: true });
    await client.createDocument(DB, target, { _id: { $oid: '65a1b2c3d4e5f60718293a4b' } }, { safe: true });
    const lines = [
      '{"_id":1,"a":1}',
      '{"a":2}',
      '{broken',
      '{"_id":{"$oid":"65a1b2c3d4e5f60718293a4b"}}',
      ...Array.from({ length: 150 }, (_, i) => `{"_id":${i + 100}}`),
    ];
    const report = await dryRun({
      records: readNdjson([lines.join('\n')]),
      idSeed: newIdSeed(),
      existing: { api: client, db: DB, col: target },
    });
    assert.equal(report.records, 154);
    assert.equal(report.documents, 153);
    assert.deepEqual(
      report.parseErrors.map((error) => error.line),
      [3],
    );
    assert.equal(report.existingIds, 2);
    assert.equal(report.sample.length, 3);
    assert.deepEqual(Object.keys(report.sample[1]), ['_id', 'a']);
    assert.equal((await allDocuments(client, DB, target)).length, 2, 'nothing was sent');
  });
});
