// Issue 31's number: `$match` on an indexed field + `$group` over 100,000 documents, against the same `$match`
// as a find (paged through the documents list) with the groups counted here. Run alone: `node --import tsx
// bench/aggregation.ts --size=5000`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleService } from '../test/support/serviceBundle';
import { startServiceInChild } from '../test/support/testService';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import { inParallel, KeepAliveClient } from './support/keepAlive';
import { median } from './support/stats';
import { createIndexesAndWait } from './support/indexBuilds';
import type { BenchSection } from './support/section';
import { measurePreview } from './aggregationPreview';

const KEY = 'bench-aggregation-key-4e19';
const COLLECTION = '/databases/bench/collections/orders';
const RUNS = 9;
const PAGE = 100;
/** A tenth of the documents: k is i % 10. */
const MATCH = { k: 7 };
const PIPELINE = [{ $match: MATCH }, { $group: { _id: '$region', n: { $sum: 1 }, total: { $sum: '$amount' } } }];

const documentOf = (i: number) => ({ _id: i, k: i % 10, region: `r${i % 23}`, amount: (i * 7919) % 1000, note: `order ${i}` });

type Groups = Map<string, { n: number; total: number }>;

/** The find the pipeline's `$match` is, read page by page through the documents list, and the groups counted here. */
async function findAndCount(client: KeepAliveClient): Promise<Groups> {
  const groups: Groups = new Map();
  for (let skip = 0; ; skip += PAGE) {
    const q = encodeURIComponent(JSON.stringify(MATCH));
    const page = JSON.parse((await client.ok('GET', `${COLLECTION}/documents?q=${q}&skip=${skip}&limit=${PAGE}`)).text) as ReturnType<
      typeof documentOf
    >[];
    for (const doc of page) {
      const group = groups.get(doc.region) ?? { n: 0, total: 0 };
      group.n++;
      group.total += doc.amount;
      groups.set(doc.region, group);
    }
    if (page.length < PAGE) return groups;
  }
}

async function aggregate(client: KeepAliveClient): Promise<Groups> {
  const answer = await client.ok('POST', `${COLLECTION}/aggregate`, { pipeline: PIPELINE, limit: 100 });
  const results = JSON.parse(answer.text) as { _id: string; n: number; total: number }[];
  return new Map(results.map((result) => [result._id, { n: result.n, total: result.total }]));
}

const sameGroups = (a: Groups, b: Groups): boolean =>
  a.size === b.size && [...a].every(([key, group]) => b.get(key)?.n === group.n && b.get(key)?.total === group.total);

async function load(client: KeepAliveClient, size: number): Promise<void> {
  await inParallel(size, 32, (i) => client.ok('POST', `${COLLECTION}/documents`, { document: documentOf(i) }));
  await createIndexesAndWait(client, COLLECTION, [{ k: 1 }]);
}

/** The two measured in turn, run after run, so that the machine's load weighs on both alike. */
async function measureAggregation(options: { size: number; progress: (line: string) => void }): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'dbhost-bench-aggregation-'));
  const service = await startServiceInChild({ apiKeys: [KEY], empty: true, script: bundleService(dir) });
  const client = new KeepAliveClient(service.url, KEY, 32);
  try {
    await client.ok('POST', '/databases', { name: 'bench', slug: 'sandbox' });
    options.progress(`aggregation: inserting ${options.size.toLocaleString('en')} documents`);
    await load(client, options.size);
    const pipelineMs: number[] = [];
    const findMs: number[] = [];
    for (let run = -1; run < RUNS; run++) {
      let start = performance.now();
      const counted = await findAndCount(client);
      const findTook = performance.now() - start;
      start = performance.now();
      const grouped = await aggregate(client);
      const pipelineTook = performance.now() - start;
      if (!sameGroups(counted, grouped)) throw new Error('The pipeline and the counted find disagree');
      if (run < 0) continue;
      findMs.push(findTook);
      pipelineMs.push(pipelineTook);
    }
    const value = median(pipelineMs);
    const baseline = median(findMs);
    return [
      figure({
        name: `aggregate: $match on an indexed field + $group over ${options.size.toLocaleString('en')} docs (p50)`,
        value,
        unit: 'ms',
        baselineName: 'the same $match as a paged find + groups counted in the bench',
        baseline,
        target: '≤ 2×',
        met: value <= 2 * baseline,
      }),
    ];
  } finally {
    client.close();
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bench section (bench/run.ts): `npm run bench -- --only=aggregation`. */
export const section: BenchSection = {
  name: 'aggregation',
  title: `$match on an indexed field + $group over ${(100_000).toLocaleString('en')} documents against the same $match as a find, groups counted in the bench; Preview to here on ${(1_000_000).toLocaleString('en')} documents`,
  smoke: '2,000 documents; the preview on 20,000',
  run: async (context) => [
    ...(await measureAggregation({ size: context.smoke ? 2_000 : 100_000, progress: (line) => context.step(line) })),
    ...(await measurePreview({ size: context.smoke ? 20_000 : 1_000_000, progress: (line) => context.step(line) })),
  ],
};
