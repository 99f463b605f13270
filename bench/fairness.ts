import { DbHostClient } from '../src/client/dbHostClient';
import type { SortSpec } from '../src/core/api/types';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import type { SeededService } from './support/benchData';
import { withSeededService } from './support/benchData';
import type { BenchSection } from './support/section';
import { median, since } from './support/stats';

const RUNS = 30;
const SMOKE_RUNS = 3;
const TARGET_RATIO = 2;

/**
 * The most expensive request the service still accepts: a scan of all 100,000 documents evaluating an
 * expression that builds an array per document, then a sort of the matches, close to the per-request
 * work budget (a few more elements per document are refused with 400).
 */
export const EXPENSIVE_QUERY = { $expr: { $gt: [{ $size: { $range: [0, { $add: [{ $mod: ['$n', 7] }, 10] }] } }, 12] }, tags: 'b' };
export const EXPENSIVE_SORT: SortSpec = { name: -1, n: 1 };

async function p50(runs: number, call: () => Promise<unknown>): Promise<number> {
  await call();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    samples.push(since(start));
  }
  return median(samples);
}

/**
 * Another account's p50 latency (a page of 20 from its 1,000-document collection) while one account
 * keeps the most expensive accepted request running back to back, against the same p50 when idle.
 */
async function measureFairness(service: SeededService, runs: number): Promise<Figure[]> {
  const { db, big, small } = service;
  const busy = new DbHostClient({ baseUrl: service.url, apiKey: service.key, timeoutMs: 120_000, retries: 0 });
  const other = new DbHostClient({ baseUrl: service.url, apiKey: service.otherKey, timeoutMs: 120_000, retries: 0 });
  const otherPage = () => other.listDocuments(db, small, { limit: 20 });
  const idle = await p50(runs, otherPage);

  const started = performance.now();
  const accepted = await busy.listDocuments(db, big, { q: EXPENSIVE_QUERY, sort: EXPENSIVE_SORT, limit: 20 });
  const expensiveMs = since(started);
  let running = true;
  let completed = 0;
  let refused = 0;
  const loop = (async () => {
    while (running) {
      // On a machine busy enough to pass the service's time limit the request is refused: counted, not fatal.
      await busy.listDocuments(db, big, { q: EXPENSIVE_QUERY, sort: EXPENSIVE_SORT, limit: 20 }).then(
        () => completed++,
        () => refused++,
      );
    }
  })();
  const loaded = await p50(runs, otherPage);
  running = false;
  await loop;
  const note = `p50 of ${runs}; meanwhile the busy account ran ${completed + refused} back-to-back $expr scans of ${service.bigCount.toLocaleString('en')} documents with a sort of the matches (${Math.round(expensiveMs)} ms alone, ${accepted.total} matches${refused > 0 ? `, ${refused} refused` : ''})`;
  return [
    figure({
      name: "another account's page of 20 while one runs the most expensive accepted request",
      value: loaded,
      unit: 'ms',
      baselineName: 'same page, service idle',
      baseline: idle,
      target: `≤ ${TARGET_RATIO}×`,
      met: loaded / idle <= TARGET_RATIO,
      note,
    }),
  ];
}

export const section: BenchSection = {
  name: 'fairness',
  title: "another account's latency while one runs the most expensive accepted request",
  smoke: `the expensive request on 2,000 documents instead of 100,000, p50 of ${SMOKE_RUNS} instead of ${RUNS}`,
  run: (context) => withSeededService(context, (service) => measureFairness(service, context.smoke ? SMOKE_RUNS : RUNS)),
};
