import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { Pool } from 'pg';
import { runLoad } from '../../../../src/service/bulkLoad/loadCli';
import { seedFromEnvironment } from '../../../support/seededRandom';
import { defaultStore, describePostgres } from '../../../support/testStore';
import type { Json, JsonObject } from './differentialCases';
import { bodyOf, listPath as listPathOf, storesSideBySide } from './storesSideBySide';

const KEY = 'key-counts-key-3f81';
const DB = 'kc';
const SEED = seedFromEnvironment('DBHOST_DIFFERENTIAL_SEED', 71);
const RUNS = Number(process.env.DBHOST_DIFFERENTIAL_RUNS ?? 25);

/** Values asked for, and stored beside them: other types, nulls, arrays and values the sort key cannot order. */
const wanted = fc.constantFrom<Json>(0, 7, 7.5, 'a', true);
const stored: fc.Arbitrary<Json> = fc.oneof(
  { weight: 6, arbitrary: wanted },
  { weight: 1, arbitrary: fc.constantFrom<Json>(null, -0, '7', 2 ** 53, { $date: '2020-01-01T00:00:00Z' }) },
  { weight: 1, arbitrary: fc.constantFrom<Json>([7, 'a'], [], { x: 7 }, 'a😀') },
);
/** `o`, on the path of the `o.x` index: an object, or an array or a scalar along the path. */
const along: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ x: stored }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.constantFrom<Json>([{ x: 7 }], 5, []) },
);
const doc = fc.record({ v: stored, o: along }, { requiredKeys: [] });
const id = fc.integer({ min: 0, max: 3 });
const field = fc.constantFrom('v', 'v', 'o', 'o.x', 'o.x');

type Step =
  | { op: 'insert'; id: number; doc: JsonObject }
  | { op: 'set'; id: number; field: string; value: Json }
  | { op: 'unset'; id: number; field: string }
  | { op: 'delete'; id: number }
  | { op: 'bulk'; field: string; from: Json; to: Json }
  | { op: 'reindex' | 'rename' | 'recreate' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('insert' as const), id, doc }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('set' as const), id, field, value: fc.oneof(stored, along) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('unset' as const), id, field }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), id }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('bulk' as const), field: fc.constantFrom('v', 'o.x'), from: wanted, to: stored }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constantFrom('reindex' as const, 'rename' as const, 'recreate' as const) }) },
);
const cases = fc.record({
  index: fc.constantFrom<JsonObject>({ v: 1 }, { v: -1 }, { 'o.x': 1 }),
  docs: fc.array(fc.record({ id, doc }), { maxLength: 6 }),
  indexFirst: fc.boolean(),
  steps: fc.array(step, { minLength: 1, maxLength: 8 }),
});

/** Each counted key whose kept count is not the count of the documents holding it (none when every count is right). */
const WRONG_COUNTS = `
WITH actual AS (
  SELECT c.account, c.db, c.col, c.idx, k.key, count(*) AS n FROM dbhost_counted_keys c
  CROSS JOIN LATERAL (SELECT dbhost_sort_key(d.doc, c.path) AS key FROM dbhost_documents d WHERE (d.account, d.db, d.col) = (c.account, c.db, c.col)) k
  WHERE k.key IS NOT NULL GROUP BY 1, 2, 3, 4, 5
)
SELECT coalesce(a.col, k.col) AS col, coalesce(a.key, k.key) AS key, a.n AS actual, k.n AS kept
FROM actual a FULL JOIN dbhost_key_counts k USING (account, db, col, idx, key) WHERE a.n IS DISTINCT FROM k.n`;

describePostgres(
  'on PostgreSQL, the count of an equality on an indexed field is kept per key and answers as the journal store does',
  function () {
    this.timeout(600_000);
    const { both, postgres, journal } = storesSideBySide(KEY, DB);
    let pool: Pool | undefined;
    let run = 0;
    const collection = (col: string) => `/databases/${DB}/collections/${col}`;
    const wrongCounts = async () => {
      pool ??= new Pool({ connectionString: defaultStore(postgres().dataDir)!.store });
      return (await pool.query(WRONG_COUNTS)).rows;
    };
    // Before the services stop (their `after`), which drops the database.
    afterEach(async () => {
      await pool?.end();
      pool = undefined;
    });

    async function countsAgree(col: string, field: string): Promise<void> {
      for (const value of [0, 7, 'a', true]) await both('GET', listPathOf(DB, col, 'documents', { q: { [field]: value }, limit: 2 }));
      assert.deepEqual(await wrongCounts(), [], 'every kept count is the count of its documents');
    }

    async function apply(col: string, index: JsonObject, s: Step): Promise<string> {
      const indexName = `${Object.keys(index)[0]}_${Object.values(index)[0]}`;
      switch (s.op) {
        case 'insert':
          await both('POST', `${collection(col)}/documents`, { document: { _id: s.id, ...s.doc }, safe: true });
          return col;
        case 'set':
        case 'unset': {
          const update = s.op === 'set' ? { $set: { [s.field]: s.value } } : { $unset: { [s.field]: '' } };
          await both('PUT', `${collection(col)}/documents/${s.id}`, { document: update, safe: true });
          return col;
        }
        case 'delete':
          await both('DELETE', `${collection(col)}/documents/${s.id}`);
          return col;
        case 'bulk':
          await both('PUT', `${collection(col)}/documents`, {
            criteria: { [s.field]: s.from },
            object: { $set: { [s.field]: s.to } },
            multi: true,
            safe: true,
          });
          return col;
        case 'reindex':
          await both('DELETE', `${collection(col)}/indexes/${indexName}`);
          await countsAgree(col, Object.keys(index)[0]);
          await both('POST', `${collection(col)}/indexes`, { spec: index, background: false });
          return col;
        case 'rename': {
          const to = `${col}r`;
          await both('PUT', collection(col), { name: to });
          return to;
        }
        case 'recreate':
          await both('DELETE', collection(col));
          await both('POST', `/databases/${DB}/collections`, { name: col });
          await both('POST', `${collection(col)}/indexes`, { spec: index, background: false });
          return col;
      }
    }

    it(`through inserts, updates that change the key, deletes, bulk updates, index drops, renames and collections made again (seed ${SEED}, ${RUNS} runs)`, async () => {
      await fc.assert(
        fc.asyncProperty(cases, async ({ index, docs, indexFirst, steps }) => {
          let col = `k${run++}`;
          await both('POST', `/databases/${DB}/collections`, { name: col });
          const createIndex = () => both('POST', `${collection(col)}/indexes`, { spec: index, background: false });
          if (indexFirst) await createIndex();
          for (const { id: i, doc: d } of docs)
            await both('POST', `${collection(col)}/documents`, { document: { _id: i, ...d }, safe: true });
          if (!indexFirst) await createIndex();
          for (const s of steps) {
            col = await apply(col, index, s);
            await countsAgree(col, Object.keys(index)[0]);
          }
        }),
        { seed: SEED, numRuns: RUNS },
      );
    });

    it('in a copied database, and after a load by npm run pg-load', async () => {
      const col = 'teams';
      await both('POST', `/databases/${DB}/collections`, { name: col });
      await both('POST', `${collection(col)}/indexes`, { spec: { team: 1 }, background: false });
      for (let i = 0; i < 30; i++) await both('POST', `${collection(col)}/documents`, { document: { _id: i, team: i % 4 }, safe: true });
      await both('POST', '/copy_database', { from: DB, to: `${DB}copy` });
      await both('GET', listPathOf(`${DB}copy`, col, 'documents', { q: { team: 3 }, limit: 2 }));
      await both('PUT', `/databases/${DB}copy/collections/${col}/documents`, {
        criteria: { team: 3 },
        object: { $set: { team: 2 } },
        multi: true,
        safe: true,
      });
      for (const db of [DB, `${DB}copy`]) await both('GET', listPathOf(db, col, 'documents', { q: { team: 2 }, limit: 2 }));

      // The same documents through the journal store's inserts and through PostgreSQL's bulk path (COPY).
      const loaded = Array.from({ length: 40 }, (_, i) => ({ _id: 100 + i, ...(i === 7 ? {} : { team: i === 9 ? 'a😀' : i % 5 }) }));
      for (const document of loaded) {
        const inserted = await journal().raw('POST', `${collection(col)}/documents`, { body: bodyOf({ document, safe: true }) });
        assert.equal(inserted.status, 200, inserted.text);
      }
      const folder = mkdtempSync(join(tmpdir(), 'dbhost-key-counts-'));
      try {
        const file = join(folder, 'teams.jsonl');
        writeFileSync(file, `${loaded.map((document) => bodyOf(document)).join('\n')}\n`);
        await runLoad({ store: defaultStore(postgres().dataDir)!.store, apiKey: KEY, db: DB, col, file });
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
      for (const team of [0, 2, 3]) await both('GET', listPathOf(DB, col, 'documents', { q: { team }, limit: 2 }));
      // Without the one key the sort key cannot order, every equality is counted from the kept counts again.
      await both('DELETE', `${collection(col)}/documents/109`);
      for (const team of [0, 2, 3, null]) await both('GET', listPathOf(DB, col, 'documents', { q: { team }, limit: 2 }));
      assert.deepEqual(await wrongCounts(), [], 'every kept count is the count of its documents');
    });
  },
);
