import { DbHostClient } from '../src/client/dbHostClient';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import { BENCH_DB, BIG, BIG_COUNT, SMALL, SMALL_COUNT } from './support/seedAccount';
import { median, since } from './support/stats';

const IDLE_RUNS = 30;
const TARGET_RATIO = 2;

/**
 * Another account's p50 latency (a page of 20 from its 1,000-document collection) while one account copies
 * its 101,000-document database, against the same p50 when idle; and that the copy, once answered, is whole.
 */
export async function measureCopyDatabase(serviceUrl: string, busyKey: string, otherKey: string): Promise<Figure[]> {
  const busy = new DbHostClient({ baseUrl: serviceUrl, apiKey: busyKey, timeoutMs: 300_000, retries: 0 });
  const other = new DbHostClient({ baseUrl: serviceUrl, apiKey: otherKey, timeoutMs: 300_000, retries: 0 });
  const otherPage = () => other.listDocuments(BENCH_DB, SMALL, { limit: 20 });
  await otherPage();
  const idleSamples: number[] = [];
  for (let i = 0; i < IDLE_RUNS; i++) {
    const start = performance.now();
    await otherPage();
    idleSamples.push(since(start));
  }
  const idle = median(idleSamples);

  const loaded: number[] = [];
  let copying = true;
  const started = performance.now();
  const copy = busy.copyDatabase(BENCH_DB, 'bench_copy').finally(() => (copying = false));
  // A page asked for while the copy runs counts, even when the copy holds it until it is done.
  while (copying) {
    const start = performance.now();
    await otherPage();
    loaded.push(since(start));
  }
  const answer = await copy;
  const copyMs = since(started);
  const countOf = async (col: string) => (await busy.listDocuments('bench_copy', col, { limit: 1 })).total ?? 0;
  const copied = (await countOf(BIG)) + (await countOf(SMALL));
  const whole = answer.copy === true && copied === BIG_COUNT + SMALL_COUNT;
  await busy.deleteDatabase('bench_copy');
  const during = loaded.length > 0 ? median(loaded) : Number.NaN;
  return [
    figure({
      name: "another account's page of 20 during a Copy Database of 101,000 documents",
      value: during,
      unit: 'ms',
      baselineName: 'same page, service idle',
      baseline: idle,
      target: `≤ ${TARGET_RATIO}×`,
      met: during / idle <= TARGET_RATIO && whole,
      note: `p50 of the ${loaded.length} pages answered during the copy (max ${Math.round(Math.max(...loaded, 0))} ms); the copy took ${Math.round(copyMs)} ms and held ${copied.toLocaleString('en')} documents when answered${whole ? '' : ' (INCOMPLETE)'}`,
    }),
  ];
}
