import * as assert from 'node:assert/strict';
import type { DbHostApi, DocumentQuery } from '../../../../src/core/api/types';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { sampleSchema } from '../../../../src/core/schema/sampleSchema';
import { clampSampleSize } from '../../../../src/core/schema/sampleSize';

/** A collection of `count` documents behind listDocuments, recording each request. */
function collectionOf(count: number, withTotal = true) {
  const requests: DocumentQuery[] = [];
  const documents: JsonObject[] = Array.from({ length: count }, (_, n) => ({ _id: n, price: n % 50 === 0 ? String(n) : n }));
  const api = {
    listDocuments: async (_db: string, _col: string, query: DocumentQuery = {}) => {
      requests.push(query);
      const skip = query.skip ?? 0;
      const limit = Math.min(query.limit ?? 20, 100);
      return { documents: documents.slice(skip, skip + limit), total: withTotal ? count : undefined };
    },
  } as unknown as DbHostApi;
  return { api, requests };
}

describe('schema sampling', () => {
  it('samples 1,000 documents in 10 requests of the maximum page size', async () => {
    const { api, requests } = collectionOf(5000);
    const sampled = await sampleSchema(api, 'shop', 'orders', 1000);
    assert.deepEqual(
      requests.map((query) => [query.skip ?? 0, query.limit]),
      Array.from({ length: 10 }, (_, n) => [n * 100, 100]),
    );
    assert.equal(sampled.schema.sampled, 1000);
    assert.equal(sampled.total, 5000);
  });

  it('stops at the end of a smaller collection without asking for a page the count says is empty', async () => {
    const { api, requests } = collectionOf(200);
    const sampled = await sampleSchema(api, 'shop', 'orders', 1000);
    assert.equal(requests.length, 2);
    assert.equal(sampled.schema.sampled, 200);
  });

  it('stops at a short page when the service sends no count', async () => {
    const { api, requests } = collectionOf(250, false);
    const sampled = await sampleSchema(api, 'shop', 'orders', 1000);
    assert.equal(requests.length, 3);
    assert.equal(sampled.schema.sampled, 250);
  });

  it('asks for only what the sample size leaves: 150 documents are a page of 100 and one of 50', async () => {
    const { api, requests } = collectionOf(1000);
    await sampleSchema(api, 'shop', 'orders', 150);
    assert.deepEqual(
      requests.map((query) => query.limit),
      [100, 50],
    );
  });

  it('makes a sample size setting usable', () => {
    assert.equal(clampSampleSize('lots'), 1000);
    assert.equal(clampSampleSize(0), 1);
    assert.equal(clampSampleSize(1e9), 10_000);
    assert.equal(clampSampleSize(12.7), 12);
  });
});
