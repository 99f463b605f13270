import assert from 'node:assert/strict';
import { Pool } from 'pg';
import { AccountState } from '../../../../src/service/store/accountState';
import { makeIdKeyIndexes } from '../../../../src/service/store/postgres/idKeyIndexes';
import { indexStatements } from '../../../../src/service/store/postgres/indexSql';
import type { Statement } from '../../../../src/service/store/postgres/mutationSql';
import { definitionOf, makeDefinition } from '../../../../src/service/store/postgres/mutationSql';
import { waitFor } from '../../../integration/support/waitFor';
import { describePostgres } from '../../../support/testStore';
import { storeMadeBy } from './storeMadeBy';

const KEY = 'backfill-after-drops-key-7e13';
/** The PostgreSQL indexes under one collection's prefix, with whether they serve queries. */
const UNDER = `SELECT i.indexname AS name, i.indexdef AS def, x.indisvalid AND x.indisready AS usable FROM pg_indexes i
  JOIN pg_index x ON x.indexrelid = (quote_ident(i.indexname))::regclass
  WHERE i.tablename = 'dbhost_documents' AND starts_with(i.indexname, $1) ORDER BY 1`;

interface Index {
  name: string;
  def: string;
  usable: boolean;
}

/**
 * The indexes a starting service makes for collections that lack them (the B-tree of `_id`, the unique indexes
 * under their names of now) wait, as every index made by a request does, for a drop of the indexes of the
 * collection in progress: a late drop of a collection dropped by another process, made again since, must not
 * take the index of the collection made again with it.
 */
describePostgres('on PostgreSQL, the indexes made at start while a late drop of the same collection waits', function () {
  this.timeout(120_000);
  let pool: Pool;
  let row: { account: string; indexes: string };
  let late: Statement;
  let made: Index[];
  const mine = async () => (await pool.query<Index>(UNDER, [late.drops!.prefix])).rows;

  before(async () => {
    const store = await storeMadeBy(KEY, [
      ['/databases', { name: 'shop', slug: 'sandbox' }],
      ['/databases/shop/collections', { name: 'items' }],
      ['/databases/shop/collections/items/indexes', { spec: { sku: 1 }, unique: true, background: false }],
    ]);
    pool = new Pool({ connectionString: store });
    [row] = (
      await pool.query<{ account: string; indexes: string }>("SELECT account, indexes FROM dbhost_collections WHERE name = 'items'")
    ).rows;
    [late] = indexStatements(row.account, { op: 'dropCollection', db: 'shop', name: 'items' }, new AccountState());
    made = await mine();
  });
  after(() => pool?.end());

  const waiting = async (query: string) =>
    (await pool.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE $1", [query])).rowCount !== 0;

  for (const [kind, pattern] of [
    ['the B-tree of _id', /ARRAY\['_id'::text\]/],
    ['the unique index', /CREATE UNIQUE INDEX/],
  ] as const) {
    it(`makes ${kind} of a collection made again once the late drop of the one it replaced is done`, async () => {
      const left = made.find(({ def }) => pattern.test(def));
      assert.ok(left, made.map(({ def }) => def).join('\n'));
      // Another process dropped the collection and has yet to drop this index of it.
      await pool.query('DELETE FROM dbhost_collections WHERE account = $1', [row.account]);
      for (const { name } of await mine()) await pool.query(`DROP INDEX ${name}`);
      await pool.query(left.def);
      const long = await pool.connect();
      const logged: string[] = [];
      try {
        await long.query('BEGIN');
        await long.query('SELECT count(*) FROM dbhost_documents');
        const dropping = makeDefinition(pool, definitionOf(late));
        await waitFor(() => waiting('%DROP INDEX%'), { what: 'the late drop of the index waiting for the long transaction' });
        // Made again, meanwhile, by a process that has yet to make its PostgreSQL indexes (an older one, say).
        await pool.query('INSERT INTO dbhost_collections (account, db, name, indexes) VALUES ($1, $2, $3, $4)', [
          row.account,
          'shop',
          'items',
          row.indexes,
        ]);
        let settled = false;
        const backfill = makeIdKeyIndexes(
          pool,
          () => false,
          (line) => logged.push(line),
        ).finally(() => (settled = true));
        await waitFor(async () => settled || (await waiting('%advisory%')) || waiting('%INDEX%CONCURRENTLY dbx%'), {
          what: 'the indexes made at start waiting for the late drop, or made',
        });
        await long.query('COMMIT');
        await dropping;
        await backfill;
      } finally {
        long.release();
      }
      assert.deepEqual(
        logged.filter((line) => /could not/.test(line)),
        [],
      );
      const now = await mine();
      assert.equal(now.find(({ name }) => name === left.name)?.usable, true, now.map(({ name }) => name).join(', '));
    });
  }
});
