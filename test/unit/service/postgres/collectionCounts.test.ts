import assert from 'node:assert/strict';
import { Pool } from 'pg';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';

const KEY = 'collection-counts-key-4b1d';
const DB = 'shop';
const collection = (col: string) => `/databases/${DB}/collections/${col}`;

/**
 * A query without a filter takes its count (X-Service-Count) from the count PostgreSQL keeps beside each collection
 * instead of counting the rows: it must follow every write, whichever process made it, and be there for a database
 * made before it was kept.
 */
describePostgres('on PostgreSQL, the count of a whole collection follows every write', function () {
  this.timeout(120_000);
  let store: string;
  let first: InProcessService;
  let second: InProcessService;

  before(async () => {
    store = freshPostgresStore();
    first = await startServiceInProcess({ apiKeys: [KEY], empty: true, store, keepData: true });
    second = await startServiceInProcess({ apiKeys: [KEY], empty: true, store, keepData: true });
    assert.equal((await first.raw('POST', '/databases', { body: jsonBody({ name: DB, slug: 'sandbox' }) })).status, 200);
  });
  after(async () => {
    await first?.stop();
    await second?.stop();
  });

  const insert = async (service: InProcessService, col: string, ids: unknown[]) => {
    for (const _id of ids) {
      const answer = await service.raw('POST', `${collection(col)}/documents`, { body: jsonBody({ document: { _id, n: 1 }, safe: true }) });
      assert.equal(answer.status, 200, answer.text);
    }
  };
  /** The count of the whole collection, and the first page of its documents sorted by n, through `service`. */
  const countOf = async (service: InProcessService, col: string): Promise<number> => {
    const answer = await service.raw('GET', `${collection(col)}/documents?sort=${encodeURIComponent('{"n": -1}')}&limit=2`);
    assert.equal(answer.status, 200, answer.text);
    return Number(answer.headers.get('X-Service-Count'));
  };

  it('counts inserts, replacements, deletes and a rename through either of two processes', async () => {
    await insert(first, 'items', [1, 2, 3, 'a', 'b']);
    assert.equal(await countOf(second, 'items'), 5);
    const replaced = await second.raw('PUT', `${collection('items')}/documents/2`, { body: jsonBody({ document: { n: 9 }, safe: true }) });
    assert.equal(replaced.status, 200, replaced.text);
    assert.equal(await countOf(first, 'items'), 5, 'a replacement is not a new document');
    assert.equal((await second.raw('DELETE', `${collection('items')}/documents/a`)).status, 200);
    assert.equal((await second.raw('DELETE', `${collection('items')}/documents/a`)).status, 404);
    assert.equal(await countOf(first, 'items'), 4);
    await insert(second, 'other', [1]);
    const renamed = await first.raw('PUT', collection('items'), { body: jsonBody({ name: 'renamed' }) });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal(await countOf(second, 'renamed'), 4);
    assert.equal(await countOf(second, 'other'), 1);
  });

  it('starts again from zero for a collection dropped and made again under the same name', async () => {
    assert.equal((await second.raw('DELETE', collection('renamed'))).status, 200);
    await insert(first, 'renamed', ['x']);
    assert.equal(await countOf(second, 'renamed'), 1);
  });

  it('fills the counts of a database made before they were kept, when a service starts on it', async () => {
    await first.stop();
    await second.stop();
    const pool = new Pool({ connectionString: store });
    try {
      await pool.query(`DROP TRIGGER dbhost_documents_inserted ON dbhost_documents;
        DROP TRIGGER dbhost_documents_deleted ON dbhost_documents;
        ALTER TABLE dbhost_collections DROP COLUMN doc_count`);
    } finally {
      await pool.end();
    }
    first = await startServiceInProcess({ apiKeys: [KEY], empty: true, store, keepData: true });
    second = await startServiceInProcess({ apiKeys: [KEY], empty: true, store, keepData: true });
    assert.equal(await countOf(first, 'other'), 1);
    assert.equal(await countOf(second, 'renamed'), 1);
    await insert(second, 'other', [2, 3]);
    assert.equal(await countOf(first, 'other'), 3);
  });

  const restart = async () => {
    await first.stop();
    await second.stop();
    first = await startServiceInProcess({ apiKeys: [KEY], empty: true, store, keepData: true });
    second = await startServiceInProcess({ apiKeys: [KEY], empty: true, store, keepData: true });
  };
  const inPostgres = async (sql: string) => {
    const pool = new Pool({ connectionString: store });
    try {
      await pool.query(sql);
    } finally {
      await pool.end();
    }
  };

  it('counts none once the documents table is truncated', async () => {
    assert.equal(await countOf(first, 'other'), 3);
    await inPostgres('TRUNCATE dbhost_documents');
    await restart();
    assert.equal(await countOf(first, 'other'), 0);
    assert.equal(await countOf(second, 'renamed'), 0);
    await insert(first, 'other', [4]);
    assert.equal(await countOf(second, 'other'), 1);
  });

  it('counts again, when a service starts, a database one of whose count triggers was missing', async () => {
    await first.stop();
    await second.stop();
    await inPostgres('DROP TRIGGER dbhost_documents_deleted ON dbhost_documents');
    first = await startServiceInProcess({ apiKeys: [KEY], empty: true, store, keepData: true });
    await insert(first, 'other', [5, 6]);
    assert.equal((await first.raw('DELETE', `${collection('other')}/documents/4`)).status, 200);
    second = await startServiceInProcess({ apiKeys: [KEY], empty: true, store, keepData: true });
    assert.equal(await countOf(second, 'other'), 2);
    assert.equal((await first.raw('DELETE', `${collection('other')}/documents/5`)).status, 200);
    assert.equal(await countOf(second, 'other'), 1, 'the trigger is there again');
  });

  it('counts again, when a service starts, a database whose count trigger fires only for replication', async () => {
    await first.stop();
    await second.stop();
    await inPostgres('ALTER TABLE dbhost_documents ENABLE REPLICA TRIGGER dbhost_documents_inserted');
    first = await startServiceInProcess({ apiKeys: [KEY], empty: true, store, keepData: true });
    await insert(first, 'other', [7]);
    second = await startServiceInProcess({ apiKeys: [KEY], empty: true, store, keepData: true });
    assert.equal(await countOf(second, 'other'), 2);
    await insert(first, 'other', [8]);
    assert.equal(await countOf(second, 'other'), 3, 'the trigger fires again');
  });
});
