import assert from 'node:assert/strict';
import { Pool } from 'pg';
import type { InProcessService, RawAnswer } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';
import { documentKey } from '../../../../src/service/store/postgres/documentKeys';
import { restartWithRows } from '../../../support/postgresRows';

const KEY = 'writes-by-filter-key-9c2e';
const DB = 'shop';
const docs = (col: string) => `/databases/${DB}/collections/${col}/documents`;
const preview = (col: string) => `/databases/${DB}/collections/${col}/update_preview`;
/** The large collection: its documents are written into PostgreSQL directly, the way a bulk load would. */
const LARGE = 'people';
const COUNT = 20_000;
/** A document of it whose stored text is damaged: any request that reads the collection whole fails on it. */
const DAMAGED = 'd13';
const person = (i: number) => ({ _id: `d${i}`, n: i, email: `d${i}@example.com`, payload: 'x'.repeat(100) });
/** The small collection both stores hold alike, with two unique indexes, for the answers both must give alike. */
const PAIRS = 'pairs';
const PAIR_DOCS = [
  { _id: 'a', g: 1, code: 'A', n: 1 },
  { _id: 'b', g: 1, code: 'B', n: 3 },
  { _id: 'c', g: 2, code: 'C', n: 10 },
  { _id: 'd', g: 1, code: 'D', n: 4 },
  { _id: 'e', g: 3, code: 'E', n: 20, alt: 'B' },
];

/** A collection whose statistics load it, so that the cache (budget 0) lets go of the one loaded before. */
const OTHER = 'other';

const answerOf = ({ status, json }: RawAnswer) => ({ status, json });
const errorOf = (answer: RawAnswer): string => (answer.json as { error: string }).error;

/**
 * On PostgreSQL, with nothing kept in memory (cache budget 0), a bulk update (PUT …/documents) and its preview read
 * the candidates of their filter only: the large collection holds a damaged document that any read of the whole
 * collection meets (a 500), so every answer given otherwise was made without loading it. The small collection
 * compares every answer with the journal store's.
 */
describePostgres('on PostgreSQL, updates by filter and their preview, without loading their collection', function () {
  this.timeout(180_000);
  let store: string;
  let pool: Pool;
  let running: InProcessService;
  let journal: InProcessService;

  const start = () => startServiceInProcess({ apiKeys: [KEY], empty: true, store, storeCacheMb: 0, keepData: true });
  const update = (service: InProcessService, body: object) => service.raw('PUT', docs(LARGE), { body: jsonBody(body) });
  const get = async (id: string) => (await running.raw('GET', `${docs(LARGE)}/${id}`)).json as Record<string, unknown>;
  const both = async (method: string, path: string, body: object) => ({
    postgres: answerOf(await running.raw(method, path, { body: jsonBody(body) })),
    journal: answerOf(await journal.raw(method, path, { body: jsonBody(body) })),
  });
  const pairs = async (service: InProcessService) =>
    (await service.raw('GET', `${docs(PAIRS)}?sort=${encodeURIComponent('{"_id": 1}')}`)).json;
  const count = async () =>
    ((await running.raw('GET', `/databases/${DB}/collections`)).json as { name: string; count: number }[]).find(
      ({ name }) => name === LARGE,
    )?.count;

  before(async () => {
    store = freshPostgresStore();
    pool = new Pool({ connectionString: store });
    running = await start();
    journal = await startServiceInProcess({ apiKeys: [KEY], empty: true, store: null });
    for (const service of [running, journal]) {
      assert.equal((await service.raw('POST', '/databases', { body: jsonBody({ name: DB, slug: 'sandbox' }) })).status, 200);
      const first = await service.raw('POST', docs(LARGE), { body: jsonBody({ document: person(0), safe: true }) });
      assert.equal(first.status, 200, first.text);
      for (const document of PAIR_DOCS)
        assert.equal((await service.raw('POST', docs(PAIRS), { body: jsonBody({ document, safe: true }) })).status, 200);
      assert.equal((await service.raw('POST', docs(OTHER), { body: jsonBody({ document: { _id: 'one' }, safe: true }) })).status, 200);
      for (const [col, field] of [
        [LARGE, 'email'],
        [PAIRS, 'code'],
        [PAIRS, 'n'],
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
    // The proof this file stands on: a request that reads the collection whole meets the damaged document.
    const whole = await running.raw('GET', `${docs(LARGE)}?q=${encodeURIComponent('{"n": {"$ne": 1}}')}`);
    assert.equal(whole.status, 500, whole.text);
  });
  after(async () => {
    await running?.stop();
    await journal?.stop();
    await pool?.end();
  });

  it('updates every match, the first match only, and upserts, reading only the documents the filter may match', async () => {
    const many = await update(running, {
      criteria: { n: { $gte: 100, $lt: 110 } },
      object: { $set: { seen: 1 } },
      multi: true,
      safe: true,
    });
    assert.equal(many.status, 200, many.text);
    assert.deepEqual(many.json, { ok: 1 });
    assert.equal((await get('d100')).seen, 1);
    assert.equal((await get('d109')).seen, 1);
    assert.equal((await get('d110')).seen, undefined);
    assert.equal((await get('d99')).seen, undefined);

    const one = await update(running, { criteria: { n: { $in: [205, 201, 203] } }, object: { $inc: { n: 1000 } } });
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(
      [(await get('d201')).n, (await get('d203')).n, (await get('d205')).n],
      [1201, 203, 205],
      'a single update changes the first match in natural order',
    );

    const byId = await update(running, { criteria: { _id: 'fresh' }, object: { $set: { email: 'fresh@example.com' } }, upsert: true });
    assert.equal(byId.status, 200, byId.text);
    assert.deepEqual(await get('fresh'), { _id: 'fresh', email: 'fresh@example.com' });
    const byField = await update(running, { criteria: { email: 'made@example.com' }, object: { $set: { n: -1 } }, upsert: true });
    assert.equal(byField.status, 200, byField.text);
    const made = (await running.raw('GET', `${docs(LARGE)}?q=${encodeURIComponent('{"email": "made@example.com"}')}`)).json as object[];
    assert.equal(made.length, 1);
    assert.deepEqual(Object.keys(made[0]).sort(), ['_id', 'email', 'n']);
    assert.equal(await count(), COUNT + 2);

    const empty = await update(running, { criteria: { n: -5 }, object: { $set: { seen: 2 } }, multi: true });
    assert.deepEqual(answerOf(empty), { status: 200, json: { ok: 1 } });
    assert.equal(await count(), COUNT + 2);
  });

  it("refuses a duplicate unique key met halfway with the journal store's E11000 answer, the whole update undone", async () => {
    // d400 moves its key to a free one, d401 to one a document the update does not read holds: PostgreSQL refuses it.
    for (const [id, alt] of [
      ['d400', 'free@example.com'],
      ['d401', 'd5000@example.com'],
    ]) {
      const set = await running.raw('PUT', `${docs(LARGE)}/${id}`, { body: jsonBody({ document: { $set: { alt } }, safe: true }) });
      assert.equal(set.status, 200, set.text);
    }
    const refused = await update(running, { criteria: { n: { $in: [400, 401] } }, object: { $rename: { alt: 'email' } }, multi: true });
    assert.equal(refused.status, 409, refused.text);
    assert.equal(errorOf(refused), 'E11000 duplicate key error index: shop.people.$email_1 dup key: { : "d5000@example.com" }');
    assert.equal((await get('d400')).email, 'd400@example.com', 'nothing of the update is kept');
    assert.equal((await get('d401')).email, 'd401@example.com');

    // A key a document the update reads holds: decided in the service.
    const held = await update(running, {
      criteria: { n: { $in: [402, 403] } },
      object: { $set: { email: 'd403@example.com' } },
      multi: true,
    });
    assert.equal(held.status, 409, held.text);
    assert.equal(errorOf(held), 'E11000 duplicate key error index: shop.people.$email_1 dup key: { : "d403@example.com" }');
    assert.equal((await get('d402')).email, 'd402@example.com');

    const moved = await update(running, { criteria: { n: { $in: [400, 401] } }, object: { $set: { email: 'moved@example.com' } } });
    assert.equal(moved.status, 200, moved.text);
    assert.equal((await get('d400')).email, 'moved@example.com');
    assert.equal(await count(), COUNT + 2);
  });

  it('refuses an update of _id and of prototype paths, changing nothing', async () => {
    const cases = [
      { criteria: { n: 600 }, object: { $set: { _id: 'other' } } },
      { criteria: { n: 600 }, object: { _id: 'other', n: 600 } },
      { criteria: { n: 600 }, object: { $set: { '__proto__.polluted': 1 } } },
      { criteria: { n: 600 }, object: { $set: { 'constructor.prototype.polluted': 1 } } },
      { criteria: { n: 600 }, object: { $inc: { constructor: 1 } } },
      { criteria: { 'constructor.prototype': 1 }, object: { $set: { x: 1 } }, multi: true },
    ];
    for (const body of cases) {
      const answer = await update(running, body);
      assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${answer.text}`);
    }
    assert.deepEqual(await get('d600'), person(600));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('previews an update of many documents from the candidates of its filter', async () => {
    const body = { criteria: { n: { $gte: 700, $lt: 705 } }, object: { $set: { tier: 'gold' } }, multi: true, sample: 2 };
    const answer = await running.raw('POST', preview(LARGE), { body: jsonBody(body) });
    assert.equal(answer.status, 200, answer.text);
    const { matched, sample } = answer.json as { matched: number; sample: { _id: string; after: { tier: string } }[] };
    assert.equal(matched, 5);
    assert.deepEqual(
      sample.map((item) => [item._id, item.after.tier]),
      [
        ['d700', 'gold'],
        ['d704', 'gold'],
      ],
    );
    const held = await running.raw('POST', preview(LARGE), {
      body: jsonBody({ criteria: { n: { $in: [710, 711] } }, object: { $set: { email: 'd711@example.com' } }, multi: true }),
    });
    assert.equal(held.status, 200, held.text);
    assert.deepEqual((held.json as { sample: object[] }).sample, [
      {
        _id: 'd710',
        before: person(710),
        error: 'E11000 duplicate key error index: shop.people.$email_1 dup key: { : "d711@example.com" }',
      },
      { _id: 'd711', before: person(711), after: person(711) },
    ]);
    assert.equal((await get('d700')).tier, undefined, 'a preview writes nothing');
  });

  it('refuses an update of many whose document changed in PostgreSQL after it read it, writing none of them', async () => {
    const id = documentKey('d802');
    const outside = await pool.connect();
    try {
      await outside.query('BEGIN');
      await outside.query('SELECT version FROM dbhost_documents WHERE db = $1 AND col = $2 AND id = $3 FOR UPDATE', [DB, LARGE, id]);
      const body = { criteria: { n: { $gte: 800, $lt: 805 } }, object: { $set: { by: 'service' } }, multi: true, safe: true };
      const save = update(running, body);
      // The service has read the documents and waits for the row to write them.
      for (;;) {
        const { rows } = await pool.query(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE dbhost_documents%'`,
        );
        if (rows[0].waiting > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const changed = JSON.stringify({ ...person(802), by: 'outside' });
      await outside.query(
        'UPDATE dbhost_documents SET body = $4, doc = $5::jsonb, version = version + 1 WHERE db = $1 AND col = $2 AND id = $3',
        [DB, LARGE, id, changed, changed],
      );
      await outside.query('COMMIT');
      const refused = await save;
      assert.equal(refused.status, 409, refused.text);
      assert.match(
        errorOf(refused),
        /^Document "d802" of shop\.people changed in PostgreSQL after this write read it; nothing was written/,
      );
    } finally {
      outside.release();
    }
    assert.equal((await get('d802')).by, 'outside');
    for (const other of ['d800', 'd801', 'd803', 'd804']) assert.equal((await get(other)).by, undefined, other);
  });

  it('gives the answers of the journal store on a collection both hold alike', async () => {
    const cases: [string, string, object][] = [
      // The first match takes a free key, the second one the first just took.
      ['PUT', docs(PAIRS), { criteria: { g: 1 }, object: { $set: { code: 'Z' } }, multi: true }],
      // The first match takes a key a document the filter does not match holds.
      ['PUT', docs(PAIRS), { criteria: { g: 1 }, object: { $set: { code: 'E' } }, multi: true }],
      // Halfway: a moves to a free n, b to the n that d holds.
      ['PUT', docs(PAIRS), { criteria: { g: 1 }, object: { $inc: { n: 1 } }, multi: true }],
      // A key a document held before the update moved it away is still taken, as the journal store decides it.
      ['PUT', docs(PAIRS), { criteria: { _id: { $in: ['a', 'e'] } }, object: { $set: { code: 'A' } }, multi: true }],
      ['PUT', docs(PAIRS), { criteria: { g: 1 }, object: { $set: { _id: 'x' } }, multi: true }],
      ['PUT', docs(PAIRS), { criteria: { g: 1 }, object: { $set: { '__proto__.x': 1 } }, multi: true }],
      ['PUT', docs(PAIRS), { criteria: { g: 9 }, object: { $set: { code: 'Q' } }, multi: true }],
      ['PUT', docs(PAIRS), { criteria: { g: 9 }, object: { $set: { code: 'A' } }, upsert: true }],
      ['PUT', docs(PAIRS), { criteria: { g: 9 }, object: { $set: { code: 'Q', n: 30 } }, upsert: true }],
      ['PUT', docs(PAIRS), { criteria: { g: 2 }, object: { g: 2, code: 'B' } }],
      ['PUT', docs(PAIRS), { criteria: { g: 2 }, object: { $set: { 'deep.constructor': 1 } } }],
      ['PUT', docs(PAIRS), { criteria: { g: 3 }, object: { $rename: { alt: 'code' } } }],
      ['PUT', docs(PAIRS), { criteria: { g: { $in: [1, 2] } }, object: { $inc: { n: 100 } }, multi: true }],
      ['POST', preview(PAIRS), { criteria: { g: 1 }, object: { $set: { code: 'C' } }, multi: true }],
      ['POST', preview(PAIRS), { criteria: { g: 1 }, object: { $set: { code: 'new' } }, multi: true }],
      ['POST', preview(PAIRS), { criteria: { g: 1 }, object: { $set: { note: 1 } }, multi: true }],
      ['POST', preview(PAIRS), { criteria: { g: 8 }, object: { $set: { note: 1 } }, multi: true, upsert: true }],
      ['POST', preview(PAIRS), { criteria: { g: 8 }, object: { $set: { note: 1 } }, multi: true }],
    ];
    for (const [method, path, body] of cases) {
      // Each case on PAIRS as PostgreSQL holds it, not as loaded for a case before (which some decide with it loaded).
      assert.equal((await running.raw('GET', `/databases/${DB}/collections/${OTHER}`)).status, 200);
      const { postgres, journal: expected } = await both(method, path, body);
      if (path.endsWith('update_preview') && (body as { upsert?: boolean }).upsert) {
        // The upserted document's new ObjectId differs between the two services.
        const withoutId = (answer: typeof postgres) => ({ ...answer, json: { ...(answer.json as object), upsert: undefined } });
        assert.deepEqual(withoutId(postgres), withoutId(expected), `${method} ${JSON.stringify(body)}`);
      } else assert.deepEqual(postgres, expected, `${method} ${JSON.stringify(body)}`);
      const [held, kept] = [await pairs(running), await pairs(journal)];
      // Upserted documents get an ObjectId each service makes: compared without it.
      const strip = (list: unknown) =>
        (list as { _id: unknown }[]).map((doc) => (typeof doc._id === 'string' ? doc : { ...doc, _id: 'made' }));
      assert.deepEqual(strip(held), strip(kept), `after ${method} ${JSON.stringify(body)}`);
    }
  });
});
