import assert from 'node:assert/strict';
import type { InProcessService } from '../../../support/testService';
import { startServiceInProcess } from '../../../support/testService';
import { describePostgres } from '../../../support/testStore';

const KEY = 'pg-explain-key-5e0a';
const COLLECTION = '/databases/shop/collections/items';
type Explained = {
  plan: { stage: string; index: string | null; decidedInService: boolean; sortInMemory: boolean; storeSteps: string[] };
  keysExamined: number;
  docsExamined: number;
  count: number;
  returned: number;
};

const query = (resource: string, params: Record<string, unknown>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) search.set(name, JSON.stringify(value));
  return `${COLLECTION}/${resource}?${search}`;
};

describePostgres('on PostgreSQL, queries run as SQL, with PostgreSQL indexes made by index creation', function () {
  this.timeout(120_000);
  let service: InProcessService;

  before(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    assert.equal((await service.raw('POST', '/databases', { body: JSON.stringify({ name: 'shop', slug: 'sandbox' }) })).status, 200);
    for (let batch = 0; batch < 10; batch++) {
      const documents = Array.from({ length: 100 }, (_, i) => {
        const n = batch * 100 + i;
        return { _id: n, sku: `sku-${n}`, k: n % 50, tags: [`t${n % 7}`, 'all'] };
      });
      const answer = await service.raw('POST', `${COLLECTION}/documents`, { body: JSON.stringify({ document: documents[0], safe: true }) });
      assert.equal(answer.status, 200, answer.text);
      for (const document of documents.slice(1))
        assert.equal(
          (await service.raw('POST', `${COLLECTION}/documents`, { body: JSON.stringify({ document, safe: true }) })).status,
          200,
        );
    }
  });
  after(() => service?.stop());

  const explain = async (params: Record<string, unknown>): Promise<Explained> => {
    const answer = await service.raw('GET', query('explain', params));
    assert.equal(answer.status, 200, answer.text);
    return answer.json as Explained;
  };

  /** Explains `params`: the named index walked in SQL for the page, about a page read; the list answers `ids`. */
  const assertWalkedInSql = async (params: Record<string, unknown>, index: string, ids: readonly number[]): Promise<Explained> => {
    const explained = await explain(params);
    assert.equal(explained.plan.stage, 'IXSCAN', JSON.stringify(explained.plan));
    assert.equal(explained.plan.index, index);
    assert.equal(explained.plan.decidedInService, false);
    assert.equal(explained.plan.sortInMemory, false, explained.plan.storeSteps.join(', '));
    assert.ok(explained.docsExamined < 100, `docsExamined ${explained.docsExamined}`);
    const listed = await service.raw('GET', query('documents', params));
    assert.deepEqual(
      (listed.json as { _id: number }[]).map((doc) => doc._id),
      ids,
    );
    return explained;
  };

  it('explains an equality without an index as PostgreSQL ran it: a scan of the collection, decided by SQL', async () => {
    const explained = await explain({ q: { k: 7 } });
    assert.equal(explained.plan.stage, 'COLLSCAN');
    assert.equal(explained.plan.index, null);
    assert.equal(explained.plan.decidedInService, false);
    assert.equal(explained.count, 20);
    // PostgreSQL's own count of the rows it read: at least up to the 20th match, the 958th document.
    assert.ok(explained.docsExamined >= 958 && explained.docsExamined <= 1000, `docsExamined ${explained.docsExamined}`);
  });

  it('after index creation, walks the PostgreSQL index made for it: the matching keys and documents examined, not the collection', async () => {
    const created = await service.raw('POST', `${COLLECTION}/indexes`, { body: JSON.stringify({ spec: { k: 1 }, background: false }) });
    assert.equal(created.status, 200, created.text);
    const explained = await explain({ q: { k: 7 } });
    assert.equal(explained.plan.stage, 'IXSCAN', JSON.stringify(explained.plan));
    assert.equal(explained.plan.index, 'k_1');
    assert.ok(
      explained.plan.storeSteps.some((step) => step.endsWith('on k_1')),
      explained.plan.storeSteps.join(', '),
    );
    assert.equal(explained.count, 20);
    assert.ok(explained.docsExamined < 100, `docsExamined ${explained.docsExamined}`);
    const listed = await service.raw('GET', query('documents', { q: { k: { $in: [7, 8] } }, limit: 3, skip: 1 }));
    assert.equal(listed.headers.get('x-service-count'), '40');
    assert.deepEqual(
      (listed.json as { _id: number }[]).map((doc) => doc._id),
      [8, 57, 58],
    );
  });

  it('sorts by walking the PostgreSQL index of the sorted field, in both directions, with a range, reading about a page', async () => {
    for (const [params, ids] of [
      [{ sort: { k: -1 }, limit: 3 }, [49, 99, 149]],
      [{ sort: { k: 1 }, skip: 20, limit: 3 }, [1, 51, 101]],
      [{ q: { k: { $gte: 10, $lt: 12 } }, sort: { k: -1 }, limit: 3 }, [11, 61, 111]],
    ] as const) {
      await assertWalkedInSql(params, 'k_1', ids);
    }
  });

  // After index creation: PostgreSQL picks a B-tree of sort keys once the table's statistics cover its expression
  // (the ANALYZE of index creation here; autovacuum's otherwise). Before, it sorts the collection's rows in SQL.
  it('sorts by _id, and ranges on it, by walking the PostgreSQL B-tree made with the collection, reading about a page', async () => {
    for (const [params, ids] of [
      [{ sort: { _id: -1 }, limit: 3 }, [999, 998, 997]],
      [{ sort: { _id: 1 }, skip: 10, limit: 2 }, [10, 11]],
      [{ q: { _id: { $gte: 500, $lt: 600 } }, sort: { _id: -1 }, limit: 2 }, [599, 598]],
    ] as const) {
      const explained = await assertWalkedInSql(params, '_id_', ids);
      assert.ok(
        explained.plan.storeSteps.some((step) => step.endsWith('on _id_')),
        explained.plan.storeSteps.join(', '),
      );
    }
  });

  it('leaves a sort to the service when a document holds a value SQL cannot order (an array), with the same answer', async () => {
    const added = await service.raw('POST', `${COLLECTION}/documents`, {
      body: JSON.stringify({ document: { _id: 'list', k: [60, -1] }, safe: true }),
    });
    assert.equal(added.status, 200, added.text);
    const explained = await explain({ sort: { k: 1 }, limit: 2 });
    assert.equal(explained.plan.decidedInService ?? true, true);
    assert.equal(explained.plan.storeSteps, undefined);
    const listed = await service.raw('GET', query('documents', { sort: { k: 1 }, limit: 2 }));
    assert.deepEqual(
      (listed.json as { _id: unknown }[]).map((doc) => doc._id),
      ['list', 0],
    );
    assert.equal((await service.raw('DELETE', `${COLLECTION}/documents/list`)).status, 200);
  });

  it('finds a document by _id through the primary key', async () => {
    const explained = await explain({ q: { _id: 123 } });
    assert.equal(explained.plan.stage, 'IDHACK', JSON.stringify(explained));
    assert.equal(explained.returned, 1);
    assert.equal(explained.docsExamined, 1);
  });

  it('says when SQL only narrowed the candidates and the service decided (a regular expression)', async () => {
    const explained = await explain({ q: { sku: { $regex: '^sku-19' } } });
    assert.equal(explained.plan.decidedInService, true);
    assert.equal(explained.count, 11);
  });

  it('walks a unique index in PostgreSQL, which refuses a duplicate', async () => {
    const created = await service.raw('POST', `${COLLECTION}/indexes`, {
      body: JSON.stringify({ spec: { sku: 1 }, unique: true, background: false }),
    });
    assert.equal(created.status, 200, created.text);
    const explained = await explain({ q: { sku: 'sku-5' } });
    assert.equal(explained.plan.stage, 'IXSCAN');
    assert.equal(explained.plan.index, 'sku_1');
    const duplicate = await service.raw('POST', `${COLLECTION}/documents`, {
      body: JSON.stringify({ document: { sku: 'sku-5' }, safe: true }),
    });
    assert.equal(duplicate.status, 409, duplicate.text);
  });
});
