import * as assert from 'node:assert/strict';
import type { InProcessService } from '../../../support/testService';
import { startServiceInProcess } from '../../../support/testService';
import { describeJournalStore } from '../../../support/testStore';

const KEY = 'explain-key-7d1e';
type Json = Record<string, unknown>;

const path = (resource: string, params: Record<string, unknown> = {}): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) search.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  return `/databases/shop/collections/items/${resource}?${search}`;
};

// PostgreSQL explains its own plan (GIN indexes, bitmap scans): test/unit/service/postgres/explainOnPostgres.test.ts.
describeJournalStore(
  'local service: explain, index usage and the plan in the slow query log',
  function () {
    this.timeout(60_000);
    let running: InProcessService;

    before(async () => {
      running = await startServiceInProcess({ apiKeys: [KEY], slowQueryMs: 0, empty: true });
      assert.equal((await running.raw('POST', '/databases', { body: JSON.stringify({ name: 'shop', slug: 'sandbox' }) })).status, 200);
      for (let i = 0; i < 300; i++) {
        const document = { _id: i, k: i % 10, n: (i * 7919) % 1009, s: `name${i}` };
        await running.raw('POST', '/databases/shop/collections/items/documents', { body: JSON.stringify({ document, safe: true }) });
      }
      for (const spec of [{ k: 1 }, { n: -1 }]) {
        const created = await running.raw('POST', '/databases/shop/collections/items/indexes', { body: JSON.stringify({ spec }) });
        assert.equal(created.status, 200);
        await waitUntilBuilt(Object.entries(spec).map(([field, direction]) => `${field}_${direction}`)[0]);
      }
    });
    after(() => running.stop());

    async function waitUntilBuilt(name: string): Promise<Json> {
      for (;;) {
        const index = (await running.raw('GET', path(`indexes/${name}`))).json as Json;
        if (!index.building) return index;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }

    const explain = async (params: Record<string, unknown>) => {
      const answer = await running.raw('GET', path('explain', params));
      assert.equal(answer.status, 200, answer.text);
      return answer.json as Json & { plan: Json };
    };

    it('explains an equality on an indexed field: the index, its bounds, the keys and documents it examined, the count from the index', async () => {
      const body = await explain({ q: { k: 7 }, limit: 5 });
      assert.equal(body.ns, 'shop.items');
      assert.deepEqual(body.query, { k: 7 });
      assert.deepEqual(body.plan, {
        stage: 'IXSCAN',
        index: 'k_1',
        key: { k: 1 },
        direction: 'forward',
        bounds: { k: '[7, 7]' },
        sortInMemory: false,
        countFromIndex: true,
        pageReadInNaturalOrder: false,
      });
      assert.equal(body.count, 30);
      assert.equal(body.returned, 5);
      // One value's keys come in natural order: the walk stops with the page full, the count is the index's.
      assert.equal(body.keysExamined, 5);
      assert.equal(body.docsExamined, 5);
      assert.equal(typeof body.millis, 'number');
      assert.deepEqual(body.candidates, ['k_1']);
      assert.equal(body.ok, 1);
      const listed = await running.raw('GET', path('documents', { q: { k: 7 }, limit: 5 }));
      assert.equal(listed.headers.get('x-service-count'), String(body.count));
    });

    it('explains a sort served by a descending index: walked forward, stopped by the limit, no sort in memory', async () => {
      const body = await explain({ sort: { n: -1 }, limit: 20 });
      assert.equal(body.plan.stage, 'IXSCAN');
      assert.equal(body.plan.index, 'n_-1');
      assert.equal(body.plan.direction, 'forward');
      assert.deepEqual(body.plan.bounds, { n: '[MaxKey, MinKey]' });
      assert.equal(body.plan.sortInMemory, false);
      assert.equal(body.keysExamined, 20);
      assert.equal(body.count, 300);
      const ascending = await explain({ sort: { n: 1 }, limit: 3, q: { n: { $gt: 500 } } });
      assert.equal(ascending.plan.direction, 'backward');
      assert.deepEqual(ascending.plan.bounds, { n: '[inf.0, 500)' });
    });

    it('reads a wide range page from the documents in natural order, counting from the index', async () => {
      const body = await explain({ q: { n: { $gte: 500 } }, limit: 20 });
      assert.equal(body.plan.index, 'n_-1');
      assert.equal(body.plan.pageReadInNaturalOrder, true);
      assert.equal(body.plan.countFromIndex, true);
      assert.equal(body.returned, 20);
      assert.ok((body.docsExamined as number) < 100, `read ${String(body.docsExamined)} documents for a page of 20`);
      assert.equal(body.keysExamined, 0);
      const matching = Array.from({ length: 300 }, (_, i) => i).filter((i) => (i * 7919) % 1009 >= 500);
      const listed = await running.raw('GET', path('documents', { q: { n: { $gte: 500 } }, limit: 20 }));
      assert.equal(listed.headers.get('x-service-count'), String(matching.length));
      assert.equal(body.count, matching.length);
      assert.deepEqual(
        (listed.json as { _id: number }[]).map((doc) => doc._id),
        matching.slice(0, 20),
      );
    });

    it('explains a $or whose branches each have an index as one walk per branch, and counts each index used', async () => {
      const opsOf = async (name: string) =>
        ((await running.raw('GET', path(`indexes/${name}`))).json as { accesses: { ops: number } }).accesses.ops;
      const q = { $or: [{ k: 3 }, { n: { $lt: 20 } }] };
      const body = await explain({ q, limit: 5 });
      assert.equal(body.plan.stage, 'OR');
      assert.deepEqual(body.plan.branches, [
        { index: 'k_1', key: { k: 1 }, bounds: { k: '[3, 3]' } },
        { index: 'n_-1', key: { n: -1 }, bounds: { n: '(20, -inf.0]' } },
      ]);
      const matching = Array.from({ length: 300 }, (_, i) => i).filter((i) => i % 10 === 3 || (i * 7919) % 1009 < 20);
      assert.equal(body.count, matching.length);
      assert.ok((body.docsExamined as number) < 300, `examined ${String(body.docsExamined)}`);
      const before = { k: await opsOf('k_1'), n: await opsOf('n_-1') };
      const listed = await running.raw('GET', path('documents', { q, limit: 5 }));
      assert.deepEqual(
        (listed.json as { _id: number }[]).map((doc) => doc._id),
        matching.slice(0, 5),
      );
      assert.deepEqual({ k: await opsOf('k_1'), n: await opsOf('n_-1') }, { k: before.k + 1, n: before.n + 1 });
      const slow = (await running.raw('GET', '/slow_queries/shop')).json as Json[];
      const entry = slow.find((candidate) => JSON.stringify(candidate.query) === JSON.stringify(q))!;
      assert.equal(entry.planSummary, 'OR { IXSCAN { k: 1 }, IXSCAN { n: -1 } }');
    });

    it('explains a scan where no index helps, and the _id lookup', async () => {
      const scan = await explain({ q: { s: 'name3' } });
      assert.deepEqual(scan.plan, {
        stage: 'COLLSCAN',
        index: null,
        key: null,
        direction: 'forward',
        bounds: {},
        sortInMemory: false,
        countFromIndex: false,
        pageReadInNaturalOrder: false,
      });
      assert.equal(scan.docsExamined, 300);
      assert.equal(scan.returned, 1);
      const byId = await explain({ q: { _id: 42 } });
      assert.equal(byId.plan.stage, 'IDHACK');
      assert.equal(byId.plan.index, '_id_');
      assert.equal(byId.returned, 1);
    });

    it('walks the _id index for a long $in list (500 _ids, as the selected rows of a view send), examining only those keys', async () => {
      const present = [3, 14, 15, 92, 65];
      const ids = [...present, ...Array.from({ length: 495 }, (_, i) => 10_000 + i)];
      const body = await explain({ q: { _id: { $in: ids } } });
      assert.equal(body.plan.stage, 'IXSCAN');
      assert.equal(body.plan.index, '_id_');
      assert.equal(body.docsExamined, present.length, 'only the listed documents were read');
      assert.equal(body.count, present.length);
    });

    it('counts each query an index served since the service started (explain does not count)', async () => {
      const opsOf = async (name: string) =>
        ((await running.raw('GET', path(`indexes/${name}`))).json as { accesses: { ops: number } }).accesses.ops;
      const before = { k: await opsOf('k_1'), id: await opsOf('_id_'), n: await opsOf('n_-1') };
      await running.raw('GET', path('documents', { q: { k: 3 } }));
      await running.raw('GET', path('documents', { q: { k: 4 } }));
      await running.raw('GET', `/databases/shop/collections/items/documents/5`);
      await running.raw('GET', path('documents', { q: { _id: 6 } }));
      await running.raw('GET', path('documents', { q: { _id: { $gt: 250 } }, sort: { _id: 1 } }));
      await explain({ q: { n: 5 } });
      assert.equal(await opsOf('k_1'), before.k + 2);
      assert.equal(await opsOf('_id_'), before.id + 3, 'a GET by _id, the _id lookup of a query and the _id range page');
      assert.equal(await opsOf('n_-1'), before.n);
      const listed = (await running.raw('GET', path('indexes'))).json as { name: string; accesses: { since: { $date: string } } }[];
      for (const index of listed) assert.ok(!Number.isNaN(Date.parse(index.accesses.since.$date)), index.name);
    });

    it('records the plan in the slow query log', async () => {
      await running.raw('GET', path('documents', { q: { k: 2 }, limit: 4 }));
      const slow = (await running.raw('GET', '/slow_queries/shop')).json as Json[];
      const entry = slow.find((candidate) => JSON.stringify(candidate.query) === '{"k":2}')!;
      assert.equal(entry.planSummary, 'IXSCAN { k: 1 }');
      assert.equal(entry.keysExamined, 4);
      assert.equal(entry.docsExamined, 4);
      assert.equal(entry.nreturned, 4);
      await running.raw('GET', path('documents', { q: { s: 'name9' } }));
      const scan = ((await running.raw('GET', '/slow_queries/shop')).json as Json[]).find(
        (candidate) => JSON.stringify(candidate.query) === '{"s":"name9"}',
      )!;
      assert.equal(scan.planSummary, 'COLLSCAN');
      assert.equal(scan.docsExamined, 300);
    });

    it('refuses explain of a bad filter with a 400 and the reason, and of a missing collection with a 404', async () => {
      const bad = await running.raw('GET', path('explain', { q: { k: { $nope: 1 } } }));
      assert.equal(bad.status, 400);
      assert.match((bad.json as { error: string }).error, /\$nope/);
      assert.equal((await running.raw('GET', '/databases/shop/collections/none/explain')).status, 404);
    });
  },
  "asserts the plans of the service's own planner (bounds, index walks, counts from an index)",
);
