import assert from 'node:assert/strict';
import type { PoolClient } from 'pg';
import { Pool } from 'pg';
import { ROWS_PER_COPY } from '../../../../src/service/bulkLoad/copyRows';
import { loadIntoPostgres } from '../../../../src/service/bulkLoad/postgresLoad';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';

const KEY = 'bulk-load-language-key-41c7';
const DB = 'bulk';

/**
 * `pool` as a server with lc_messages = 'de_DE.UTF-8' answers a refused COPY: the words of the message, its detail
 * and its context in German, the SQLSTATE and the constraint as they are. (The test cluster has no locale but C.)
 */
function answeringInGerman(pool: Pool): Pool {
  const connect = async (): Promise<PoolClient> => {
    const client = await pool.connect();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const answer = query(...args);
      if (answer && typeof (answer as NodeJS.EventEmitter).prependListener === 'function')
        (answer as NodeJS.EventEmitter).prependListener('error', (error: { message: string; detail?: string; where?: string }) => {
          error.message = 'doppelter Schlüsselwert verletzt Unique-Constraint »dbhost_documents_pkey«';
          error.detail = error.detail?.replace(/^Key (.*) already exists\.$/, 'Schlüssel »$1« existiert bereits.');
          error.where = error.where?.replace(/, line (\d+)/, ', Zeile $1');
        });
      return answer;
    };
    return client;
  };
  return new Proxy(pool, { get: (target, key) => (key === 'connect' ? connect : Reflect.get(target, key, target)) });
}

async function* linesOf(lines: string[]): AsyncIterable<string> {
  yield* lines;
}

describePostgres('npm run pg-load, PostgreSQL answering in another language', function () {
  this.timeout(120_000);
  let pool: Pool;
  let running: InProcessService;
  let account: string;

  before(async () => {
    const store = freshPostgresStore();
    running = await startServiceInProcess({ apiKeys: [KEY], empty: true, store });
    assert.equal((await running.raw('POST', '/databases', { body: jsonBody({ name: DB, slug: 'sandbox' }) })).status, 200);
    const held = await running.raw('POST', `/databases/${DB}/collections/held/documents`, {
      body: jsonBody({ document: { _id: 'held' } }),
    });
    assert.equal(held.status, 200, held.text);
    pool = new Pool({ connectionString: store });
    account = (await pool.query<{ account: string }>('SELECT account FROM dbhost_accounts')).rows[0].account;
  });
  after(async () => {
    await running?.stop();
    await pool?.end();
  });

  const refusal = (col: string, lines: string[]): Promise<string> =>
    loadIntoPostgres(answeringInGerman(pool), account, { db: DB, col }, linesOf(lines)).then(
      () => assert.fail('the load was not refused'),
      (error: unknown) => (error as Error).message,
    );

  it('names the line of an _id given twice, or one the collection holds, by the key, not by the words', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `{"_id": ${i}}`);
    assert.match(
      await refusal('twice', [...lines.slice(0, 6), '', '{"_id": 3, "again": true}', ...lines.slice(6)]),
      /^Line 8: E11000 duplicate key error index: bulk\.twice\.\$_id_ dup key: \{ : 3 \}$/,
    );
    assert.match(
      await refusal('held', ['{"_id": 1}', '{"_id": 2}', '{"_id": "held"}', '{"_id": 2}']),
      /^Line 3: E11000 duplicate key error index: bulk\.held\.\$_id_ dup key: \{ : "held" \}$/,
    );
    const far = Array.from({ length: ROWS_PER_COPY + 5 }, (_, i) => `{"_id": "k${i}"}`);
    assert.match(
      await refusal('far', [...far, '{"_id": "k7"}']),
      new RegExp(`^Line ${ROWS_PER_COPY + 6}: E11000 duplicate key error index: bulk\\.far\\.\\$_id_ dup key: \\{ : "k7" \\}$`),
    );
  });
});
