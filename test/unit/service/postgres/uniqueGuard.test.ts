import assert from 'node:assert/strict';
import type { Pool } from 'pg';
import type { Doc } from '../../../../src/service/bson/extendedJson';
import type { RequestScope } from '../../../../src/service/store/accountStore';
import type { PostgresAccountStore } from '../../../../src/service/store/postgres/postgresAccountStore';
import { documentKey } from '../../../../src/service/store/postgres/documentKeys';
import { hookedPool, openPool } from '../../../support/hookedPool';
import { openAccountStore, seedAccount } from '../../../support/postgresAccount';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';

const DB = 'shop';
const COL = 'tags';
const ACCOUNT = 'unique-guard';
/** The query run after a write of one document, looking for its unique key in another document (partialStatements.ts). */
const isGuard = (text: string) => text.startsWith('SELECT 1 FROM dbhost_documents WHERE') && text.includes('id <> $4');

/**
 * After a write of one document into a collection that is not loaded, a query looks for its unique key in other
 * documents (where PostgreSQL's unique index does not see it). An update keeping its key cannot clash (the collection
 * was unique before): it runs no such query, and does what it did before.
 */
describePostgres('on PostgreSQL, the unique key guard after a write of one document', function () {
  this.timeout(60_000);
  let pool: Pool;
  let store: PostgresAccountStore;
  let guards = 0;

  before(async () => {
    const url = freshPostgresStore();
    await seedAccount(url, ACCOUNT, [
      { op: 'createDatabase', name: DB, slug: 'sandbox', created: new Date(0).toISOString() },
      { op: 'createCollection', db: DB, name: COL },
      { op: 'createIndex', db: DB, col: COL, index: { name: 'tag_1', key: { tag: 1 }, unique: true } },
      { op: 'put', db: DB, col: COL, doc: { _id: 'a', tag: 'x', n: 1 } },
      { op: 'put', db: DB, col: COL, doc: { _id: 'b', tag: ['y', 'z'] } },
    ]);
    pool = openPool(url);
    store = await openAccountStore(hookedPool(pool, { after: (text) => void (isGuard(text) && guards++) }), ACCOUNT);
  });
  after(async () => {
    await store?.close();
    await pool?.end();
  });

  /** Saves `doc` by its `_id` as a write request naming only it does (checking its keys as the handlers do); how many guard queries it ran. */
  const write = async (doc: Doc): Promise<number> => {
    const scope: RequestScope = { collections: [], documents: [{ db: DB, col: COL, ids: [doc._id] }], databases: [], figures: [] };
    const before = guards;
    await store.serve(
      () => {
        const data = store.state.collection(DB, COL)!;
        const clash = data.conflict(doc, data.get(doc._id));
        if (clash) throw new Error(`Duplicate key in ${clash.name}`);
        store.commit([{ op: 'put', db: DB, col: COL, doc }], true);
      },
      true,
      scope,
    );
    return guards - before;
  };
  const stored = async (id: string) =>
    (
      await pool.query<{ body: string }>('SELECT body FROM dbhost_documents WHERE db = $1 AND col = $2 AND id = $3', [
        DB,
        COL,
        documentKey(id),
      ])
    ).rows.map((row) => JSON.parse(row.body) as Doc);

  it('runs none for an update keeping its unique key', async () => {
    assert.equal(await write({ _id: 'a', tag: 'x', n: 2 }), 0);
    assert.deepEqual(await stored('a'), [{ _id: 'a', tag: 'x', n: 2 }]);
    assert.equal(await write({ _id: 'b', tag: ['z'], n: 1 }), 0, 'one of the keys it held');
    assert.deepEqual(await stored('b'), [{ _id: 'b', tag: ['z'], n: 1 }]);
  });

  it('runs one for an update changing its key and for an insert, which it still refuses when another document holds the key in an array', async () => {
    assert.equal(await write({ _id: 'a', tag: 'w', n: 3 }), 1);
    assert.deepEqual(await stored('a'), [{ _id: 'a', tag: 'w', n: 3 }]);
    assert.equal(await write({ _id: 'c', tag: 'v' }), 1);
    await assert.rejects(write({ _id: 'a', tag: 'z', n: 4 }), { message: 'Duplicate key in tag_1' });
    assert.deepEqual(await stored('a'), [{ _id: 'a', tag: 'w', n: 3 }], 'nothing of the refused write is stored');
  });
});
