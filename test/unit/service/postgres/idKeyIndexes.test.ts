import assert from 'node:assert/strict';
import { Pool } from 'pg';
import { makeIdKeyIndexes } from '../../../../src/service/store/postgres/idKeyIndexes';
import { jsonBody, startServiceInChild } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';

const KEY = 'id-key-indexes-key-2b71';
const ID_KEY_INDEX = `indexdef LIKE '%dbhost_sort_key(doc, ARRAY[''_id''::text])%'`;

describePostgres('on PostgreSQL, the B-tree of _id for collections made before there was one', function () {
  this.timeout(120_000);
  let store: string;
  let pool: Pool;

  before(async () => {
    store = freshPostgresStore();
    const service = await startServiceInChild({ apiKeys: [KEY], empty: true, store });
    try {
      assert.equal((await service.raw('POST', '/databases', { body: jsonBody({ name: 'old', slug: 'sandbox' }) })).status, 200);
      for (const name of ['a', 'b'])
        assert.equal((await service.raw('POST', '/databases/old/collections', { body: jsonBody({ name }) })).status, 200);
    } finally {
      await service.stop();
    }
    pool = new Pool({ connectionString: store });
  });
  after(() => pool?.end());

  const idKeyIndexes = async (): Promise<string[]> =>
    (await pool.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE ${ID_KEY_INDEX} ORDER BY indexname`)).rows.map(
      (row) => row.indexname,
    );

  it('is made with each collection, and made again, once, by two processes opening a database that lacks it', async () => {
    const made = await idKeyIndexes();
    assert.equal(made.length, 2);
    await pool.query(`DROP INDEX ${made.join(', ')}`);
    assert.deepEqual(await idKeyIndexes(), []);

    const logged: string[] = [];
    const counts = await Promise.all(
      [0, 1].map(() =>
        makeIdKeyIndexes(
          pool,
          () => false,
          (line) => logged.push(line),
        ),
      ),
    );
    assert.equal(counts[0] + counts[1], 2, `made ${counts.join(' and ')}`);
    assert.equal(logged.length, 0, logged.join('; '));
    assert.deepEqual(await idKeyIndexes(), made);
    const { rows } = await pool.query<{ valid: boolean }>(
      'SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = ANY($1)',
      [made],
    );
    assert.deepEqual(
      rows.map((row) => row.valid),
      [true, true],
    );
    assert.equal(
      await makeIdKeyIndexes(
        pool,
        () => false,
        (line) => logged.push(line),
      ),
      0,
      'made again when present',
    );
  });

  it('makes none once the service is stopping', async () => {
    const made = await idKeyIndexes();
    await pool.query(`DROP INDEX ${made.join(', ')}`);
    assert.equal(
      await makeIdKeyIndexes(
        pool,
        () => true,
        () => undefined,
      ),
      0,
    );
    assert.deepEqual(await idKeyIndexes(), []);
  });
});
