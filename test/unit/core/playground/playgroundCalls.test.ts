import * as assert from 'node:assert/strict';
import type { DbHostApi, DocumentPage, DocumentQuery } from '../../../../src/core/api/types';
import { parsePlayground } from '../../../../src/core/playground/parsePlayground';
import { fetchPage, nextPageSkip, pageSize, previousPageSkip } from '../../../../src/core/playground/playgroundCalls';
import type { FindRequest } from '../../../../src/core/playground/playgroundRequest';

interface Call {
  method: string;
  args: unknown[];
}

function recordingApi(page: DocumentPage): { api: DbHostApi; calls: Call[] } {
  const calls: Call[] = [];
  const api = {
    listDocuments: async (db: string, col: string, query?: DocumentQuery) => {
      calls.push({ method: 'listDocuments', args: [db, col, query] });
      return page;
    },
  } as Partial<DbHostApi> as DbHostApi;
  return { api, calls };
}

function requestsOf(text: string) {
  const parsed = parsePlayground(text);
  return parsed.entries.map((entry) => entry.request);
}

describe('playground client calls', () => {
  it('sends every parameter of each query of an array', async () => {
    const [first, second] = requestsOf(`[
      // the newest big orders
      {"database": "shop", "collection": "orders", "q": {"total": {"$gte": 100}}, "fields": {"total": 1}, "sort": {"created": -1}, "skip": 5, "limit": 10,},
      {"database": "crm", "collection": "people", "fields": ["name"]},
    ]`) as FindRequest[];
    const { api, calls } = recordingApi({ documents: [], total: 0 });
    await fetchPage(api, first, first.query.skip ?? 0);
    await fetchPage(api, second, 0);
    assert.deepEqual(calls, [
      {
        method: 'listDocuments',
        args: ['shop', 'orders', { q: { total: { $gte: 100 } }, fields: { total: 1 }, sort: { created: -1 }, skip: 5, limit: 10 }],
      },
      { method: 'listDocuments', args: ['crm', 'people', { fields: ['name'] }] },
    ]);
  });

  it('pages by moving skip and keeps the other parameters', async () => {
    const [request] = requestsOf('{"database": "d", "collection": "c", "q": {"a": 1}, "skip": 3, "limit": 25}') as FindRequest[];
    const { api, calls } = recordingApi({ documents: [], total: 0 });
    await fetchPage(api, request, 28);
    await fetchPage(api, request, 0);
    assert.deepEqual(
      calls.map((call) => call.args[2]),
      [
        { q: { a: 1 }, limit: 25, skip: 28 },
        { q: { a: 1 }, limit: 25 },
      ],
    );
    assert.equal(pageSize(request), 25);
  });

  it('pages by the service default of 20 when the query gives no limit', () => {
    const [request] = requestsOf('{"database": "d", "collection": "c"}') as FindRequest[];
    assert.equal(pageSize(request), 20);
  });

  it('knows where the next and previous pages are', () => {
    assert.equal(nextPageSkip({ skip: 0, shown: 20, total: 45, limit: 20 }), 20);
    assert.equal(nextPageSkip({ skip: 40, shown: 5, total: 45, limit: 20 }), undefined);
    assert.equal(nextPageSkip({ skip: 0, shown: 20, total: undefined, limit: 20 }), 20);
    assert.equal(nextPageSkip({ skip: 0, shown: 7, total: undefined, limit: 20 }), undefined);
    assert.equal(previousPageSkip({ skip: 0, shown: 20, total: 45, limit: 20 }), undefined);
    assert.equal(previousPageSkip({ skip: 40, shown: 5, total: 45, limit: 20 }), 20);
    assert.equal(previousPageSkip({ skip: 3, shown: 20, total: 45, limit: 20 }), 0);
  });
});
