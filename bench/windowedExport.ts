import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DbHostClient } from '../src/client/dbHostClient';
import { documentWriter } from '../src/core/transfer/documentWriter';
import { exportDocuments } from '../src/core/transfer/exportRun';
import { AtomicFile } from '../src/extension/transfer/atomicFile';
import { FaultProxy } from '../test/support/faultProxy';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import type { SeededService } from './support/benchData';
import { withSeededService } from './support/benchData';
import type { BenchSection } from './support/section';
import { since } from './support/stats';
import { peakAbove } from './transfer';

/** What each request costs on its way to the service and back: a slow network or a busy hosted service. */
const LATENCY_MS = 20;
const WINDOWS = 4;

interface Run {
  rate: number;
  exported: number;
  requests: number;
  peakMb: number;
  /** SHA-256 of the file. */
  digest: string;
}

async function exportThrough(client: DbHostClient, service: SeededService, path: string, parallelWindows: number): Promise<Run> {
  const start = performance.now();
  const measured = await peakAbove(async () => {
    const file = await AtomicFile.create(path);
    const outcome = await exportDocuments({
      api: client,
      db: service.db,
      col: service.big,
      writer: documentWriter('ndjson'),
      write: (text) => file.write(text),
      parallelWindows,
    });
    await file.commit();
    return outcome;
  });
  const rate = measured.result.exported / (since(start) / 1000);
  return {
    rate,
    exported: measured.result.exported,
    requests: measured.result.requests,
    peakMb: measured.peakMb,
    digest: createHash('sha256').update(readFileSync(path)).digest('hex'),
  };
}

/**
 * Export of the 100,000-document collection through the fault proxy adding {@link LATENCY_MS} ms to
 * every request: one page after another (the baseline, same run) against {@link WINDOWS} parallel
 * windows; documents per second, the requests made and peak memory of each, and whether the files are the same.
 */
async function measureWindowedExport(service: SeededService): Promise<Figure[]> {
  const { url: serviceUrl, key: apiKey, bigCount } = service;
  const folder = mkdtempSync(join(tmpdir(), 'dbhost-bench-windows-'));
  const proxy = await FaultProxy.start(serviceUrl);
  try {
    proxy.setMode({ kind: 'latency', ms: LATENCY_MS });
    const client = new DbHostClient({ baseUrl: proxy.url, apiKey, timeoutMs: 120_000 });
    const sequential = await exportThrough(client, service, join(folder, 'sequential.ndjson'), 1);
    const windowed = await exportThrough(client, service, join(folder, 'windowed.ndjson'), WINDOWS);
    const same = windowed.digest === sequential.digest && windowed.exported === bigCount;
    const label = `export ${bigCount.toLocaleString('en')} docs, ${LATENCY_MS} ms per request`;
    return [
      figure({
        name: `${label}, ${WINDOWS} parallel windows: documents per second`,
        value: windowed.rate,
        unit: '/s',
        baselineName: 'one page after another, same run',
        baseline: sequential.rate,
        target: `> 1×, the same file`,
        met: same && windowed.rate > sequential.rate,
      }),
      figure({
        name: `${label}, ${WINDOWS} parallel windows: requests`,
        value: windowed.requests,
        unit: '',
        baselineName: 'one page after another',
        baseline: sequential.requests,
        note: 'the windows add one request per window (where it begins) and two to check the _ids',
      }),
      figure({
        name: `${label}, ${WINDOWS} parallel windows: peak memory above baseline`,
        value: windowed.peakMb,
        unit: 'MB',
        baselineName: 'one page after another',
        baseline: sequential.peakMb,
        target: '< 50 MB',
        met: windowed.peakMb < 50,
        note: 'heap used + external, sampled every 20 ms',
      }),
    ];
  } finally {
    await proxy.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

export const section: BenchSection = {
  name: 'windowed-export',
  title: `export of 100,000 documents through a slow service (${LATENCY_MS} ms per request): parallel windows against one page after another`,
  smoke: '2,000 documents instead of 100,000',
  run: (context) => withSeededService(context, measureWindowedExport),
};
