import { DbHostClient } from '../src/client/dbHostClient';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import { BENCH_DB, BIG, BIG_COUNT, SMALL, SMALL_COUNT } from './support/seedAccount';
import { median, since } from './support/stats';

const RUNS = 30;
const INSERTS = 1_000;

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

/** Requests per second of `count` sequential calls. */
async function rate(count: number, call: (i: number) => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i++) await call(i);
  return count / (since(start) / 1000);
}

/**
 * The local service on 100,000 documents, each figure beside the same request on the 1,000-document
 * collection (or, for safe inserts, beside unsafe ones), so the ratio shows what the size or the safety costs.
 */
export async function measureLocalService(serviceUrl: string, apiKey: string): Promise<Figure[]> {
  const client = new DbHostClient({ baseUrl: serviceUrl, apiKey, timeoutMs: 120_000 });
  const filter = (count: number) => ({ group: 3, n: { $gte: count / 2 } });
  const bigPage = await p50(RUNS, () => client.listDocuments(BENCH_DB, BIG, { skip: BIG_COUNT / 2, limit: 100 }));
  const smallPage = await p50(RUNS, () => client.listDocuments(BENCH_DB, SMALL, { skip: SMALL_COUNT / 2, limit: 100 }));
  const bigQuery = await p50(RUNS, () => client.listDocuments(BENCH_DB, BIG, { q: filter(BIG_COUNT), limit: 100 }));
  const smallQuery = await p50(RUNS, () => client.listDocuments(BENCH_DB, SMALL, { q: filter(SMALL_COUNT), limit: 100 }));
  const unsafe = await rate(INSERTS, (i) => client.createDocument(BENCH_DB, BIG, { n: BIG_COUNT + i, group: 'unsafe' }, { safe: false }));
  const safe = await rate(INSERTS, (i) =>
    client.createDocument(BENCH_DB, BIG, { n: BIG_COUNT + INSERTS + i, group: 'safe' }, { safe: true }),
  );
  const note = `p50 of ${RUNS}`;
  return [
    figure({
      name: 'service page of 100 (skip 50,000 of 100,000)',
      value: bigPage,
      unit: 'ms',
      baselineName: 'same on 1,000 docs',
      baseline: smallPage,
      note,
    }),
    figure({
      name: 'service filtered query + count (100,000 docs)',
      value: bigQuery,
      unit: 'ms',
      baselineName: 'same on 1,000 docs',
      baseline: smallQuery,
      note: `${note}; q {group: 3, n: {$gte: half}}, limit 100`,
    }),
    figure({
      name: 'service safe inserts (into 100,000 docs)',
      value: safe,
      unit: '/s',
      baselineName: 'safe: false inserts',
      baseline: unsafe,
      note: `${INSERTS} sequential inserts each, unique index on n`,
    }),
  ];
}
