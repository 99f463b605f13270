import * as assert from 'node:assert/strict';
import { DbHostClient } from '../../../src/client/dbHostClient';
import { ServiceError } from '../../../src/core/api/serviceError';
import type { ImportOutcome } from '../../../src/core/transfer/importRun';
import { importDocuments } from '../../../src/core/transfer/importRun';
import { newIdSeed } from '../../../src/core/transfer/importIds';
import { readNdjson } from '../../../src/core/transfer/ndjson';
import { FaultProxy } from '../../support/faultProxy';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';
import { allDocuments, exportToText } from '../transfer/transferHarness';

const KEY = 'transfer-faults-key-4411';
const DB = 'faults';
const SOURCE = 'source';
const COUNT = 250;

/** NDJSON of `count` records, a third of them with their own `_id`, the rest without. */
function importFile(count: number): string {
  return Array.from({ length: count }, (_, n) => (n % 3 === 0 ? `{"_id":"own-${n}","n":${n}}` : `{"n":${n},"text":"record ${n}"}`)).join(
    '\n',
  );
}

describe('export and import under faults (fault proxy in front of the real local service)', function () {
  this.timeout(120_000);
  let service: InProcessService;
  let direct: DbHostClient;
  let proxy: FaultProxy;
  let client: DbHostClient;
  let collections = 0;

  before(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    direct = service.client();
    await direct.createDatabase(DB, 'sandbox');
    for (let n = 0; n < COUNT; n++) await direct.createDocument(DB, SOURCE, { n, name: `doc ${n}` }, { safe: n === COUNT - 1 });
    proxy = await FaultProxy.start(service.service.url);
    client = new DbHostClient({ baseUrl: proxy.url, apiKey: KEY, timeoutMs: 5_000, retryDelayMs: 1 });
  });
  beforeEach(() => proxy.reset());
  after(async () => {
    await proxy?.close();
    await service?.stop();
  });

  const freshCollection = () => `target${++collections}`;

  it('export: pages that fail or drop mid-way are asked for again, and the file holds every document once', async () => {
    const expected = await exportToText(direct, DB, SOURCE);
    // The first page passes; then a run of failures longer than the client's own retries.
    proxy.failNext(1, { kind: 'pass' });
    proxy.failNext(3, { kind: 'reset' });
    proxy.failNext(1, { kind: 'pass' });
    proxy.failNext(3, { kind: 'status', status: 503 });
    proxy.failNext(1, { kind: 'truncated' });
    const text = await exportToText(client, DB, SOURCE);
    assert.equal(text, expected);
    assert.ok(proxy.requests.filter((request) => request.fault !== 'pass').length >= 7, 'the faults were met');
  });

  it('export: a service that stays down ends the export with the cause', async () => {
    proxy.failNext(1, { kind: 'pass' });
    proxy.setMode({ kind: 'reset' });
    await assert.rejects(exportToText(client, DB, SOURCE), (error: unknown) => error instanceof ServiceError && error.kind === 'network');
  });

  it('import: answers lost after the service stored the document are retried, and count as done, not twice', async () => {
    const target = freshCollection();
    proxy.setMode({ kind: 'pass' });
    for (let i = 0; i < 10; i++) {
      proxy.failNext(3, { kind: 'pass' });
      proxy.failNext(1, { kind: 'reset', afterForwarding: true });
    }
    const outcome = await importDocuments({
      api: client,
      db: DB,
      col: target,
      records: readNdjson([importFile(60)]),
      idSeed: newIdSeed(),
      retryDelayMs: 1,
    });
    assert.equal(outcome.ended, 'complete', `stopped by: ${String(outcome.stoppedBy)}`);
    assert.deepEqual(outcome.failures, []);
    assert.equal(outcome.stored + outcome.alreadyStored, 60);
    assert.ok(outcome.alreadyStored >= 1, 'some POSTs were stored though their answer was lost');
    const stored = await allDocuments(direct, DB, target);
    assert.equal(stored.length, 60);
    assert.equal(new Set(stored.map((text) => JSON.parse(text).n)).size, 60, 'every record once');
  });

  it('import: the service drops mid-way, the import stops, and resuming stores the rest with nothing lost and nothing twice', async () => {
    const target = freshCollection();
    const file = importFile(COUNT);
    const seed = newIdSeed();
    let dropped = false;
    const first = await importDocuments({
      api: client,
      db: DB,
      col: target,
      records: readNdjson([file]),
      idSeed: seed,
      concurrency: 4,
      retries: 2,
      retryDelayMs: 1,
      onProgress: (tally) => {
        if (!dropped && tally.stored >= 90) {
          dropped = true;
          // Some POSTs reach the service and lose their answer, then nothing gets through at all.
          proxy.failNext(2, { kind: 'reset', afterForwarding: true });
          proxy.setMode({ kind: 'reset' });
        }
      },
    });
    assert.equal(first.ended, 'stopped');
    assert.ok(first.stoppedBy instanceof ServiceError);
    assert.ok(first.doneThrough >= 90 && first.doneThrough < COUNT, `stopped part-way (${first.doneThrough})`);
    const storedMeanwhile = (await allDocuments(direct, DB, target)).length;
    assert.ok(storedMeanwhile >= first.doneThrough, 'everything before the mark is stored');

    proxy.setMode({ kind: 'pass' });
    const resumed: ImportOutcome = await importDocuments({
      api: client,
      db: DB,
      col: target,
      records: readNdjson([file]),
      idSeed: seed,
      resumeFrom: first.doneThrough,
      previous: first.resumable,
      retryDelayMs: 1,
    });
    assert.equal(resumed.ended, 'complete');
    assert.equal(resumed.failureCount, 0);
    assert.equal(resumed.stored + resumed.alreadyStored, COUNT);
    const stored = await allDocuments(direct, DB, target);
    assert.equal(stored.length, COUNT, 'nothing lost, nothing twice');
    assert.deepEqual(
      stored.map((text) => JSON.parse(text).n).sort((a: number, b: number) => a - b),
      Array.from({ length: COUNT }, (_, n) => n),
    );
  });

  it('import: a cancelled import resumes to the same end', async () => {
    const target = freshCollection();
    const file = importFile(120);
    const seed = newIdSeed();
    const controller = new AbortController();
    const first = await importDocuments({
      api: client,
      db: DB,
      col: target,
      records: readNdjson([file]),
      idSeed: seed,
      signal: controller.signal,
      onProgress: (tally) => {
        if (tally.stored >= 30) controller.abort();
      },
    });
    assert.equal(first.ended, 'cancelled');
    assert.ok(first.doneThrough < 120);
    const resumed = await importDocuments({
      api: client,
      db: DB,
      col: target,
      records: readNdjson([file]),
      idSeed: seed,
      resumeFrom: first.doneThrough,
      previous: first.resumable,
    });
    assert.equal(resumed.ended, 'complete');
    assert.equal(resumed.stored + resumed.alreadyStored, 120);
    assert.equal((await allDocuments(direct, DB, target)).length, 120);
  });
});
