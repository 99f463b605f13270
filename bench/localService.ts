import { DbHostClient } from '../src/client/dbHostClient';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import type { SeededService } from './support/benchData';
import { withSeededService } from './support/benchData';
import type { BenchSection } from './support/section';
import { median, since } from './support/stats';

const RUNS = 30;
const INSERTS = 1_000;
const SMOKE = { runs: 3, inserts: 50 };

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
async function measureLocalService(service: SeededService, { runs, inserts }: { runs: number; inserts: number }): Promise<Figure[]> {
  const { db, big, small, bigCount, smallCount } = service;
  const client = new DbHostClient({ baseUrl: service.url, apiKey: service.key, timeoutMs: 120_000 });
  const count = (n: number) => n.toLocaleString('en');
  const filter = (count: number) => ({ group: 3, n: { $gte: count / 2 } });
  const bigPage = await p50(runs, () => client.listDocuments(db, big, { skip: bigCount / 2, limit: 100 }));
  const smallPage = await p50(runs, () => client.listDocuments(db, small, { skip: smallCount / 2, limit: 100 }));
  const bigQuery = await p50(runs, () => client.listDocuments(db, big, { q: filter(bigCount), limit: 100 }));
  const smallQuery = await p50(runs, () => client.listDocuments(db, small, { q: filter(smallCount), limit: 100 }));
  const unsafe = await rate(inserts, (i) => client.createDocument(db, big, { n: bigCount + i, group: 'unsafe' }, { safe: false }));
  const safe = await rate(inserts, (i) => client.createDocument(db, big, { n: bigCount + inserts + i, group: 'safe' }, { safe: true }));
  const note = `p50 of ${runs}`;
  return [
    figure({
      name: `service page of 100 (skip ${count(bigCount / 2)} of ${count(bigCount)})`,
      value: bigPage,
      unit: 'ms',
      baselineName: `same on ${count(smallCount)} docs`,
      baseline: smallPage,
      note,
    }),
    figure({
      name: `service filtered query + count (${count(bigCount)} docs)`,
      value: bigQuery,
      unit: 'ms',
      baselineName: `same on ${count(smallCount)} docs`,
      baseline: smallQuery,
      note: `${note}; q {group: 3, n: {$gte: half}}, limit 100`,
    }),
    figure({
      name: `service safe inserts (into ${count(bigCount)} docs)`,
      value: safe,
      unit: '/s',
      baselineName: 'safe: false inserts',
      baseline: unsafe,
      note: `${inserts} sequential inserts each, unique index on n`,
    }),
  ];
}

export const section: BenchSection = {
  name: 'local-service',
  title: 'the local service on 100,000 documents against 1,000',
  smoke: `2,000 against 200 documents, p50 of ${SMOKE.runs} instead of ${RUNS}, ${SMOKE.inserts} inserts instead of ${INSERTS.toLocaleString('en')}`,
  run: (context) =>
    withSeededService(context, (service) => measureLocalService(service, context.smoke ? SMOKE : { runs: RUNS, inserts: INSERTS })),
};
