import { DbHostClient } from '../src/client/dbHostClient';
import { MAX_PAGE_SIZE } from '../src/core/paging/pager';
import { sampleSchema } from '../src/core/schema/sampleSchema';
import { FaultProxy } from '../test/support/faultProxy';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import { withSeededService } from './support/benchData';
import type { BenchSection } from './support/section';
import { median, since } from './support/stats';

const SAMPLE = 1_000;
const RUNS = 9;
const SMOKE_RUNS = 2;

/**
 * Sampling a collection's schema as the extension does (1,000 documents, pages of the service's maximum)
 * against a bare loop fetching the same pages and discarding them: the requests it takes, counted at a
 * proxy, and its time as a ratio of the loop's, runs interleaved so both see the same load.
 */
async function measureSchemaSampling(options: {
  serviceUrl: string;
  apiKey: string;
  db: string;
  col: string;
  runs: number;
}): Promise<Figure[]> {
  const proxy = await FaultProxy.start(options.serviceUrl);
  try {
    const client = new DbHostClient({ baseUrl: proxy.url, apiKey: options.apiKey });
    const before = proxy.count('GET');
    const sampled = await sampleSchema(client, options.db, options.col, SAMPLE);
    const requests = proxy.count('GET') - before;

    const bareLoop = async () => {
      for (let skip = 0; skip < SAMPLE; skip += MAX_PAGE_SIZE)
        await client.listDocuments(options.db, options.col, skip > 0 ? { skip, limit: MAX_PAGE_SIZE } : { limit: MAX_PAGE_SIZE });
    };
    const sampling: number[] = [];
    const bare: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      let start = performance.now();
      await bareLoop();
      bare.push(since(start));
      start = performance.now();
      await sampleSchema(client, options.db, options.col, SAMPLE);
      sampling.push(since(start));
    }
    const samplingMs = median(sampling);
    const bareMs = median(bare);
    return [
      figure({
        name: `schema: requests to sample ${sampled.schema.sampled.toLocaleString('en')} docs`,
        value: requests,
        unit: '',
        baselineName: 'minimum',
        baseline: Math.ceil(SAMPLE / MAX_PAGE_SIZE),
        target: 'exactly the minimum',
        met: requests === Math.ceil(SAMPLE / MAX_PAGE_SIZE),
      }),
      figure({
        name: `schema: sample ${SAMPLE.toLocaleString('en')} docs and infer (median of ${options.runs})`,
        value: samplingMs,
        unit: 'ms',
        baselineName: 'bare paging loop',
        baseline: bareMs,
        target: '≤ 1.5×',
        met: samplingMs <= bareMs * 1.5,
        note: `${sampled.schema.fields.length} field paths`,
      }),
    ];
  } finally {
    await proxy.close();
  }
}

export const section: BenchSection = {
  name: 'schema',
  title: 'sampling a collection schema',
  smoke: `median of ${SMOKE_RUNS} runs instead of ${RUNS}`,
  run: (context) =>
    withSeededService(context, (service) =>
      measureSchemaSampling({
        serviceUrl: service.url,
        apiKey: service.key,
        db: service.db,
        col: service.big,
        runs: context.smoke ? SMOKE_RUNS : RUNS,
      }),
    ),
};
