import assert from 'node:assert/strict';
import { Pool } from 'pg';
import { pushedDownPage } from '../../../../src/service/handlers/pushedDownPage';
import { RequestBudget } from '../../../../src/service/query/budget';
import { CollectionData } from '../../../../src/service/query/collectionData';
import type { PageRequest } from '../../../../src/service/query/engine';
import { findPageSliced } from '../../../../src/service/query/slicedScan';
import { PostgresDocuments } from '../../../../src/service/store/postgres/documentQueries';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';

const KEY = 'candidate-limit-key-49d0';
const COUNT = 40;
/** A regular expression: SQL narrows the candidates (documents with a name), the service decides each. */
const REQUEST: PageRequest = { q: { name: { $regex: '^n' } }, skip: 0, limit: 5 };

/**
 * On PostgreSQL a query SQL cannot decide reads at most one candidate more than the request's work budget can
 * examine (`atMost`), then examines them in the service: the same answer as the journal store exactly at the
 * budget, and one step short the same refusal, not a read of every candidate first.
 */
describePostgres('on PostgreSQL, the candidates a query reads against the work budget', function () {
  this.timeout(60_000);
  let pool: Pool;
  let documents: PostgresDocuments;
  const journal = new CollectionData();
  /** The steps the journal store's answer takes: the budget that is exactly enough. */
  let exact: number;

  before(async () => {
    const store = freshPostgresStore();
    const running = await startServiceInProcess({ apiKeys: [KEY], empty: true, store, keepData: true });
    try {
      assert.equal((await running.raw('POST', '/databases', { body: jsonBody({ name: 'db', slug: 'sandbox' }) })).status, 200);
      const docs = Array.from({ length: COUNT }, (_, n) => ({ _id: n, name: n % 4 === 0 ? `m${n}` : `n${n}` }));
      for (const doc of docs) {
        const answer = await running.raw('POST', '/databases/db/collections/c/documents', { body: jsonBody({ document: doc }) });
        assert.equal(answer.status, 200, answer.text);
        journal.put(doc);
      }
    } finally {
      await running.stop();
    }
    pool = new Pool({ connectionString: store });
    const { rows } = await pool.query<{ account: string }>('SELECT account FROM dbhost_collections');
    documents = new PostgresDocuments(pool, rows[0].account);
    const roomy = new RequestBudget(1_000_000);
    await findPageSliced(journal, REQUEST, roomy);
    exact = 1_000_000 - roomy.remainingSteps;
    assert.ok(exact >= COUNT, `the journal store examined every document in ${exact} steps`);
  });
  after(() => pool?.end());

  const onPostgres = (budget: RequestBudget) => pushedDownPage(documents, { db: 'db', col: 'c', collection: journal }, REQUEST, budget);
  const refusal = async (page: Promise<unknown>): Promise<string> => {
    try {
      await page;
    } catch (error) {
      return (error as Error).message;
    }
    return assert.fail('answered');
  };

  it('answers with a budget of exactly the steps the candidates take, as the journal store', async () => {
    const expected = await findPageSliced(journal, REQUEST, new RequestBudget(exact));
    const page = await onPostgres(new RequestBudget(exact));
    assert.deepEqual(page.documents, expected.documents);
    assert.equal(page.total, expected.total);
    assert.equal(page.total, (COUNT * 3) / 4);
  });

  it('refuses one step short with the journal store’s words for its work budget', async () => {
    const expected = await refusal(findPageSliced(journal, REQUEST, new RequestBudget(exact - 1)));
    assert.match(expected, /^The request needs more work than the local service allows one request \(/);
    assert.equal(await refusal(onPostgres(new RequestBudget(exact - 1))), expected);
  });
});
