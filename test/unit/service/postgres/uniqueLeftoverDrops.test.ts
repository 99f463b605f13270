import assert from 'node:assert/strict';
import { Pool } from 'pg';
import type { IndexSpec } from '../../../../src/service/query/indexes/indexSpec';
import { makeIdKeyIndexes } from '../../../../src/service/store/postgres/idKeyIndexes';
import { uniqueIndexName, uniqueIndexSql } from '../../../../src/service/store/postgres/indexSql';
import { makeDefinition } from '../../../../src/service/store/postgres/mutationSql';
import { waitFor } from '../../../integration/support/waitFor';
import { describePostgres } from '../../../support/testStore';
import { storeMadeBy } from './storeMadeBy';

const KEY = 'unique-leftover-drops-key-3b94';
/** Our PostgreSQL unique indexes (the primary key aside), with whether they serve queries and refuse duplicates. */
const UNIQUE = `SELECT i.indexname AS name, x.indisvalid AND x.indisready AS usable FROM pg_indexes i
  JOIN pg_index x ON x.indexrelid = (quote_ident(i.indexname))::regclass
  WHERE i.tablename = 'dbhost_documents' AND i.indexdef LIKE 'CREATE UNIQUE INDEX dbx%'`;

/**
 * A starting service drops the unique indexes no collection wants (left by a drop cut short) the way a request's
 * drop does: under the collection's lock, the catalog read again first. A collection made again meanwhile by
 * another process, with the same unique index, keeps it: duplicates stay refused.
 */
describePostgres('on PostgreSQL, the leftover unique indexes a starting service drops', function () {
  this.timeout(120_000);
  let pool: Pool;

  before(async () => {
    const store = await storeMadeBy(KEY, [
      ['/databases', { name: 'shop', slug: 'sandbox' }],
      ['/databases/shop/collections', { name: 'gone' }],
      ['/databases/shop/collections/gone/indexes', { spec: { sku: 1 }, unique: true, background: false }],
      ['/databases/shop/collections', { name: 'items' }],
      ['/databases/shop/collections/items/indexes', { spec: { sku: 1 }, unique: true, background: false }],
    ]);
    pool = new Pool({ connectionString: store });
  });
  after(() => pool?.end());

  const waiting = async (query: string) =>
    (await pool.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE $1", [query])).rowCount !== 0;

  it('keeps the unique index of a collection made again while the leftovers were being dropped', async () => {
    const [row] = (
      await pool.query<{ account: string; indexes: string }>("SELECT account, indexes FROM dbhost_collections WHERE name = 'items'")
    ).rows;
    const index = (JSON.parse(row.indexes) as IndexSpec[]).find(({ unique }) => unique)!;
    const name = (col: string) => uniqueIndexName(row.account, 'shop', col, index);
    assert.deepEqual(
      (await pool.query<{ name: string; usable: boolean }>(UNIQUE)).rows.map(({ name }) => name).sort(),
      [name('gone'), name('items')].sort(),
    );
    // Another process dropped both collections and has yet to drop their indexes: their unique indexes are left
    // over. The drop of the first at start waits for a long transaction.
    await pool.query('DELETE FROM dbhost_collections WHERE account = $1', [row.account]);
    const long = await pool.connect();
    const logged: string[] = [];
    try {
      await long.query('BEGIN');
      await long.query('SELECT count(*) FROM dbhost_documents');
      const starting = makeIdKeyIndexes(
        pool,
        () => false,
        (line) => logged.push(line),
      );
      await waitFor(() => waiting(`%DROP INDEX%${name('gone')}%`), { what: 'the first drop waiting for the long transaction' });
      // `items` made again meanwhile by a process that then makes its unique index: it finds the leftover and keeps it.
      await pool.query('INSERT INTO dbhost_collections (account, db, name, indexes) VALUES ($1, $2, $3, $4)', [
        row.account,
        'shop',
        'items',
        row.indexes,
      ]);
      let settled = false;
      const making = makeDefinition(pool, uniqueIndexSql(row.account, 'shop', 'items', index)!).finally(() => (settled = true));
      await waitFor(async () => settled || waiting(`%${name('items')}%`), { what: 'the unique index of items made, or waiting' });
      await long.query('COMMIT');
      await starting;
      await making;
    } finally {
      long.release();
    }
    assert.deepEqual(
      logged.filter((line) => /could not/.test(line)),
      [],
    );
    const now = (await pool.query<{ name: string; usable: boolean }>(UNIQUE)).rows;
    assert.deepEqual(now, [{ name: name('items'), usable: true }]);
  });
});
