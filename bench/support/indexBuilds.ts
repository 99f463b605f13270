import { performance } from 'node:perf_hooks';
import type { KeepAliveClient } from './keepAlive';

/** The database's convention for an index's generated name: `k_1`, `n_-1`, `a_1_b_-1`. */
const indexName = (spec: Record<string, number>): string =>
  Object.entries(spec)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');

/**
 * Creates the indexes on `collectionPath` (`/databases/<db>/collections/<col>`) through the interface and waits
 * until none is building any more; returns the milliseconds it took.
 */
export async function createIndexesAndWait(
  client: KeepAliveClient,
  collectionPath: string,
  specs: readonly Record<string, number>[],
): Promise<number> {
  const start = performance.now();
  for (const spec of specs) await client.ok('POST', `${collectionPath}/indexes`, { spec });
  for (const spec of specs) {
    for (;;) {
      const index = JSON.parse((await client.ok('GET', `${collectionPath}/indexes/${indexName(spec)}`)).text) as { building?: boolean };
      if (!index.building) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return performance.now() - start;
}
