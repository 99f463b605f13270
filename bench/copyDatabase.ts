import { DbHostClient } from '../src/client/dbHostClient';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import type { SeededService } from './support/benchData';
import { withSeededService } from './support/benchData';
import type { BenchSection } from './support/section';
import { median, since } from './support/stats';

const IDLE_RUNS = 30;
const SMOKE_IDLE_RUNS = 3;
const TARGET_RATIO = 2;

/**
 * Another account's p50 latency (a page of 20 from its 1,000-document collection) while one account copies
 * its 101,000-document database, against the same p50 when idle; and that the copy, once answered, is whole.
 */
async function measureCopyDatabase(service: SeededService, idleRuns: number): Promise<Figure[]> {
  const { db, big, small, bigCount, smallCount } = service;
  const busy = new DbHostClient({ baseUrl: service.url, apiKey: service.key, timeoutMs: 300_000, retries: 0 });
  const other = new DbHostClient({ baseUrl: service.url, apiKey: service.otherKey, timeoutMs: 300_000, retries: 0 });
  const otherPage = () => other.listDocuments(db, small, { limit: 20 });
  const documents = (bigCount + smallCount).toLocaleString('en');
  await otherPage();
  const idleSamples: number[] = [];
  for (let i = 0; i < idleRuns; i++) {
    const start = performance.now();
    await otherPage();
    idleSamples.push(since(start));
  }
  const idle = median(idleSamples);

  const loaded: number[] = [];
  let copying = true;
  const started = performance.now();
  const copy = busy.copyDatabase(db, 'bench_copy').finally(() => (copying = false));
  // A page asked for while the copy runs counts, even when the copy holds it until it is done.
  while (copying) {
    const start = performance.now();
    await otherPage();
    loaded.push(since(start));
  }
  const answer = await copy;
  const copyMs = since(started);
  const countOf = async (col: string) => (await busy.listDocuments('bench_copy', col, { limit: 1 })).total ?? 0;
  const copied = (await countOf(big)) + (await countOf(small));
  const whole = answer.copy === true && copied === bigCount + smallCount;
  await busy.deleteDatabase('bench_copy');
  const during = loaded.length > 0 ? median(loaded) : Number.NaN;
  return [
    figure({
      name: `another account's page of 20 during a Copy Database of ${documents} documents`,
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

export const section: BenchSection = {
  name: 'copy-database',
  aliases: ['hostile'],
  title: "another account's latency during a Copy Database of 101,000 documents (issue 22)",
  smoke: `a database of 2,200 documents instead of 101,000, ${SMOKE_IDLE_RUNS} idle pages instead of ${IDLE_RUNS}`,
  run: (context) => withSeededService(context, (service) => measureCopyDatabase(service, context.smoke ? SMOKE_IDLE_RUNS : IDLE_RUNS)),
};
