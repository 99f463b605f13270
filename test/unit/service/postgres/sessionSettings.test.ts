import assert from 'node:assert/strict';
import { Client } from 'pg';
import { ensureDatabase, parseStoreUrl, quoteIdentifier } from '../../../../src/service/store/postgres/connection';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';

/** What one session made with the store's settings for `env` answers to `text`. */
async function inSession<R>(store: string, env: NodeJS.ProcessEnv, run: (client: Client) => Promise<R>): Promise<R> {
  const client = new Client(parseStoreUrl(store, env).config);
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const jitOf = async (client: Client): Promise<unknown> => {
  const { rows } = await client.query<{ 'QUERY PLAN': { JIT?: unknown }[] }>(
    'EXPLAIN (ANALYZE, FORMAT JSON) SELECT count(*) FROM generate_series(1, 1000) n WHERE n % 7 = 0',
  );
  return rows[0]['QUERY PLAN'][0].JIT;
};

describePostgres("the service's PostgreSQL sessions", function () {
  this.timeout(60_000);

  it('never JIT-compile a statement, even one PostgreSQL estimates costly enough (an equality on 10,000,000 documents); PGOPTIONS still win', async () => {
    const store = freshPostgresStore();
    const target = parseStoreUrl(store, {});
    await ensureDatabase(target, () => undefined);
    // Every estimate passes the threshold here, as the count of an equality's statement does at 10,000,000 documents.
    await inSession(store, {}, (client) => client.query(`ALTER DATABASE ${quoteIdentifier(target.database)} SET jit_above_cost = 0`));
    await inSession(store, {}, async (client) => {
      assert.equal((await client.query<{ jit: string }>('SHOW jit')).rows[0].jit, 'off');
      assert.equal(await jitOf(client), undefined, 'no JIT block in the plan');
    });
    const chosen = await inSession(store, { PGOPTIONS: '-c jit=on -c statement_timeout=12345' }, async (client) => [
      (await client.query<{ jit: string }>('SHOW jit')).rows[0].jit,
      (await client.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0].statement_timeout,
    ]);
    assert.deepEqual(chosen, ['on', '12345ms'], "the operator's own session settings are kept");
  });
});
