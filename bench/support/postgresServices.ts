import { DEFAULT_CACHE_MB } from '../../src/service/store/postgres/postgresStores';
import type { ChildService } from '../../test/support/testService';
import { startServiceInChild } from '../../test/support/testService';
import { createIndexesAndWait } from './indexBuilds';
import { inParallel, KeepAliveClient } from './keepAlive';
import { median } from './stats';

export const PG_KEY = 'bench-postgres-key-30a1';
export const PG_DB = 'bench';
export const PG_COL = 'docs';
export const PG_COLLECTION = `/databases/${PG_DB}/collections/${PG_COL}`;
export const WRITERS = 32;

/** The documents of issues 21 and 30. */
export const documentOf = (i: number) => ({ _id: i, k: i % 1000, s: `name${i}`, n: (i * 7919) % 100003 });

/** A service process (the bundled service) on `store`, and how long it took from start to its ready line. */
export async function startOn(
  script: string,
  store: string | null,
): Promise<{ service: ChildService; client: KeepAliveClient; startMs: number }> {
  const start = performance.now();
  // The service's own default budget of loaded documents (the tests' services load for each request instead).
  const service = await startServiceInChild({ apiKeys: [PG_KEY], empty: true, script, store, storeCacheMb: DEFAULT_CACHE_MB });
  return { service, client: new KeepAliveClient(service.url, PG_KEY, WRITERS), startMs: performance.now() - start };
}

/** Documents `from` … `to - 1` through the interface, one POST each, {@link WRITERS} at once; returns inserts per second. */
export async function insertThroughInterface(
  client: KeepAliveClient,
  from: number,
  to: number,
  safe: boolean,
  col = PG_COL,
): Promise<number> {
  const start = performance.now();
  await inParallel(to - from, WRITERS, (n) =>
    client.ok('POST', `/databases/${PG_DB}/collections/${col}/documents`, { document: documentOf(from + n), safe }),
  );
  return (to - from) / ((performance.now() - start) / 1000);
}

export async function createBenchDatabase(client: KeepAliveClient): Promise<void> {
  await client.ok('POST', '/databases', { name: PG_DB, slug: 'sandbox' });
  await client.ok('POST', `/databases/${PG_DB}/collections`, { name: PG_COL });
}

/** Creates {k: 1} and {n: -1} through the interface and waits until neither is building; returns the milliseconds. */
export const createBenchIndexes = (client: KeepAliveClient): Promise<number> =>
  createIndexesAndWait(client, PG_COLLECTION, [{ k: 1 }, { n: -1 }]);

/**
 * The median milliseconds of `path(run)` on `big` and on `base`, their requests taken in turn, so that the
 * shared machine's load falls on both alike.
 */
export async function pairedP50(
  runs: number,
  big: KeepAliveClient,
  base: KeepAliveClient,
  path: (run: number) => string,
): Promise<{ big: number; base: number }> {
  await big.ok('GET', path(-1));
  await base.ok('GET', path(-1));
  const samples = { big: [] as number[], base: [] as number[] };
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? (['big', 'base'] as const) : (['base', 'big'] as const);
    for (const which of order) {
      const start = performance.now();
      await (which === 'big' ? big : base).ok('GET', path(run));
      samples[which].push(performance.now() - start);
    }
  }
  return { big: median(samples.big), base: median(samples.base) };
}

/** By-`_id` reads per second: `count` reads spread over `clients` (one per service process), `width` in flight in all. */
export async function byIdThroughput(clients: KeepAliveClient[], size: number, count: number, width: number): Promise<number> {
  const start = performance.now();
  await inParallel(count, width, (i) => clients[i % clients.length].ok('GET', `${PG_COLLECTION}/documents/${(i * 7919) % size}`));
  return count / ((performance.now() - start) / 1000);
}
