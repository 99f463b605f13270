import * as http from 'node:http';
import { DbHostClient } from '../src/client/dbHostClient';
import { loadNodeFetch } from '../src/client/fetchFunction';
import { parseLossless } from '../src/core/json/lossless';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import type { SeededService } from './support/benchData';
import { withSeededService } from './support/benchData';
import type { BenchSection } from './support/section';
import { percentile, since } from './support/stats';

const OVERHEAD_REQUESTS = 2_000;
const SMOKE_REQUESTS = 50;

/**
 * A bare node:http GET, body read and parsed as JSON. It goes through Node's global agent, which keeps
 * connections alive (Node ≥ 19), exactly as node-fetch does for the client when given no agent: both
 * reuse one pooled connection, so neither pays for a connect the other skips.
 */
function bareGet(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`bare GET answered ${response.statusCode}`));
          else {
            JSON.parse(Buffer.concat(chunks).toString('utf8'));
            resolve();
          }
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * The client's getDocument and listDocuments against a bare node:http request for the same URL, and
 * against node-fetch alone, interleaved request by request so that all see the same load on the machine.
 */
async function measureClientOverhead(service: SeededService, requests: number): Promise<Figure[]> {
  const { url: serviceUrl, key: apiKey, db, small } = service;
  const client = new DbHostClient({ baseUrl: serviceUrl, apiKey });
  const page = await client.listDocuments(db, small, { limit: 20 });
  const docId = (page.documents[0]._id as { $oid: string }).$oid;
  const key = encodeURIComponent(apiKey);
  const cases = [
    {
      name: 'getDocument',
      call: () => client.getDocument(db, small, { $oid: docId }),
      url: `${serviceUrl}/databases/${db}/collections/${small}/documents/${docId}?_apikey=${key}`,
    },
    {
      name: 'listDocuments (20)',
      call: () => client.listDocuments(db, small, { limit: 20 }),
      url: `${serviceUrl}/databases/${db}/collections/${small}/documents?limit=20&_apikey=${key}`,
    },
  ];
  const fetch = await loadNodeFetch();
  // What the client cannot do without: node-fetch (the transport the design mandates) and the lossless parse (exact numbers).
  const nodeFetchText = async (url: string) => {
    const response = await fetch(url, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      signal: new AbortController().signal,
      redirect: 'manual',
    });
    return response.text();
  };
  const figures: Figure[] = [];
  for (const { name, call, url } of cases) {
    const contenders: Array<{ run: () => Promise<unknown>; samples: number[] }> = [
      { run: call, samples: [] },
      { run: () => bareGet(url), samples: [] },
      { run: async () => parseLossless(await nodeFetchText(url)), samples: [] },
      { run: async () => JSON.parse(await nodeFetchText(url)), samples: [] },
    ];
    for (let i = 0; i < Math.min(100, requests); i++) for (const { run } of contenders) await run();
    for (let i = 0; i < requests; i++) {
      // Each round in a different order, so that none always runs right after the same neighbour.
      for (let j = 0; j < contenders.length; j++) {
        const { run, samples } = contenders[(i + j) % contenders.length];
        const start = performance.now();
        await run();
        samples.push(since(start));
      }
    }
    const [withClient, bare, nodeFetchLossless, nodeFetchPlain] = contenders.map(({ samples }) => samples);
    const note = `${requests} requests each, interleaved`;
    const baselineName = (p: string) => `bare node:http GET + JSON.parse ${p}, same keep-alive agent`;
    figures.push(
      figure({
        name: `client ${name} p50`,
        value: percentile(withClient, 0.5),
        unit: 'ms',
        baselineName: baselineName('p50'),
        baseline: percentile(bare, 0.5),
        target: '≤ 1.10×',
        note,
      }),
      figure({
        name: `client ${name} p95`,
        value: percentile(withClient, 0.95),
        unit: 'ms',
        baselineName: baselineName('p95'),
        baseline: percentile(bare, 0.95),
        note,
      }),
      figure({
        name: '  node-fetch + lossless parse alone, p50',
        value: percentile(nodeFetchLossless, 0.5),
        unit: 'ms',
        baselineName: baselineName('p50'),
        baseline: percentile(bare, 0.5),
        note: 'the transport and parser the client is built on, without the client',
      }),
      figure({
        name: '  node-fetch + JSON.parse alone, p50',
        value: percentile(nodeFetchPlain, 0.5),
        unit: 'ms',
        baselineName: baselineName('p50'),
        baseline: percentile(bare, 0.5),
        note: 'node-fetch itself: the same request and parse as the baseline',
      }),
      figure({
        name: '  client over node-fetch + lossless parse, p50',
        value: percentile(withClient, 0.5),
        unit: 'ms',
        baselineName: 'node-fetch + lossless parse p50',
        baseline: percentile(nodeFetchLossless, 0.5),
        note: "the client's own cost: URL, deadline, retry loop, checks of the answer",
      }),
    );
  }
  for (const item of figures) if (item.target) item.met = (item.ratio ?? Infinity) <= 1.1;
  return figures;
}

export const section: BenchSection = {
  name: 'client',
  title: "the client's overhead against a bare node:http request",
  smoke: `${SMOKE_REQUESTS} requests of each kind instead of ${OVERHEAD_REQUESTS.toLocaleString('en')}`,
  run: (context) =>
    withSeededService(context, (service) => measureClientOverhead(service, context.smoke ? SMOKE_REQUESTS : OVERHEAD_REQUESTS)),
};
