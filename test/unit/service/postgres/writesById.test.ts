import assert from 'node:assert/strict';
import { Pool } from 'pg';
import type { InProcessService, RawAnswer } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';
import { documentKey } from '../../../../src/service/store/postgres/documentKeys';
import { restartWithRows } from '../../../support/postgresRows';

const KEY = 'writes-by-id-key-4b7d';
const DB = 'shop';
const docs = (col: string) => `/databases/${DB}/collections/${col}/documents`;
/** The large collection: its documents are written into PostgreSQL directly, the way a bulk load would. */
const LARGE = 'people';
const COUNT = 20_000;
/** A document of it whose stored text is damaged: any request that reads the collection whole fails on it. */
const DAMAGED = 'd13';
const person = (i: number) => ({ _id: `d${i}`, n: i, email: `d${i}@example.com`, payload: 'x'.repeat(100) });

const answerOf = ({ status, json }: RawAnswer) => ({ status, json });

/**
 * On PostgreSQL, with nothing kept in memory (cache budget 0), a write of one document by `_id` reads that document
 * only: the large collection holds a damaged document that any load of the collection meets (a 500), so every write
 * answered otherwise was made without reading the collection.
 */
describePostgres('on PostgreSQL, writes of one document by _id, without loading their collection', function () {
  this.timeout(180_000);
  let store: string;
  let pool: Pool;
  let running: InProcessService;
  /** The journal store with the same few documents, for the answers both stores must give alike. */
  let journal: InProcessService;

  const start = () => startServiceInProcess({ apiKeys: [KEY], empty: true, store, storeCacheMb: 0, keepData: true });
  const restart = async () => {
    await running.stop();
    running = await start();
  };
  const both = async (method: string, path: string, body?: object) => {
    const options = body ? { body: jsonBody(body) } : {};
    return { postgres: answerOf(await running.raw(method, path, options)), journal: answerOf(await journal.raw(method, path, options)) };
  };
  const listed = async (service: InProcessService, col: string) =>
    ((await service.raw('GET', `/databases/${DB}/collections`)).json as { name: string }[]).find(({ name }) => name === col);

  before(async () => {
    store = freshPostgresStore();
    pool = new Pool({ connectionString: store });
    running = await start();
    journal = await startServiceInProcess({ apiKeys: [KEY], empty: true, store: null });
    for (const service of [running, journal]) {
      assert.equal((await service.raw('POST', '/databases', { body: jsonBody({ name: DB, slug: 'sandbox' }) })).status, 200);
      for (const i of service === journal ? [1, 2, 3, 4, 5] : [0]) {
        const inserted = await service.raw('POST', docs(LARGE), { body: jsonBody({ document: person(i), safe: true }) });
        assert.equal(inserted.status, 200, inserted.text);
      }
      for (const [col, document] of [
        ['tags', { _id: 'untagged' }],
        ['other', { _id: 'one' }],
      ] as const)
        assert.equal((await service.raw('POST', docs(col), { body: jsonBody({ document }) })).status, 200);
      for (const [col, field] of [
        [LARGE, 'email'],
        ['tags', 'tag'],
      ]) {
        const index = await service.raw('POST', `/databases/${DB}/collections/${col}/indexes`, {
          body: jsonBody({ spec: { [field]: 1 }, unique: true, background: false }),
        });
        assert.equal(index.status, 200, index.text);
      }
    }
    running = await restartWithRows(running, start, pool, {
      db: DB,
      col: LARGE,
      docs: Array.from({ length: COUNT - 1 }, (_, i) => person(i + 1)),
      damaged: DAMAGED,
    });
  });
  after(async () => {
    await running?.stop();
    await journal?.stop();
    await pool?.end();
  });

  it('inserts, replaces, updates and deletes one document while a read of the whole collection fails on a damaged one', async () => {
    const inserted = await running.raw('POST', docs(LARGE), { body: jsonBody({ document: { _id: 'new', email: 'new@example.com' } }) });
    assert.equal(inserted.status, 200, inserted.text);
    assert.equal((await running.raw('POST', docs(LARGE), { body: jsonBody({ document: { email: 'made@example.com' } }) })).status, 200);
    const replaced = await running.raw('PUT', `${docs(LARGE)}/d7`, {
      body: jsonBody({ document: { n: 7, email: 'd7@example.com', replaced: true } }),
    });
    assert.equal(replaced.status, 200, replaced.text);
    const updated = await running.raw('PUT', `${docs(LARGE)}/d8`, { body: jsonBody({ document: { $inc: { n: 100 } }, safe: true }) });
    assert.equal(updated.status, 200, updated.text);
    assert.equal((await running.raw('DELETE', `${docs(LARGE)}/d9`)).status, 200);

    assert.deepEqual((await running.raw('GET', `${docs(LARGE)}/new`)).json, { _id: 'new', email: 'new@example.com' });
    assert.deepEqual((await running.raw('GET', `${docs(LARGE)}/d7`)).json, { _id: 'd7', n: 7, email: 'd7@example.com', replaced: true });
    assert.equal(((await running.raw('GET', `${docs(LARGE)}/d8`)).json as { n: number }).n, 108);
    assert.equal((await running.raw('GET', `${docs(LARGE)}/d9`)).status, 404);
    // A filter SQL cannot narrow ($ne) has every document for a candidate: the damaged one too.
    const many = await running.raw('PUT', docs(LARGE), {
      body: jsonBody({ criteria: { n: { $ne: 1 } }, object: { $set: { seen: 1 } }, multi: true }),
    });
    assert.equal(many.status, 500, 'an update of every match reads every document, and meets the damaged one');
    assert.match(JSON.parse(many.text).error, /^A document of shop\.people in PostgreSQL is damaged/);
  });

  it('answers a write to a document that is not there as the journal store does', async () => {
    for (const [method, body] of [
      ['PUT', { document: { $set: { n: 1 } } }],
      ['DELETE', undefined],
    ] as const) {
      const { postgres, journal: expected } = await both(method, `${docs(LARGE)}/absent`, body);
      assert.deepEqual(postgres, expected);
      assert.equal(postgres.status, 404);
    }
  });

  it("refuses a duplicate _id and a duplicate unique key with the journal store's answer, keeping nothing of it", async () => {
    const before = await listed(running, LARGE);
    const duplicates: [string, string, object][] = [
      ['POST', docs(LARGE), { document: { _id: 'd1', email: 'other@example.com' } }],
      ['POST', docs(LARGE), { document: { _id: 'fresh', email: 'd2@example.com' } }],
      ['PUT', `${docs(LARGE)}/d3`, { document: { $set: { email: 'd4@example.com' } } }],
      ['PUT', `${docs(LARGE)}/d3`, { document: { n: 3, email: 'd5@example.com' } }],
    ];
    for (const [method, path, body] of duplicates) {
      const { postgres, journal: expected } = await both(method, path, body);
      assert.equal(postgres.status, 409, JSON.stringify(postgres.json));
      assert.deepEqual(postgres, expected, `${method} ${JSON.stringify(body)}`);
    }
    assert.equal((await running.raw('GET', `${docs(LARGE)}/fresh`)).status, 404);
    assert.equal(((await running.raw('GET', `${docs(LARGE)}/d3`)).json as { email: string }).email, 'd3@example.com');
    assert.deepEqual(await listed(running, LARGE), before);
    const unchanged = await running.raw('PUT', `${docs(LARGE)}/d3`, {
      body: jsonBody({ document: { $set: { email: 'd3@example.com', n: 33 } } }),
    });
    assert.equal(unchanged.status, 200, unchanged.text);
  });

  it("decides a unique key PostgreSQL does not check (missing, an array, one held in another document's array) with the collection loaded, as the journal store", async () => {
    const cases: [string, string, object][] = [
      ['POST', docs('tags'), { document: { _id: 'also-untagged' } }],
      ['POST', docs('tags'), { document: { _id: 'listed', tag: ['a', 'b'] } }],
      ['POST', docs('tags'), { document: { _id: 'clash', tag: ['c', 'b'] } }],
      // A key another document holds in an array: PostgreSQL's unique index reads that one as NULL.
      ['POST', docs('tags'), { document: { _id: 'scalar-b', tag: 'b' } }],
      ['PUT', `${docs('tags')}/untagged`, { document: { $set: { tag: 'a' } } }],
      ['PUT', `${docs('tags')}/listed`, { document: { $set: { tag: null } } }],
      ['PUT', `${docs('tags')}/listed`, { document: { $set: { tag: 'a' } } }],
    ];
    for (const [method, path, body] of cases) {
      // The statistics of another collection load that one, and let `tags` go (the budget is 0).
      const other = await running.raw('GET', `/databases/${DB}/collections/other`);
      assert.equal(other.status, 200, other.text);
      const { postgres, journal: expected } = await both(method, path, body);
      assert.deepEqual(postgres, expected, `${method} ${JSON.stringify(body)}`);
    }
    assert.deepEqual(
      (await running.raw('GET', `${docs('tags')}?sort=${encodeURIComponent('{"_id": 1}')}`)).json,
      (await journal.raw('GET', `${docs('tags')}?sort=${encodeURIComponent('{"_id": 1}')}`)).json,
    );
  });

  it('keeps the count and sizes listed right through these writes, as PostgreSQL holds them', async () => {
    await restart();
    const before = (await listed(running, LARGE)) as unknown as { count: number };
    const inserted = await running.raw('POST', docs(LARGE), {
      body: jsonBody({ document: { _id: 'counted', email: 'counted@example.com', payload: 'y'.repeat(20_000) } }),
    });
    assert.equal(inserted.status, 200, inserted.text);
    assert.equal((await running.raw('DELETE', `${docs(LARGE)}/d20`)).status, 200);
    const grown = await running.raw('PUT', `${docs(LARGE)}/d21`, {
      body: jsonBody({ document: { $set: { payload: 'z'.repeat(9_000) } } }),
    });
    assert.equal(grown.status, 200, grown.text);
    const after = (await listed(running, LARGE)) as unknown as { count: number };
    assert.equal(after.count, before.count);
    assert.notDeepEqual(after, before, 'the sizes moved');
    await restart();
    assert.deepEqual(await listed(running, LARGE), after, 'as a service started now reads them from PostgreSQL');
  });

  it('refuses a save whose document changed in PostgreSQL after the write read it, instead of overwriting that change', async () => {
    const id = documentKey('d30');
    const outside = await pool.connect();
    try {
      await outside.query('BEGIN');
      await outside.query('SELECT version FROM dbhost_documents WHERE db = $1 AND col = $2 AND id = $3 FOR UPDATE', [DB, LARGE, id]);
      const save = running.raw('PUT', `${docs(LARGE)}/d30`, { body: jsonBody({ document: { $set: { by: 'service' } }, safe: true }) });
      // The service has read the document and waits for the row to write it.
      for (;;) {
        const { rows } = await pool.query(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE dbhost_documents%'`,
        );
        if (rows[0].waiting > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const changed = JSON.stringify({ _id: 'd30', n: 30, email: 'd30@example.com', by: 'outside' });
      await outside.query(
        'UPDATE dbhost_documents SET body = $4, doc = $5::jsonb, version = version + 1 WHERE db = $1 AND col = $2 AND id = $3',
        [DB, LARGE, id, changed, changed],
      );
      await outside.query('COMMIT');
      const refused = await save;
      assert.equal(refused.status, 409, refused.text);
      assert.match(
        JSON.parse(refused.text).error,
        /^Document "d30" of shop\.people changed in PostgreSQL after this write read it; nothing was written/,
      );
    } finally {
      outside.release();
    }
    assert.deepEqual((await running.raw('GET', `${docs(LARGE)}/d30`)).json, { _id: 'd30', n: 30, email: 'd30@example.com', by: 'outside' });
    const again = await running.raw('PUT', `${docs(LARGE)}/d30`, { body: jsonBody({ document: { $set: { by: 'service' } }, safe: true }) });
    assert.equal(again.status, 200, again.text);
    assert.deepEqual((await running.raw('GET', `${docs(LARGE)}/d30`)).json, { _id: 'd30', n: 30, email: 'd30@example.com', by: 'service' });
  });
});
