import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildService } from '../test/support/testService';
import { startServiceInChild } from '../test/support/testService';
import { benchServiceScript } from './support/benchData';
import type { BenchSection } from './support/section';
import { byIdFigure, largestFigures, loadFigures, queryFigures } from './support/indexFigures';
import type { Figure } from './support/figure';
import { createIndexesAndWait } from './support/indexBuilds';
import { inParallel, KeepAliveClient, residentMb } from './support/keepAlive';
import { median } from './support/stats';

const KEY = 'bench-indexes-key-31c7';
const DB = 'bench';
const COL = 'docs';
const COLLECTION = `/databases/${DB}/collections/${COL}`;
/** Requests per figure, by-`_id` reads per figure, requests of each kind before measuring (a warmed-up service), the sizes, and the requests after the largest load. */
interface IndexPlan {
  runs: number;
  byIdRuns: number;
  warmUp: number;
  sizes: number[];
  more: number;
}

const FULL_PLAN: IndexPlan = { runs: 41, byIdRuns: 201, warmUp: 500, sizes: [100_000, 1_000_000], more: 1_000_000 };
const QUICK_PLAN: IndexPlan = { ...FULL_PLAN, sizes: [100_000], more: 100_000 };
const SMOKE_PLAN: IndexPlan = { runs: 3, byIdRuns: 5, warmUp: 20, sizes: [2_000], more: 2_000 };
/** The plan of the run under way (set by measureIndexedQueries). */
let plan = FULL_PLAN;
export const WRITERS = 32;
export const RSS_SAMPLES = 10;

/** The documents of issue 21. */
const documentOf = (i: number) => ({ _id: i, k: i % 1000, s: `name${i}`, n: (i * 7919) % 100003 });

/**
 * The requests measured at every size: `path` is the documents list with its query parameters. Every list
 * answer carries the count header, so each is "with its count". The range is a tenth of `n`'s values, as a
 * user pages through "n between 50,000 and 60,000": a page of 20 at every size, out of a tenth of the
 * documents (about 100 at 1,000, 100,000 at 1,000,000). A narrow range such as [50000, 50200) would
 * return 2 documents at 1,000 and 20 at 100,000: a result that grows with the collection, not a page.
 */
export const QUERIES = [
  { key: 'equality', title: 'equality q {k: 7}, limit 20, with its count', path: `${COLLECTION}/documents?q=${enc({ k: 7 })}&limit=20` },
  {
    key: 'range',
    title: 'range q {n: [50000, 60000)}, limit 20, with its count',
    path: `${COLLECTION}/documents?q=${enc({ n: { $gte: 50_000, $lt: 60_000 } })}&limit=20`,
  },
  { key: 'sort', title: 'sort {n: -1}, limit 20', path: `${COLLECTION}/documents?sort=${enc({ n: -1 })}&limit=20` },
] as const;

function enc(value: unknown): string {
  return encodeURIComponent(JSON.stringify(value));
}

export interface Timing {
  ms: number;
  /** The same request on the 1,000-document service, measured in turn with it. */
  baseMs: number;
  /** The service's answer when it refused the request (e.g. past its work budget). */
  refused?: string;
}

export interface SizeResult {
  size: number;
  insertsPerSecond: number;
  indexBuildMs: number;
  queries: Record<(typeof QUERIES)[number]['key'], Timing>;
  byId: { big: number; base: number };
  residentMb: number;
}

/**
 * The median milliseconds of `path` on the larger service and on the 1,000-document one, their requests
 * taken in turn: the machine is shared, and a ratio of two medians measured minutes apart measured the load
 * as much as the service (the same query at 1,000 documents took 0.6 ms or 8 ms depending on the minute).
 */
async function pairedP50(
  runs: number,
  big: KeepAliveClient,
  base: KeepAliveClient,
  path: (run: number) => string,
): Promise<{ big: number; base: number }> {
  await big.ok('GET', path(-1));
  await base.ok('GET', path(-1));
  const bigSamples: number[] = [];
  const baseSamples: number[] = [];
  for (let run = 0; run < runs; run++) {
    for (const [client, samples] of run % 2 === 0
      ? ([
          [big, bigSamples],
          [base, baseSamples],
        ] as const)
      : ([
          [base, baseSamples],
          [big, bigSamples],
        ] as const)) {
      const start = performance.now();
      await client.ok('GET', path(run));
      samples.push(performance.now() - start);
    }
  }
  return { big: median(bigSamples), base: median(baseSamples) };
}

async function timeQuery(big: KeepAliveClient, base: KeepAliveClient, path: string): Promise<Timing> {
  for (const client of [big, base]) {
    const first = await client.call('GET', path);
    if (first.status !== 200) return { ms: Number.NaN, baseMs: Number.NaN, refused: `${first.status} ${first.text.slice(0, 160)}` };
  }
  try {
    const both = await pairedP50(plan.runs, big, base, () => path);
    return { ms: both.big, baseMs: both.base };
  } catch (error) {
    // A request past the service's work budget or time limit is refused with 400: a figure, not the end of the run.
    return { ms: Number.NaN, baseMs: Number.NaN, refused: (error as Error).message.slice(0, 200) };
  }
}

export const BASE_SIZE = 1_000;

/** By-`_id` reads on the larger service and the 1,000-document one in turn: {big, base} medians. */
async function byIdMs(big: KeepAliveClient, size: number, base: KeepAliveClient): Promise<{ big: number; base: number }> {
  let run = 0;
  // The same _id on both (below 1,000), so the documents read are alike; the larger service holds many more.
  return pairedP50(plan.byIdRuns, big, base, () => `${COLLECTION}/documents/${((run++ + 2) * 7919) % Math.min(size, BASE_SIZE)}`);
}

async function warmUp(client: KeepAliveClient, size: number): Promise<void> {
  await inParallel(plan.warmUp, 4, (i) => client.ok('GET', `${COLLECTION}/documents/${(i * 7919) % size}`));
  for (const query of QUERIES) if ((await client.call('GET', query.path)).status !== 200) return;
}

/** Inserts the documents one POST each, `WRITERS` at once, as clients would; returns inserts per second. */
async function load(client: KeepAliveClient, size: number, progress: (line: string) => void): Promise<number> {
  const start = performance.now();
  const step = Math.max(1, Math.floor(size / 10));
  await inParallel(size, WRITERS, async (i) => {
    await client.ok('POST', `${COLLECTION}/documents`, { document: documentOf(i) });
    if (size >= 100_000 && i > 0 && i % step === 0) progress(`  ${i.toLocaleString('en')} inserted`);
  });
  return size / ((performance.now() - start) / 1000);
}

/** Creates the indexes {k: 1} and {n: -1} and waits until neither is building any more; returns the milliseconds. */
const createIndexes = (client: KeepAliveClient): Promise<number> => createIndexesAndWait(client, COLLECTION, [{ k: 1 }, { n: -1 }]);

async function startService(dataDir: string, script: string): Promise<{ service: ChildService; startMs: number }> {
  const start = performance.now();
  const service = await startServiceInChild({ dataDir, keepData: true, apiKeys: [KEY], empty: true, script });
  return { service, startMs: performance.now() - start };
}

export interface LargestExtras {
  /** Requests sent after loading the largest collection, to see whether by-`_id` reads and memory stay where they were. */
  more: number;
  byIdAfter: { big: number; base: number };
  rss: number[];
  /** Start to ready line, and start to the first answer (a document by `_id`). */
  restartMs: number;
  restartAnsweredMs: number;
  restartResidentMb: number;
}

/** After the largest load: another million by-`_id` reads (resident memory sampled), then the same reads beside the base. */
async function largestExtras(
  client: KeepAliveClient,
  base: KeepAliveClient,
  service: ChildService,
  size: number,
  more: number,
  progress: (line: string) => void,
): Promise<Pick<LargestExtras, 'more' | 'byIdAfter' | 'rss'>> {
  const rss: number[] = [residentMb(service.pid)];
  const every = more / RSS_SAMPLES;
  await inParallel(more, WRITERS, async (i) => {
    await client.ok('GET', `${COLLECTION}/documents/${(i * 7919) % size}`);
    if ((i + 1) % every === 0) {
      rss.push(residentMb(service.pid));
      progress(`  ${(i + 1).toLocaleString('en')} more requests, resident ${rss[rss.length - 1].toFixed(0)} MB`);
    }
  });
  return { more, byIdAfter: await byIdMs(client, size, base), rss };
}

/** A service with `size` documents inserted through the interface and both indexes built, warmed up. */
async function loadedService(
  script: string,
  size: number,
  progress: (line: string) => void,
): Promise<{ service: ChildService; client: KeepAliveClient; dataDir: string; insertsPerSecond: number; indexBuildMs: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dbhost-bench-indexes-'));
  const { service } = await startService(dataDir, script);
  const client = new KeepAliveClient(service.url, KEY, WRITERS);
  await client.ok('POST', '/databases', { name: DB, slug: 'sandbox' });
  await client.ok('POST', `/databases/${DB}/collections`, { name: COL });
  progress(`${size.toLocaleString('en')} documents: inserting through the interface (${WRITERS} at once)`);
  const insertsPerSecond = await load(client, size, progress);
  const indexBuildMs = await createIndexes(client);
  await warmUp(client, size);
  return { service, client, dataDir, insertsPerSecond, indexBuildMs };
}

/** One size beside the base: a fresh service, the documents through the interface, the indexes, then the requests in turn with the base's. */
async function measureSize(
  script: string,
  size: number,
  base: KeepAliveClient,
  /** Requests sent after the load, on the largest size only. */
  more: number | undefined,
  progress: (line: string) => void,
): Promise<{ result: SizeResult; extras?: LargestExtras }> {
  const loaded = await loadedService(script, size, progress);
  let { service, client } = loaded;
  try {
    const queries = {} as SizeResult['queries'];
    for (const query of QUERIES) queries[query.key] = await timeQuery(client, base, query.path);
    const byId = await byIdMs(client, size, base);
    const result: SizeResult = {
      size,
      insertsPerSecond: loaded.insertsPerSecond,
      indexBuildMs: loaded.indexBuildMs,
      queries,
      byId,
      residentMb: residentMb(service.pid),
    };
    const shown = QUERIES.map(
      (query) =>
        `${query.key} ${queries[query.key].refused ? 'refused' : `${queries[query.key].ms.toFixed(2)} ms (${queries[query.key].baseMs.toFixed(2)} at 1,000)`}`,
    );
    progress(
      `  ${[...shown, `by _id ${byId.big.toFixed(2)} ms (${byId.base.toFixed(2)})`, `resident ${result.residentMb.toFixed(0)} MB`].join(', ')}`,
    );
    if (more === undefined) return { result };
    progress(`${size.toLocaleString('en')} documents: ${more.toLocaleString('en')} more by-_id reads`);
    const extras = await largestExtras(client, base, service, size, more, progress);
    client.close();
    await service.stop();
    progress(`${size.toLocaleString('en')} documents: restarting on them`);
    const restarted = await startService(loaded.dataDir, script);
    service = restarted.service;
    client = new KeepAliveClient(service.url, KEY, WRITERS);
    const start = performance.now();
    await client.ok('GET', `${COLLECTION}/documents/7`);
    const restartAnsweredMs = restarted.startMs + (performance.now() - start);
    progress(`  ready in ${(restarted.startMs / 1000).toFixed(1)} s, first answer at ${(restartAnsweredMs / 1000).toFixed(1)} s`);
    return {
      result,
      extras: { ...extras, restartMs: restarted.startMs, restartAnsweredMs, restartResidentMb: residentMb(service.pid) },
    };
  } finally {
    client.close();
    await service.stop();
    rmSync(loaded.dataDir, { recursive: true, force: true });
  }
}

/**
 * Issue 21's figures: collections of 100,000 and (unless quick) 1,000,000 documents inserted through the
 * interface, indexed through it and queried, each request in turn with the same on a service holding 1,000
 * (kept running throughout). The largest then takes a million more requests (100,000 when quick) and a restart.
 */
async function measureIndexedQueries(chosen: IndexPlan, progress: (line: string) => void): Promise<Figure[]> {
  plan = chosen;
  const script = benchServiceScript();
  const sizes = plan.sizes;
  const base = await loadedService(script, BASE_SIZE, progress);
  const baseFigures = {
    insertsPerSecond: base.insertsPerSecond,
    indexBuildMs: base.indexBuildMs,
    residentMb: residentMb(base.service.pid),
  };
  const results: SizeResult[] = [];
  const figures: Figure[] = [];
  try {
    for (const size of sizes) {
      const largest = size === sizes[sizes.length - 1];
      const measured = await measureSize(script, size, base.client, largest ? plan.more : undefined, progress);
      results.push(measured.result);
      figures.push(
        ...queryFigures(measured.result, size >= 1_000_000 ? 3 : 2, plan.runs),
        byIdFigure(size, measured.result.byId, plan.byIdRuns),
      );
      if (measured.extras) figures.push(...largestFigures(baseFigures, measured.result, measured.extras, plan.byIdRuns));
    }
  } finally {
    base.client.close();
    await base.service.stop();
    rmSync(base.dataDir, { recursive: true, force: true });
  }
  figures.push(...loadFigures(baseFigures, results));
  return figures;
}

export const section: BenchSection = {
  name: 'indexes',
  title:
    'indexed queries on 1,000, 100,000 and 1,000,000 documents inserted through the interface (issue 21; --quick leaves out 1,000,000)',
  smoke: '2,000 documents against 1,000, 3 requests per figure, 2,000 more reads after the load',
  run: (context) => measureIndexedQueries(context.smoke ? SMOKE_PLAN : context.quick ? QUICK_PLAN : FULL_PLAN, context.step),
};
