import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DbHostClient } from '../src/client/dbHostClient';
import type { DbHostApi } from '../src/core/api/types';
import type { JsonObject, JsonValue } from '../src/core/json/lossless';
import { documentWriter } from '../src/core/transfer/documentWriter';
import { exportDocuments } from '../src/core/transfer/exportRun';
import { newIdSeed, withId } from '../src/core/transfer/importIds';
import { DEFAULT_IMPORT_CONCURRENCY as IMPORT_CONCURRENCY, importDocuments } from '../src/core/transfer/importRun';
import { AtomicFile } from '../src/extension/transfer/atomicFile';
import { fileRecords } from '../test/support/fileRecords';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import type { SeededService } from './support/benchData';
import { withSeededService } from './support/benchData';
import type { BenchSection } from './support/section';
import { since } from './support/stats';

const IMPORT_COUNT = 10_000;
const SMOKE_IMPORT_COUNT = 200;
const MB = 1024 * 1024;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** The client, counting the document pages asked for. */
function counting(client: DbHostClient): { api: DbHostApi; pages: () => number } {
  let pages = 0;
  const api = Object.create(client, {
    listDocuments: {
      value: (...args: Parameters<DbHostApi['listDocuments']>) => {
        pages++;
        return client.listDocuments(...args);
      },
    },
  }) as DbHostApi;
  return { api, pages: () => pages };
}

/** What the process holds in JS objects and buffers: heap in use plus memory outside the heap (file and socket buffers). */
function held(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

/** The peak of {@link held} above what it was after a garbage collection at the start, sampled every 20 ms while `task` runs. */
export async function peakAbove<T>(task: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  collectGarbage();
  const baseline = held();
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, held())), 20);
  try {
    const result = await task();
    peak = Math.max(peak, held());
    return { result, peakMb: (peak - baseline) / MB };
  } finally {
    clearInterval(timer);
  }
}

/** The same key-paged requests as an export, with nothing done with the pages: what the client and service alone cost. */
async function barePagingLoop(api: DbHostApi, service: SeededService): Promise<number> {
  let received = 0;
  let last: JsonValue | undefined;
  for (;;) {
    const page = await api.listDocuments(service.db, service.big, {
      ...(last === undefined ? {} : { q: { _id: { $gt: last } } }),
      sort: { _id: 1 },
      limit: 100,
    });
    received += page.documents.length;
    if (page.documents.length < 100 || (page.total !== undefined && page.total <= page.documents.length)) return received;
    last = page.documents[page.documents.length - 1]._id;
  }
}

async function exportToFile(api: DbHostApi, service: SeededService, path: string): Promise<number> {
  const file = await AtomicFile.create(path);
  const outcome = await exportDocuments({
    api,
    db: service.db,
    col: service.big,
    writer: documentWriter('ndjson'),
    write: (text) => file.write(text),
  });
  await file.commit();
  return outcome.exported;
}

/** A bare POST loop: `concurrency` workers, each sending the next document with `safe: true`. */
async function barePostLoop(api: DbHostApi, db: string, col: string, documents: JsonObject[], concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < documents.length) await api.createDocument(db, col, documents[next++], { safe: true });
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Export of the 100,000-document collection to NDJSON against a bare paging loop with the same client
 * (requests, documents per second, peak memory), and import of 10,000 documents from a file against a
 * bare POST loop at the same concurrency. The export and the loop alternate, twice each; the better
 * run of each counts.
 */
async function measureTransfer(service: SeededService, importCount: number, rounds: number): Promise<Figure[]> {
  const { url: serviceUrl, key: apiKey, db, bigCount } = service;
  const folder = mkdtempSync(join(tmpdir(), 'dbhost-bench-transfer-'));
  try {
    const client = new DbHostClient({ baseUrl: serviceUrl, apiKey, timeoutMs: 120_000 });
    let bareRate = 0;
    let exportRate = 0;
    let requests = 0;
    let exported = 0;
    let peakMb = 0;
    for (let round = 0; round < rounds; round++) {
      const bareStart = performance.now();
      const bare = await barePagingLoop(client, service);
      bareRate = Math.max(bareRate, bare / (since(bareStart) / 1000));
      const { api, pages } = counting(client);
      const exportStart = performance.now();
      const measured = await peakAbove(() => exportToFile(api, service, join(folder, `big-${round}.ndjson`)));
      exportRate = Math.max(exportRate, measured.result / (since(exportStart) / 1000));
      exported = measured.result;
      requests = pages();
      peakMb = Math.max(peakMb, measured.peakMb);
    }

    const seed = newIdSeed();
    const lines: string[] = [];
    for (let n = 0; n < importCount; n++)
      lines.push(
        JSON.stringify({
          n,
          name: `imported ${n}`,
          tags: ['x', n % 7],
          nested: { at: { $date: new Date(Date.UTC(2024, 0, 1) + n * 1000).toISOString() } },
        }),
      );
    const importPath = join(folder, 'import.ndjson');
    writeFileSync(importPath, `${lines.join('\n')}\n`);
    const bareDocuments = lines.map((line, n) => withId(JSON.parse(line) as JsonObject, { ...seed, unique: 'bbbbbbbbbb' }, n));
    const bareStart = performance.now();
    await barePostLoop(client, db, 'bare_import', bareDocuments, IMPORT_CONCURRENCY);
    const bareImportRate = importCount / (since(bareStart) / 1000);
    const importStart = performance.now();
    const imported = await importDocuments({
      api: client,
      db,
      col: 'imported',
      records: fileRecords(importPath, 'ndjson'),
      idSeed: seed,
      concurrency: IMPORT_CONCURRENCY,
    });
    const importRate = (imported.stored + imported.alreadyStored) / (since(importStart) / 1000);
    const importedCount = (await client.listDocuments(db, 'imported', { limit: 1 })).total;

    return [
      figure({
        name: `export ${bigCount.toLocaleString('en')} docs to NDJSON: requests`,
        value: requests,
        unit: '',
        baselineName: 'minimum ⌈N/100⌉',
        baseline: Math.ceil(exported / 100),
        target: 'the minimum',
        met: requests === Math.ceil(exported / 100) && exported === bigCount,
      }),
      figure({
        name: 'export: documents per second',
        value: exportRate,
        unit: '/s',
        baselineName: 'bare key-paging loop, same client',
        baseline: bareRate,
        target: '≥ 0.8×',
        met: exportRate >= 0.8 * bareRate,
      }),
      figure({
        name: 'export: peak memory above baseline',
        value: peakMb,
        unit: 'MB',
        target: '< 50 MB',
        met: peakMb < 50,
        note: `heap used + external, the higher of ${rounds} run${rounds === 1 ? '' : 's'}, sampled every 20 ms`,
      }),
      figure({
        name: `import ${importCount.toLocaleString('en')} docs from NDJSON (${IMPORT_CONCURRENCY} in flight): documents per second`,
        value: importRate,
        unit: '/s',
        baselineName: `bare POST loop, ${IMPORT_CONCURRENCY} in flight`,
        baseline: bareImportRate,
        target: `all ${importCount.toLocaleString('en')} stored`,
        met: importedCount === importCount && imported.failureCount === 0,
      }),
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export const section: BenchSection = {
  name: 'transfer',
  title: 'export of 100,000 documents and import of 10,000',
  smoke: `export of 2,000 documents once instead of 100,000 twice, import of ${SMOKE_IMPORT_COUNT} instead of ${IMPORT_COUNT.toLocaleString('en')}`,
  run: (context) =>
    withSeededService(context, (service) =>
      context.smoke ? measureTransfer(service, SMOKE_IMPORT_COUNT, 1) : measureTransfer(service, IMPORT_COUNT, 2),
    ),
};
