import assert from 'node:assert/strict';
import type { InProcessService, RawAnswer } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';

const KEY = 'index-builds-differential-key-51e0';
const DB = 'keys';
type Json = Record<string, unknown>;

/** One collection's documents (extended JSON, inserted in this order) and the index created over them. */
interface Case {
  title: string;
  /** A document, or the text of its members (exact numbers beyond a double's). */
  documents: (Json | string)[];
  index: Json;
}

const unique = (spec: Json, more: Json = {}): Json => ({ spec, unique: true, ...more });

/**
 * Keys PostgreSQL compares as the service does (strings, booleans, numbers a double holds, null and missing), and keys
 * it does not (arrays on the way or at the end, int64, dates, objects, numbers beyond 2^53), for which the build loads
 * the collection: the same answer either way.
 */
const CASES: Case[] = [
  { title: 'no repeated key', documents: [{ a: 'x' }, { a: 'y' }, { a: 1 }, { a: true }, { a: '1' }], index: unique({ a: 1 }) },
  { title: 'a repeated string', documents: [{ a: 'x' }, { a: 'y' }, { a: 'z' }, { a: 'y' }, { a: 'x' }], index: unique({ a: 1 }) },
  { title: 'numbers equal as doubles', documents: [{ a: 2 }, { a: 1.5 }, { a: -0 }, { a: 0 }], index: unique({ a: -1 }) },
  { title: 'true is not 1, "1" is not 1', documents: [{ a: true }, { a: 1 }, { a: '1' }, { a: 'true' }], index: unique({ a: 1 }) },
  { title: 'null and missing are one key', documents: [{ a: 1 }, { b: 1 }, { a: null }], index: unique({ a: 1 }) },
  {
    title: 'a path through objects',
    documents: [{ a: { b: 1 } }, { a: { b: 2 } }, { a: 5 }, { a: { c: 1 } }, { a: { b: 2 } }],
    index: unique({ 'a.b': 1 }),
  },
  { title: 'a path through an array', documents: [{ a: [{ b: 1 }] }, { a: { b: 1 } }, { a: [{ b: 1 }] }], index: unique({ 'a.b': 1 }) },
  { title: 'a path with a position', documents: [{ a: [7, 8] }, { a: { 0: 7 } }, { a: [7] }], index: unique({ 'a.0': 1 }) },
  { title: 'an array key', documents: [{ a: [1, 2] }, { a: 3 }, { a: [3, 4] }], index: unique({ a: 1 }) },
  { title: 'an empty array and null', documents: [{ a: [] }, { a: 'x' }, { a: null }], index: unique({ a: 1 }) },
  {
    title: 'an int64 and an equal number',
    documents: ['"a": 9223372036854775807', '"a": 6', '"a": 9223372036854775807'],
    index: unique({ a: 1 }),
  },
  {
    title: 'objects in another key order',
    documents: [{ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } }, { a: { x: 1, y: 2 } }],
    index: unique({ a: 1 }),
  },
  {
    title: 'numbers beyond 2^53',
    documents: ['"a": 9007199254740993', '"a": 9007199254740992', '"a": 1e300', '"a": 1e300'],
    index: unique({ a: 1 }),
  },
  { title: 'a compound key', documents: [{ a: 1, b: 'x' }, { a: 1, b: 'y' }, { a: 2 }, { a: 2, b: null }], index: unique({ a: 1, b: -1 }) },
  { title: 'a compound key, distinct', documents: [{ a: 1, b: 'x' }, { a: 1, b: 'y' }, { a: 2 }, { b: 2 }], index: unique({ a: 1, b: 1 }) },
  {
    title: 'drop_dups keeps the first of each key',
    documents: [{ a: 'p' }, { a: 'q' }, { a: 'p' }, { a: 'r' }, { a: 'q' }, {}, { a: 'p' }, {}],
    index: unique({ a: 1 }, { drop_dups: true }),
  },
  {
    title: 'drop_dups over an array key',
    documents: [{ a: [1, 2] }, { a: 2 }, { a: [3, 1] }, { a: 4 }],
    index: unique({ a: 1 }, { drop_dups: true }),
  },
  { title: 'an index that is not unique', documents: [{ a: 'x' }, { a: 'x' }], index: { spec: { a: 1 }, drop_dups: true } },
];

const answerOf = ({ status, json }: RawAnswer) => ({ status, json });

/** Index creation over collections PostgreSQL keeps (not loaded: cache budget 0) answers as the journal store does. */
describePostgres('on PostgreSQL, unique index builds answer as the journal store (differential)', function () {
  this.timeout(180_000);
  let store: string;
  let postgres: InProcessService;
  let journal: InProcessService;
  const start = () => startServiceInProcess({ apiKeys: [KEY], empty: true, store, storeCacheMb: 0, keepData: true });

  before(async () => {
    store = freshPostgresStore();
    postgres = await start();
    journal = await startServiceInProcess({ apiKeys: [KEY], empty: true, store: null });
    for (const service of [postgres, journal]) {
      assert.equal((await service.raw('POST', '/databases', { body: jsonBody({ name: DB, slug: 'sandbox' }) })).status, 200);
      for (const [i, { documents }] of CASES.entries())
        for (const [n, document] of documents.entries()) {
          const path = `/databases/${DB}/collections/c${i}/documents`;
          const body =
            typeof document === 'string' ? `{"document": {"_id": ${n}, ${document}}}` : jsonBody({ document: { _id: n, ...document } });
          const inserted = await service.raw('POST', path, { body });
          assert.equal(inserted.status, 200, inserted.text);
        }
    }
    // Started again, the service has loaded none of the collections.
    await postgres.stop();
    postgres = await start();
  });
  after(async () => {
    await postgres?.stop();
    await journal?.stop();
  });

  for (const [i, { title, index }] of CASES.entries())
    it(`${title}: ${JSON.stringify(index)}`, async () => {
      const col = `/databases/${DB}/collections/c${i}`;
      const made = {
        postgres: answerOf(await postgres.raw('POST', `${col}/indexes`, { body: jsonBody(index) })),
        journal: answerOf(await journal.raw('POST', `${col}/indexes`, { body: jsonBody(index) })),
      };
      assert.deepEqual(made.postgres, made.journal);
      for (const path of [`${col}/documents?sort=${encodeURIComponent('{"_id": 1}')}`, `${col}/indexes`]) {
        const [left, right] = [await postgres.raw('GET', path), await journal.raw('GET', path)];
        const strip = (answer: RawAnswer) =>
          Array.isArray(answer.json) ? answer.json.map(({ accesses, ...rest }: Json) => (void accesses, rest)) : answer.json;
        assert.deepEqual(strip(left), strip(right), path);
      }
      if (made.postgres.status !== 200) return;
      // Enforced afterwards: a second document with the first one's key is refused alike.
      const first = ((await journal.raw('GET', `${col}/documents?limit=1`)).json as Json[])[0];
      const again = { document: { ...first, _id: 'again' } };
      const repeated = {
        postgres: answerOf(await postgres.raw('POST', `${col}/documents`, { body: jsonBody(again) })),
        journal: answerOf(await journal.raw('POST', `${col}/documents`, { body: jsonBody(again) })),
      };
      assert.deepEqual(repeated.postgres, repeated.journal);
    });
});
