import * as assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { DbHostClient } from '../../../src/client/dbHostClient';
import type { DbHostApi, DocumentQuery } from '../../../src/core/api/types';
import type { JsonObject, JsonValue } from '../../../src/core/json/lossless';
import { LosslessNumber } from '../../../src/core/json/lossless';
import { documentWriter } from '../../../src/core/transfer/documentWriter';
import type { ExportOptions, ExportProgress } from '../../../src/core/transfer/exportOptions';
import { ExportCancelledError, exportDocuments } from '../../../src/core/transfer/exportRun';
import type { TransferFormat } from '../../../src/core/transfer/formats';
import { AtomicFile } from '../../../src/extension/transfer/atomicFile';
import { FaultProxy } from '../../support/faultProxy';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess, temporaryDirectory } from '../../support/testService';

const KEY = 'windowed-export-key-0c4e';
const DB = 'windows';

type Query = Pick<DocumentQuery, 'q' | 'sort' | 'fields'>;

interface Exported {
  text: string;
  progress: ExportProgress;
  /** Progress as reported along the way. */
  reports: ExportProgress[];
}

async function exportText(
  api: DbHostApi,
  col: string,
  extra: Partial<ExportOptions> & { format?: TransferFormat } = {},
): Promise<Exported> {
  let text = '';
  const reports: ExportProgress[] = [];
  const { format = 'ndjson', ...options } = extra;
  const progress = await exportDocuments({
    api,
    db: DB,
    col,
    writer: documentWriter(format, ['_id', 'n', 'kind', 'nested.value']),
    write: async (piece) => void (text += piece),
    onProgress: (report) => reports.push(report),
    retryDelayMs: 1,
    ...options,
  });
  return { text, progress, reports };
}

/** The data pages (not the samples of where windows begin) asked for; each `listDocuments` call counts once. */
function countingPages(api: DbHostApi, onPage: (request: DocumentQuery) => void): DbHostApi {
  return Object.create(api, {
    listDocuments: {
      value: (db: string, col: string, query: DocumentQuery = {}, options?: Parameters<DbHostApi['listDocuments']>[3]) => {
        if (query.limit === 100) onPage(query);
        return api.listDocuments(db, col, query, options);
      },
    },
  }) as DbHostApi;
}

/** A page asked for within a window: an `_id` range with an end (windows before the last). */
function isWindowed(request: DocumentQuery): boolean {
  const condition = request.q?._id as JsonObject | undefined;
  return condition !== undefined && ('$lt' in condition || ('$gt' in condition && ('$gte' in condition || '$lt' in condition)));
}

/** `count` documents of varied content, ids given by `id` (the service's own where undefined), 8 POSTs in flight, the last one safe. */
async function seed(
  client: DbHostClient,
  col: string,
  count: number,
  id: (n: number) => unknown,
  content: (n: number) => JsonObject = (n) => ({
    n,
    kind: n % 3 === 0 ? 'fizz' : 'plain',
    nested: { value: n % 7 === 0 ? [n, { deep: `x${n}` }] : `v${n}` },
  }),
): Promise<void> {
  const documentAt = (n: number): JsonObject => ({ ...(id(n) === undefined ? {} : { _id: id(n) as JsonValue }), ...content(n) });
  let next = 0;
  const worker = async () => {
    while (next < count - 1) await client.createDocument(DB, col, documentAt(next++), { safe: false });
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  await client.createDocument(DB, col, documentAt(count - 1), { safe: true });
  assert.equal((await client.listDocuments(DB, col, { limit: 1 })).total, count);
}

describe('export in parallel windows of the _id order (real local service)', function () {
  this.timeout(180_000);
  let service: InProcessService;
  let client: DbHostClient;

  before(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    client = service.client();
    await client.createDatabase(DB, 'sandbox');
    await seed(client, 'objectIds', 1_250, () => undefined);
    await seed(client, 'strings', 520, (n) => `key-${String((n * 7919) % 520).padStart(4, '0')}`);
    // Numbers: negatives, fractions and 64-bit integers beyond 2^53, each a whole number apart as doubles.
    await seed(client, 'numbers', 450, (n) =>
      n % 5 === 0 ? new LosslessNumber(String(2n ** 60n + BigInt(n) * 4096n)) : n % 2 === 0 ? -n : n + 0.5,
    );
    await seed(client, 'dates', 450, (n) => ({ $date: new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString() }));
    // Ids of several kinds, which the service compares only kind by kind: windows would lose documents.
    await seed(client, 'mixed', 330, (n) =>
      n % 4 === 0 ? n : n % 4 === 1 ? `s${n}` : n % 4 === 2 ? { $oid: n.toString(16).padStart(24, '0') } : undefined,
    );
  });
  after(() => service?.stop());

  const collections = ['objectIds', 'strings', 'numbers', 'dates'];

  it('writes byte for byte what the sequential export writes, for 1 to 8 windows, every kind of _id', async () => {
    for (const col of collections) {
      const sequential = await exportText(client, col);
      assert.ok(sequential.progress.exported > 400, `${col}: enough documents for several windows`);
      for (let windows = 1; windows <= 8; windows++) {
        let bounded = 0;
        const api = countingPages(client, (request) => void (isWindowed(request) && bounded++));
        const windowed = await exportText(api, col, { parallelWindows: windows, windowPages: 1 });
        assert.equal(windowed.text, sequential.text, `${col}, ${windows} windows`);
        assert.equal(bounded > 0, windows > 1, `${col}, ${windows} windows: pages asked for within windows`);
        assert.equal(windowed.progress.exported, sequential.progress.exported);
        assert.equal(windowed.progress.total, sequential.progress.total);
        assert.deepEqual(windowed.reports.at(-1), windowed.progress, 'the last report is the outcome');
      }
    }
  });

  it('matches the sequential export for any filter, direction, projection, format and window size (property)', async () => {
    const filters: (JsonObject | undefined)[] = [
      undefined,
      { kind: 'fizz' },
      { n: { $gte: 100 } },
      { _id: { $exists: true }, kind: 'plain' },
      { $and: [{ n: { $lt: 900 } }] },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...collections),
        fc.constantFrom(...filters),
        fc.constantFrom<1 | -1 | undefined>(1, -1, undefined),
        fc.constantFrom<Query['fields']>(undefined, { n: 1 }, ['kind', 'nested']),
        fc.constantFrom<TransferFormat>('ndjson', 'json', 'csv'),
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 1, max: 3 }),
        async (col, q, direction, fields, format, windows, windowPages) => {
          const query: Query = { ...(q ? { q } : {}), ...(direction ? { sort: { _id: direction } } : {}), ...(fields ? { fields } : {}) };
          const sequential = await exportText(client, col, { query, format });
          const windowed = await exportText(client, col, { query, format, parallelWindows: windows, windowPages });
          assert.equal(windowed.text, sequential.text);
          assert.equal(windowed.progress.exported, sequential.progress.exported);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('falls back to one page after another where _ids are of several kinds, and skip paging stays sequential: same file', async () => {
    const mixed = await exportText(client, 'mixed');
    assert.equal(mixed.progress.exported, 330);
    let bounded = 0;
    const windowedMixed = await exportText(
      countingPages(client, (request) => void (isWindowed(request) && bounded++)),
      'mixed',
      { parallelWindows: 4, windowPages: 1 },
    );
    assert.equal(windowedMixed.text, mixed.text);
    assert.equal(bounded, 0, 'no page was asked for within a window');
    const bySkip: Query = { sort: { n: -1 } };
    const skipped = await exportText(client, 'objectIds', { query: bySkip });
    assert.equal((await exportText(client, 'objectIds', { query: bySkip, parallelWindows: 8, windowPages: 1 })).text, skipped.text);
  });

  it('is fewer round trips in a row: windows fetch at once (at most N in flight), and requests stay near the minimum', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    let largestSkip = 0;
    const api = Object.create(client, {
      listDocuments: {
        value: async (...args: Parameters<DbHostApi['listDocuments']>) => {
          largestSkip = Math.max(largestSkip, args[2]?.skip ?? 0);
          mostInFlight = Math.max(mostInFlight, ++inFlight);
          try {
            return await client.listDocuments(...args);
          } finally {
            inFlight--;
          }
        },
      },
    }) as DbHostApi;
    const windowed = await exportText(api, 'objectIds', { parallelWindows: 4 });
    assert.equal(mostInFlight, 4, 'four requests at once, never more');
    // ⌈1250/100⌉ pages, one sample per window after the first, one for the total and one to check the kinds.
    assert.equal(windowed.progress.requests, 13 + (Math.ceil(1250 / 400) - 1) + 2);
    // Each window's start is found from the previous one's, so no request makes the service skip more than a window.
    assert.equal(largestSkip, 400);
  });

  it('holds at most windows × window pages fetched and not yet written, however slow the file', async () => {
    for (const [windows, windowPages] of [
      [3, 2],
      [8, 1],
      [2, 4],
    ]) {
      let asked = 0;
      let written = 0;
      let mostAhead = 0;
      let inFlight = 0;
      let answered: () => void = () => undefined;
      const api = Object.create(client, {
        listDocuments: {
          value: async (...args: Parameters<DbHostApi['listDocuments']>) => {
            if (args[2]?.limit === 100) mostAhead = Math.max(mostAhead, ++asked - written);
            inFlight++;
            try {
              return await client.listDocuments(...args);
            } finally {
              inFlight--;
              answered();
            }
          },
        },
      }) as DbHostApi;
      const outcome = await exportDocuments({
        api,
        db: DB,
        col: 'objectIds',
        writer: documentWriter('ndjson'),
        parallelWindows: windows,
        windowPages,
        // A file slower than the service: each page is written only once no request is in flight, so every window runs as far ahead as it may.
        write: async (text) => {
          if (text === '') return;
          while (inFlight > 0) await new Promise<void>((resolve) => (answered = resolve));
          written++;
        },
      });
      assert.equal(outcome.exported, 1250);
      assert.equal(written, 13);
      assert.ok(mostAhead <= windows * windowPages, `${windows} windows of ${windowPages}: ${mostAhead} pages ahead`);
      assert.ok(mostAhead > windowPages, `${windows} windows of ${windowPages}: more than one window ran ahead (${mostAhead})`);
    }
  });

  describe('through the fault proxy', () => {
    let proxy: FaultProxy;
    let faulty: DbHostClient;

    before(async () => {
      proxy = await FaultProxy.start(service.service.url);
      faulty = new DbHostClient({ baseUrl: proxy.url, apiKey: KEY, timeoutMs: 5_000, retries: 0 });
    });
    beforeEach(() => proxy.reset());
    after(() => proxy?.close());

    it('pages that fail or drop in several windows at once are asked for again: the same file', async () => {
      const expected = await exportText(client, 'objectIds');
      // Once the windows run, each of the next requests (from different windows) meets a fault.
      let pages = 0;
      const api = countingPages(faulty, () => {
        pages++;
        if (pages === 4) {
          proxy.failNext(2, { kind: 'status', status: 503 });
          proxy.failNext(2, { kind: 'reset' });
        }
        if (pages === 9) {
          proxy.failNext(1, { kind: 'truncated' });
          proxy.failNext(2, { kind: 'invalid-json' });
          proxy.failNext(1, { kind: 'status', status: 500 });
        }
      });
      const windowed = await exportText(api, 'objectIds', { parallelWindows: 4, windowPages: 1, pageRetries: 8 });
      assert.equal(windowed.text, expected.text);
      assert.equal(proxy.requests.filter((request) => request.fault !== 'pass').length, 8, 'the faults were met');
    });

    it('a service that stays down ends the export with the cause, with every window stopped', async () => {
      let pages = 0;
      const api = countingPages(faulty, () => {
        if (++pages === 3) proxy.setMode({ kind: 'status', status: 503, message: 'down for maintenance' });
      });
      await assert.rejects(exportText(api, 'objectIds', { parallelWindows: 4, windowPages: 1, pageRetries: 2 }), /down for maintenance/);
      const settled = pages;
      proxy.setMode({ kind: 'pass' });
      await client.listDocuments(DB, 'objectIds', { limit: 1 });
      assert.equal(pages, settled, 'nothing is asked for once the export has ended');
    });

    it('cancel mid-export (windows waiting on the file and on the service) ends it and leaves no file', async () => {
      const folder = temporaryDirectory('windows-cancel');
      const file = await AtomicFile.create(join(folder, 'export.ndjson'));
      const controller = new AbortController();
      let pages = 0;
      let requests = 0;
      proxy.setMode({ kind: 'latency', ms: 5 });
      const run = exportDocuments({
        api: countingPages(faulty, () => requests++),
        db: DB,
        col: 'objectIds',
        writer: documentWriter('ndjson'),
        parallelWindows: 4,
        windowPages: 1,
        signal: controller.signal,
        write: async (text) => {
          await file.write(text);
          if (text !== '' && ++pages === 3) controller.abort();
        },
      });
      await assert.rejects(run, ExportCancelledError);
      await file.discard();
      assert.deepEqual(readdirSync(folder), [], 'no file, not even the partial one');
      const settled = requests;
      await client.listDocuments(DB, 'objectIds', { limit: 1 });
      assert.equal(requests, settled, 'nothing is asked for once the export has ended');
    });
  });
});
