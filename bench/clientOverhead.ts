import * as http from 'node:http';
import { DbHostClient } from '../src/client';
import { loadNodeFetch } from '../src/client/fetchFunction';
import { parseLossless } from '../src/core/json/lossless';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import { BENCH_DB, SMALL } from './support/seedAccount';
import { percentile, since } from './support/stats';

export const OVERHEAD_REQUESTS = 2_000;

/** A bare node:http GET through the same (default, keep-alive) agent as the client, body read and parsed as JSON. */
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
 * The client's getDocument and listDocuments against a bare node:http request for the same URL, alternated
 * request by request so that both see the same load on the machine.
 */
export async function measureClientOverhead(serviceUrl: string, apiKey: string): Promise<Figure[]> {
  const client = new DbHostClient({ baseUrl: serviceUrl, apiKey });
  const page = await client.listDocuments(BENCH_DB, SMALL, { limit: 20 });
  const docId = (page.documents[0]._id as { $oid: string }).$oid;
  const key = encodeURIComponent(apiKey);
  const cases = [
    {
      name: 'getDocument',
      call: () => client.getDocument(BENCH_DB, SMALL, docId),
      url: `${serviceUrl}/databases/${BENCH_DB}/collections/${SMALL}/documents/${docId}?_apikey=${key}`,
    },
    {
      name: 'listDocuments (20)',
      call: () => client.listDocuments(BENCH_DB, SMALL, { limit: 20 }),
      url: `${serviceUrl}/databases/${BENCH_DB}/collections/${SMALL}/documents?limit=20&_apikey=${key}`,
    },
  ];
  const fetch = await loadNodeFetch();
  // What the client cannot do without: node-fetch (the transport the interface asks for) and the lossless parse (exact numbers).
  const floor = async (url: string) => {
    const response = await fetch(url, { method: 'GET', headers: { Accept: 'application/json' }, signal: new AbortController().signal, redirect: 'manual' });
    parseLossless(await response.text());
  };
  const figures: Figure[] = [];
  for (const { name, call, url } of cases) {
    for (let i = 0; i < 100; i++) {
      await call();
      await bareGet(url);
      await floor(url);
    }
    const withClient: number[] = [];
    const bare: number[] = [];
    const floored: number[] = [];
    for (let i = 0; i < OVERHEAD_REQUESTS; i++) {
      let start = performance.now();
      await call();
      withClient.push(since(start));
      start = performance.now();
      await bareGet(url);
      bare.push(since(start));
      start = performance.now();
      await floor(url);
      floored.push(since(start));
    }
    const note = `${OVERHEAD_REQUESTS} requests each, alternated`;
    figures.push(
      figure({ name: `client ${name} p50`, value: percentile(withClient, 0.5), unit: 'ms', baselineName: 'bare node:http + JSON.parse p50', baseline: percentile(bare, 0.5), target: '≤ 1.10×', note }),
      figure({ name: `client ${name} p95`, value: percentile(withClient, 0.95), unit: 'ms', baselineName: 'bare node:http + JSON.parse p95', baseline: percentile(bare, 0.95), note }),
      figure({ name: `  of which node-fetch + lossless parse, p50`, value: percentile(floored, 0.5), unit: 'ms', baselineName: 'bare node:http + JSON.parse p50', baseline: percentile(bare, 0.5), note: 'the transport and parser the client is built on, without the client' }),
    );
  }
  for (const item of figures) if (item.target) item.met = (item.ratio ?? Infinity) <= 1.1;
  return figures;
}
