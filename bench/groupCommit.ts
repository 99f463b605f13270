import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServiceInChild } from '../test/support/testService';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import { inParallel, KeepAliveClient } from './support/keepAlive';

const KEY = 'bench-group-commit-key-8d21';
const WRITERS = 32;
const SAFE_INSERTS = 3_000;
/** The bare loop runs this long: enough syncs for a rate, whatever the disk. */
const BASELINE_MS = 3_000;

/** Appends a journal-sized line and fdatasyncs it, one write after another, in a file beside the service's data: what each safe write cost before group commit, at the least. */
function fsyncPerWriteRate(directory: string): number {
  const fd = openSync(join(directory, 'baseline.jsonl'), 'a');
  const line = Buffer.from(
    `${JSON.stringify({ at: Date.now(), m: [{ op: 'put', db: 'bench', col: 'safe', doc: { _id: 0, k: 0, s: 'name0', n: 0 } }] })}\n`,
  );
  try {
    const start = performance.now();
    let writes = 0;
    while (performance.now() - start < BASELINE_MS) {
      writeSync(fd, line);
      fdatasyncSync(fd);
      writes++;
    }
    return writes / ((performance.now() - start) / 1000);
  } finally {
    closeSync(fd);
  }
}

/** Safe inserts by 32 concurrent writers through the service, beside the bare fsync-per-write loop measured in the same run. */
export async function measureGroupCommit(script: string, progress: (line: string) => void): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dbhost-bench-safe-'));
  const service = await startServiceInChild({ dataDir, keepData: true, apiKeys: [KEY], empty: true, script });
  const client = new KeepAliveClient(service.url, KEY, WRITERS);
  try {
    await client.ok('POST', '/databases', { name: 'bench', slug: 'sandbox' });
    await client.ok('POST', '/databases/bench/collections', { name: 'safe' });
    const baselineBefore = fsyncPerWriteRate(dataDir);
    const insertRate = async (safe: boolean, first: number): Promise<number> => {
      const start = performance.now();
      await inParallel(SAFE_INSERTS, WRITERS, (n) => {
        const i = first + n;
        return client.ok('POST', '/databases/bench/collections/safe/documents', {
          safe,
          document: { _id: i, k: i % 1000, s: `name${i}`, n: (i * 7919) % 100003 },
        });
      });
      return SAFE_INSERTS / ((performance.now() - start) / 1000);
    };
    // Not measured: the service's code is compiled by the first requests, which the first phase measured alone.
    await insertRate(false, -SAFE_INSERTS);
    const unsafe = await insertRate(false, 0);
    const rate = await insertRate(true, SAFE_INSERTS);
    // The disk's speed moves with the machine's other work: the better of a loop before and one after, so the ratio is not flattered.
    const baselineAfter = fsyncPerWriteRate(dataDir);
    const baseline = Math.max(baselineBefore, baselineAfter);
    progress(`  bare loop: ${baselineBefore.toFixed(0)} then ${baselineAfter.toFixed(0)} fsynced writes/s`);
    progress(`  safe ${rate.toFixed(0)}/s, safe: false ${unsafe.toFixed(0)}/s`);
    return [
      figure({
        name: `safe inserts, ${WRITERS} concurrent writers`,
        value: rate,
        unit: '/s',
        baselineName: 'bare fdatasync per write',
        baseline,
        target: '≥ 3×',
        met: rate >= 3 * baseline,
        note: `${SAFE_INSERTS.toLocaleString('en')} inserts; the baseline is a loop of write + fdatasync on the same disk, what one sync per safe write allows at best (the better of one run before and one after: ${baselineBefore.toFixed(0)}, ${baselineAfter.toFixed(0)})`,
      }),
      figure({
        name: `safe inserts, ${WRITERS} concurrent writers, against the same with safe: false`,
        value: rate,
        unit: '/s',
        baselineName: 'safe: false',
        baseline: unsafe,
        note: 'near 1× once the syncs no longer limit the rate, only the work per insert does',
      }),
    ];
  } finally {
    client.close();
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
