import type { PostgresCluster } from '../test/support/postgresCluster';
import { startPostgresCluster } from '../test/support/postgresCluster';
import { bundleService } from '../test/support/serviceBundle';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildService } from '../test/support/testService';
import { runLoad } from '../src/service/bulkLoad/loadCli';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import type { KeepAliveClient } from './support/keepAlive';
import { residentMb } from './support/keepAlive';
import {
  byIdThroughput,
  createBenchDatabase,
  createBenchIndexes,
  documentOf,
  insertThroughInterface,
  pairedP50,
  PG_COL,
  PG_COLLECTION,
  PG_DB,
  PG_KEY,
  startOn,
  WRITERS,
} from './support/postgresServices';

/**
 * `--pg-huge`: also the 10,000,000-document case (loaded by `npm run pg-load`'s path; tens of minutes and many GB of
 * disk). `--pg-huge-only`: that case and its 1,000-document base alone; `--pg-huge-size=N` another size for it.
 */
const HUGE_ONLY = process.argv.includes('--pg-huge-only');
const HUGE = HUGE_ONLY || process.argv.includes('--pg-huge');
const HUGE_SIZE = Number(process.argv.find((arg) => arg.startsWith('--pg-huge-size='))?.split('=')[1] ?? 10_000_000);

const FULL = { base: 1_000, big: 100_000, huge: HUGE_SIZE, runs: 41, byIdRuns: 201, reads: 20_000, safeInserts: 5_000 };
const SMOKE = { base: 200, big: 2_000, huge: 20_000, runs: 5, byIdRuns: 11, reads: 500, safeInserts: 200 };
type Sizes = typeof FULL;

const enc = (value: unknown): string => encodeURIComponent(JSON.stringify(value));
const QUERIES = [
  { title: 'equality q {k: 7}, limit 20, with its count', path: `${PG_COLLECTION}/documents?q=${enc({ k: 7 })}&limit=20` },
  { title: 'sort {n: -1}, limit 20', path: `${PG_COLLECTION}/documents?sort=${enc({ n: -1 })}&limit=20` },
];
const count = (n: number) => n.toLocaleString('en');

/** What the section needs of the bench's context (bench/run.ts). */
export interface PostgresBenchContext {
  smoke: boolean;
  step(line: string): void;
  notMeasured?(line: string): void;
}

interface Loaded {
  service: ChildService;
  client: KeepAliveClient;
  store: string;
  database: string;
  size: number;
}

/** A service on a fresh database of `cluster` with `size` documents inserted through the interface and both indexes built. */
async function loaded(cluster: PostgresCluster, script: string, size: number, context: PostgresBenchContext): Promise<Loaded> {
  const store = cluster.freshDatabaseUrl('bench');
  const { service, client } = await startOn(script, store);
  await createBenchDatabase(client);
  context.step(`PostgreSQL: ${count(size)} documents through the interface (${WRITERS} writers)`);
  await insertThroughInterface(client, 0, size, false);
  await createBenchIndexes(client);
  return { service, client, store, database: new URL(store).pathname.slice(1), size };
}

async function ratioFigures(big: Loaded, base: Loaded, sizes: Sizes, target: { query: number; byId: number }): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const query of QUERIES) {
    const timing = await pairedP50(sizes.runs, big.client, base.client, () => query.path);
    figures.push(
      figure({
        name: `PostgreSQL store at ${count(big.size)} docs: ${query.title}`,
        value: timing.big,
        unit: 'ms',
        baselineName: `same at ${count(base.size)}, in turn`,
        baseline: timing.base,
        target: `≤ ${target.query}×`,
        met: timing.big <= target.query * timing.base,
        note: `p50 of ${sizes.runs}; indexes {k: 1}, {n: -1} made through the interface`,
      }),
    );
  }
  let run = 0;
  const byId = await pairedP50(
    sizes.byIdRuns,
    big.client,
    base.client,
    () => `${PG_COLLECTION}/documents/${((run++ + 2) * 7919) % base.size}`,
  );
  figures.push(
    figure({
      name: `PostgreSQL store at ${count(big.size)} docs: by _id`,
      value: byId.big,
      unit: 'ms',
      baselineName: `same at ${count(base.size)}, in turn`,
      baseline: byId.base,
      target: `≤ ${target.byId}×`,
      met: byId.big <= target.byId * byId.base,
      note: `p50 of ${sizes.byIdRuns}`,
    }),
  );
  return figures;
}

/** A second service process on the same database: by-_id reads spread over both against the same reads on one. */
async function twoProcessFigure(script: string, big: Loaded, sizes: Sizes): Promise<Figure> {
  const second = await startOn(script, big.store);
  try {
    const width = 2 * WRITERS;
    await byIdThroughput([big.client, second.client], big.size, sizes.reads / 4, width);
    const one = await byIdThroughput([big.client], big.size, sizes.reads, width);
    const two = await byIdThroughput([big.client, second.client], big.size, sizes.reads, width);
    return figure({
      name: `PostgreSQL store: by-_id reads, two service processes over one database`,
      value: two,
      unit: '/s',
      baselineName: 'one process',
      baseline: one,
      target: '≥ 1.6×',
      met: two >= 1.6 * one,
      note: `${count(sizes.reads)} reads each, ${width} in flight, ${count(big.size)} docs`,
    });
  } finally {
    second.client.close();
    await second.service.stop();
  }
}

/**
 * The big service restarted on its data: start to the first answer (a document by _id), then its resident memory
 * after as many by-_id reads as the throughput figures made and the queries of the ratios, against the base
 * service's (which loaded its collection for its writes): an account opens from its catalog, and reads load none.
 */
async function restartFigures(script: string, big: Loaded, base: Loaded, sizes: Sizes): Promise<Figure[]> {
  big.client.close();
  await big.service.stop();
  const restarted = await startOn(script, big.store);
  big.service = restarted.service;
  big.client = restarted.client;
  const answerStart = performance.now();
  await big.client.ok('GET', `${PG_COLLECTION}/documents/7`);
  const answeredMs = restarted.startMs + (performance.now() - answerStart);
  await byIdThroughput([big.client], big.size, sizes.reads, 2 * WRITERS);
  for (const query of QUERIES) for (let run = 0; run < sizes.runs; run++) await big.client.ok('GET', query.path);
  const resident = residentMb(big.service.pid);
  const baseResident = residentMb(base.service.pid);
  return [
    figure({
      name: `PostgreSQL store: service restart on ${count(big.size)} docs, start to first answer`,
      value: answeredMs,
      unit: 'ms',
      target: '≤ 2,000 ms',
      met: answeredMs <= 2000,
      note: `ready line at ${restarted.startMs.toFixed(0)} ms; the first answer a document by _id`,
    }),
    figure({
      name: `PostgreSQL store: resident memory at ${count(big.size)} docs after a restart, ${count(sizes.reads)} reads by _id and the queries`,
      value: resident,
      unit: 'MB',
      baselineName: `the ${count(base.size)}-doc service after its queries`,
      baseline: baseResident,
      note: 'document reads are SQL and load no collection; a write loads it, within --store-cache-mb',
    }),
  ];
}

/** Safe inserts by 32 writers into a fresh collection: the PostgreSQL store against the journal store, same machine, same run. */
async function safeInsertFigure(script: string, cluster: PostgresCluster, sizes: Sizes): Promise<Figure> {
  const rates: number[] = [];
  for (const store of [cluster.freshDatabaseUrl('bench_safe'), null]) {
    const { service, client } = await startOn(script, store);
    try {
      await createBenchDatabase(client);
      await insertThroughInterface(client, -sizes.safeInserts, 0, true);
      rates.push(await insertThroughInterface(client, 0, sizes.safeInserts, true));
    } finally {
      client.close();
      await service.stop();
    }
  }
  return figure({
    name: `safe inserts, ${WRITERS} concurrent writers: PostgreSQL store`,
    value: rates[0],
    unit: '/s',
    baselineName: 'journal store',
    baseline: rates[1],
    note: `${count(sizes.safeInserts)} inserts each after as many to warm up; PostgreSQL with its default durability (fsync on)`,
  });
}

/** Documents `from` … `to - 1` written to a JSON-lines file, then loaded as `npm run pg-load` loads it; returns the seconds of the load. */
async function loadByBulkPath(store: string, from: number, to: number, context: PostgresBenchContext): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'dbhost-bench-pg-load-'));
  const file = join(folder, 'documents.jsonl');
  try {
    const output = createWriteStream(file);
    for (let i = from; i < to; i++) if (!output.write(`${JSON.stringify(documentOf(i))}\n`)) await once(output, 'drain');
    output.end();
    await once(output, 'close');
    const start = performance.now();
    let reported = 0;
    await runLoad({ store, apiKey: PG_KEY, db: PG_DB, col: PG_COL, file }, (loaded) => {
      if (loaded - reported < 1_000_000) return;
      reported = loaded;
      context.step(`PostgreSQL: ${count(loaded)} documents sent`);
    });
    return (performance.now() - start) / 1000;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The largest size through the bulk path: the service's resident memory, a restart, and the query ratios against the base. */
async function hugeFigures(
  cluster: PostgresCluster,
  script: string,
  base: Loaded,
  sizes: Sizes,
  context: PostgresBenchContext,
): Promise<Figure[]> {
  const first = await loaded(cluster, script, base.size, context);
  first.client.close();
  await first.service.stop();
  context.step(`PostgreSQL: ${count(sizes.huge - base.size)} more documents by the bulk path (npm run pg-load's, from a JSON-lines file)`);
  const loadSeconds = await loadByBulkPath(first.store, base.size, sizes.huge, context);
  context.step(`PostgreSQL: loaded in ${loadSeconds.toFixed(0)} s`);
  context.step(`PostgreSQL: restarting a service on ${count(sizes.huge)} documents`);
  const restarted = await startOn(script, first.store);
  const answerStart = performance.now();
  await restarted.client.ok('GET', `${PG_COLLECTION}/documents/7`);
  const answeredMs = restarted.startMs + (performance.now() - answerStart);
  const huge: Loaded = { ...first, service: restarted.service, client: restarted.client, size: sizes.huge };
  try {
    const ratios = await ratioFigures(huge, base, sizes, { query: 3, byId: 3 });
    const resident = residentMb(huge.service.pid);
    const bulk = sizes.huge - base.size;
    return [
      figure({
        name: `PostgreSQL store: bulk load (npm run pg-load) of ${count(bulk)} docs into the collection of ${count(base.size)} with {k: 1}, {n: -1}`,
        value: bulk / loadSeconds,
        unit: '/s',
        note: `${loadSeconds.toFixed(0)} s in one transaction; PostgreSQL keeps the collection's indexes row by row`,
      }),
      ...ratios,
      figure({
        name: `PostgreSQL store: service resident memory at ${count(sizes.huge)} docs`,
        value: resident,
        unit: 'MB',
        target: '< 300 MB',
        met: resident < 300,
        note: `after a restart and the queries above; ${count(base.size)} docs: ${residentMb(base.service.pid).toFixed(0)} MB`,
      }),
      figure({
        name: `PostgreSQL store: service restart on ${count(sizes.huge)} docs, start to first answer`,
        value: answeredMs / 1000,
        unit: 's',
        target: '≤ 2 s',
        met: answeredMs <= 2000,
        note: `ready line at ${(restarted.startMs / 1000).toFixed(1)} s; first answer a document by _id`,
      }),
    ];
  } finally {
    huge.client.close();
    await huge.service.stop();
  }
}

/** Issue 30's figures on a throwaway PostgreSQL cluster (Debian's postgresql, installed when missing and run as root). */
async function measurePostgres(context: PostgresBenchContext): Promise<Figure[]> {
  const sizes = context.smoke ? SMOKE : FULL;
  const bundleDir = mkdtempSync(join(tmpdir(), 'dbhost-bench-pg-service-'));
  const script = bundleService(bundleDir);
  context.step('PostgreSQL: starting a throwaway cluster (fsync on)');
  const cluster = await startPostgresCluster({ durable: true });
  const running: Loaded[] = [];
  try {
    const base = await loaded(cluster, script, sizes.base, context);
    running.push(base);
    if (HUGE_ONLY) return await hugeFigures(cluster, script, base, sizes, context);
    const big = await loaded(cluster, script, sizes.big, context);
    running.push(big);
    const figures = await ratioFigures(big, base, sizes, { query: 2, byId: 1.5 });
    context.step('PostgreSQL: by-_id reads through two service processes against one');
    figures.push(await twoProcessFigure(script, big, sizes));
    context.step(`PostgreSQL: restarting the service on ${count(sizes.big)} documents`);
    figures.push(...(await restartFigures(script, big, base, sizes)));
    context.step(`PostgreSQL: safe inserts by ${WRITERS} writers against the journal store`);
    figures.push(await safeInsertFigure(script, cluster, sizes));
    if (HUGE || context.smoke) figures.push(...(await hugeFigures(cluster, script, base, sizes, context)));
    else
      context.notMeasured?.(
        `PostgreSQL at ${count(FULL.huge)} documents: run with --pg-huge (about 50 minutes of loading on 2 shared cores, many GB of disk)`,
      );
    return figures;
  } finally {
    for (const { client, service } of running) {
      client.close();
      await service.stop();
    }
    await cluster.remove();
    rmSync(bundleDir, { recursive: true, force: true });
  }
}

/** The bench section (bench/run.ts): `npm run bench -- --only=postgres`, with `--pg-huge` for 10,000,000 documents. */
export const section = {
  name: 'postgres',
  title: `the service on PostgreSQL: ${count(FULL.big)} against ${count(FULL.base)} documents, two processes against one, safe inserts against the journal store${HUGE ? `, and ${count(FULL.huge)} documents` : ' (--pg-huge adds 10,000,000 documents)'}`,
  smoke: `${count(SMOKE.big)} against ${count(SMOKE.base)} documents, ${count(SMOKE.huge)} by the bulk path, p50 of ${SMOKE.runs}`,
  run: (context: PostgresBenchContext): Promise<Figure[]> => measurePostgres(context),
};
