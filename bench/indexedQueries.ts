import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceProcess } from '../test/support/serviceProcess';
import { bundleService } from '../test/unit/service/childService';
import { measureGroupCommit } from './groupCommit';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import { inParallel, KeepAliveClient, p50, residentMb } from './support/keepAlive';

const KEY = 'bench-indexes-key-31c7';
const DB = 'bench';
const COL = 'docs';
const COLLECTION = `/databases/${DB}/collections/${COL}`;
const RUNS = 15;
const WRITERS = 32;
const RSS_SAMPLES = 10;

/** The documents of issue 21. */
const documentOf = (i: number) => ({ _id: i, k: i % 1000, s: `name${i}`, n: (i * 7919) % 100003 });

/**
 * The requests measured at every size: `path` is the documents list with its query parameters. Every list
 * answer carries the count header, so each is "with its count". The range is a tenth of `n`'s values, as a
 * user pages through "n between 50,000 and 60,000": a page of 20 at every size, out of a tenth of the
 * documents (about 100 at 1,000, 100,000 at 1,000,000). A narrow range such as [50000, 50200) would
 * return 2 documents at 1,000 and 20 at 100,000: a result that grows with the collection, not a page.
 */
const QUERIES = [
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

interface Timing {
  ms: number;
  /** The service's answer when it refused the request (e.g. past its work budget). */
  refused?: string;
}

interface SizeResult {
  size: number;
  insertsPerSecond: number;
  indexBuildMs: number;
  queries: Record<(typeof QUERIES)[number]['key'], Timing>;
  byIdMs: number;
  residentMb: number;
}

async function timeQuery(client: KeepAliveClient, path: string): Promise<Timing> {
  const first = await client.call('GET', path);
  if (first.status !== 200) return { ms: Number.NaN, refused: `${first.status} ${first.text.slice(0, 160)}` };
  try {
    return { ms: await p50(RUNS, () => client.ok('GET', path)) };
  } catch (error) {
    // A request past the service's work budget or time limit is refused with 400: a figure, not the end of the run.
    return { ms: Number.NaN, refused: (error as Error).message.slice(0, 200) };
  }
}

const BY_ID_RUNS = 200;
/** Requests of each kind sent before measuring, so that every size is measured on a warmed-up service. */
const WARM_UP = 500;

async function byIdMs(client: KeepAliveClient, size: number): Promise<number> {
  return p50(BY_ID_RUNS, (run) => client.ok('GET', `${COLLECTION}/documents/${((run + 2) * 7919) % size}`));
}

async function warmUp(client: KeepAliveClient, size: number): Promise<void> {
  await inParallel(WARM_UP, 4, (i) => client.ok('GET', `${COLLECTION}/documents/${(i * 7919) % size}`));
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
async function createIndexes(client: KeepAliveClient): Promise<number> {
  const start = performance.now();
  for (const spec of [{ k: 1 }, { n: -1 }]) await client.ok('POST', `${COLLECTION}/indexes`, { spec });
  for (const name of ['k_1', 'n_-1']) {
    for (;;) {
      const index = JSON.parse((await client.ok('GET', `${COLLECTION}/indexes/${name}`)).text) as { building?: boolean };
      if (!index.building) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return performance.now() - start;
}

async function startService(dataDir: string, script: string): Promise<{ service: ServiceProcess; startMs: number }> {
  const start = performance.now();
  const service = await ServiceProcess.start({ dataDir, apiKeys: [KEY], empty: true, script });
  return { service, startMs: performance.now() - start };
}

interface LargestExtras {
  /** Requests sent after loading the largest collection, to see whether by-`_id` reads and memory stay where they were. */
  more: number;
  byIdAfterMs: number;
  rss: number[];
  restartMs: number;
  restartResidentMb: number;
}

/** After the largest load: another million by-`_id` reads (resident memory sampled), then a restart on the same data. */
async function largestExtras(
  client: KeepAliveClient,
  service: ServiceProcess,
  size: number,
  more: number,
  progress: (line: string) => void,
): Promise<{ extras: Omit<LargestExtras, 'restartMs' | 'restartResidentMb'> }> {
  const rss: number[] = [residentMb(service.pid)];
  const every = more / RSS_SAMPLES;
  await inParallel(more, WRITERS, async (i) => {
    await client.ok('GET', `${COLLECTION}/documents/${(i * 7919) % size}`);
    if ((i + 1) % every === 0) {
      rss.push(residentMb(service.pid));
      progress(`  ${(i + 1).toLocaleString('en')} more requests, resident ${rss[rss.length - 1].toFixed(0)} MB`);
    }
  });
  return { extras: { more, byIdAfterMs: await byIdMs(client, size), rss } };
}

/** One size: a fresh service, the documents through the interface, the indexes, then the requests. */
async function measureSize(
  script: string,
  size: number,
  /** Requests sent after the load, on the largest size only. */
  more: number | undefined,
  progress: (line: string) => void,
): Promise<{ result: SizeResult; extras?: LargestExtras }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dbhost-bench-indexes-'));
  let { service } = await startService(dataDir, script);
  let client = new KeepAliveClient(service.url, KEY, WRITERS);
  try {
    await client.ok('POST', '/databases', { name: DB, slug: 'sandbox' });
    await client.ok('POST', `/databases/${DB}/collections`, { name: COL });
    progress(`${size.toLocaleString('en')} documents: inserting through the interface (${WRITERS} at once)`);
    const insertsPerSecond = await load(client, size, progress);
    const indexBuildMs = await createIndexes(client);
    await warmUp(client, size);
    const queries = {} as SizeResult['queries'];
    for (const query of QUERIES) queries[query.key] = await timeQuery(client, query.path);
    const result: SizeResult = { size, insertsPerSecond, indexBuildMs, queries, byIdMs: await byIdMs(client, size), residentMb: 0 };
    result.residentMb = residentMb(service.pid);
    const shown = QUERIES.map(
      (query) => `${query.key} ${queries[query.key].refused ? 'refused' : `${queries[query.key].ms.toFixed(2)} ms`}`,
    );
    progress(`  ${[...shown, `by _id ${result.byIdMs.toFixed(2)} ms`, `resident ${result.residentMb.toFixed(0)} MB`].join(', ')}`);
    if (more === undefined) return { result };
    progress(`${size.toLocaleString('en')} documents: ${more.toLocaleString('en')} more by-_id reads`);
    const { extras } = await largestExtras(client, service, size, more, progress);
    client.close();
    await service.stop();
    const restarted = await startService(dataDir, script);
    service = restarted.service;
    client = new KeepAliveClient(service.url, KEY, WRITERS);
    await client.ok('GET', `${COLLECTION}/documents/7`);
    return { result, extras: { ...extras, restartMs: restarted.startMs, restartResidentMb: residentMb(service.pid) } };
  } finally {
    client.close();
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function queryFigures(base: SizeResult, result: SizeResult, target: number): Figure[] {
  return QUERIES.map((query) => {
    const timing = result.queries[query.key];
    const ratio = timing.ms / base.queries[query.key].ms;
    return figure({
      name: `indexed query at ${result.size.toLocaleString('en')} docs: ${query.title}`,
      value: timing.ms,
      unit: 'ms',
      baselineName: `same at ${base.size.toLocaleString('en')}`,
      baseline: base.queries[query.key].ms,
      target: `≤ ${target}×`,
      met: ratio <= target,
      note: timing.refused ? `refused: ${timing.refused}` : `p50 of ${RUNS}; indexes {k: 1}, {n: -1}`,
    });
  });
}

function largestFigures(base: SizeResult, largest: SizeResult, extras: LargestExtras): Figure[] {
  const label = `${largest.size.toLocaleString('en')} docs`;
  const peak = Math.max(...extras.rss);
  return [
    figure({
      name: `by _id at ${label}`,
      value: largest.byIdMs,
      unit: 'ms',
      baselineName: `same at ${base.size.toLocaleString('en')}`,
      baseline: base.byIdMs,
      target: '≤ 1.5×',
      met: largest.byIdMs <= 1.5 * base.byIdMs,
      note: `p50 of ${RUNS * 4}`,
    }),
    figure({
      name: `by _id at ${label}, after ${extras.more.toLocaleString('en')} more requests`,
      value: extras.byIdAfterMs,
      unit: 'ms',
      baselineName: `same at ${base.size.toLocaleString('en')}`,
      baseline: base.byIdMs,
      target: '≤ 1.5×',
      met: extras.byIdAfterMs <= 1.5 * base.byIdMs,
    }),
    figure({
      name: `service resident memory, peak over ${extras.more.toLocaleString('en')} requests`,
      value: peak,
      unit: 'MB',
      baselineName: 'before them',
      baseline: extras.rss[0],
      target: '≤ 1.10×',
      met: peak <= 1.1 * extras.rss[0],
      note: `sampled every ${(extras.more / RSS_SAMPLES).toLocaleString('en')}: ${extras.rss.map((mb) => mb.toFixed(0)).join(', ')}`,
    }),
    figure({
      name: `service resident memory at ${label}`,
      value: largest.residentMb,
      unit: 'MB',
      baselineName: `at ${base.size.toLocaleString('en')}`,
      baseline: base.residentMb,
      note: `after a restart on them: ${extras.restartResidentMb.toFixed(0)} MB`,
    }),
    figure({ name: `service restart on ${label} (start to ready)`, value: extras.restartMs / 1000, unit: 's' }),
  ];
}

function loadFigures(results: SizeResult[]): Figure[] {
  return results.map((result) =>
    figure({
      name: `inserts through the interface, ${result.size.toLocaleString('en')} docs (${WRITERS} at once, safe: false)`,
      value: result.insertsPerSecond,
      unit: '/s',
      baselineName: `at ${results[0].size.toLocaleString('en')}`,
      baseline: results[0].insertsPerSecond,
      note: `then both indexes built in ${(result.indexBuildMs / 1000).toFixed(1)} s`,
    }),
  );
}

/**
 * Issue 21's figures: collections of 1,000, 100,000 and (unless `quick`) 1,000,000 documents inserted through
 * the interface, indexed through it, queried; each query beside the same at 1,000 documents. The largest
 * then takes a million more requests and a restart. Safe inserts by 32 writers come beside a bare
 * fsync-per-write loop on the same disk.
 */
export async function measureIndexedQueries(options: { quick: boolean; progress: (line: string) => void }): Promise<Figure[]> {
  const script = bundleService(mkdtempSync(join(tmpdir(), 'dbhost-bench-service-')));
  const sizes = options.quick ? [1_000, 100_000] : [1_000, 100_000, 1_000_000];
  options.progress(`safe inserts, ${WRITERS} writers, against one fsync per write`);
  const safeInserts = await measureGroupCommit(script, options.progress);
  const results: SizeResult[] = [];
  let extras: LargestExtras | undefined;
  for (const size of sizes) {
    const largest = size === sizes[sizes.length - 1];
    const measured = await measureSize(script, size, largest ? (options.quick ? 100_000 : 1_000_000) : undefined, options.progress);
    results.push(measured.result);
    extras = measured.extras ?? extras;
  }
  const [base, ...larger] = results;
  const figures = larger.flatMap((result) => queryFigures(base, result, result.size >= 1_000_000 ? 3 : 2));
  if (extras) figures.push(...largestFigures(base, results[results.length - 1], extras));
  figures.push(...loadFigures(results));
  return [...safeInserts, ...figures];
}
