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
/** `$ne`, which SQL leaves to the service: every document is a candidate, the service decides each. */
const REQUEST: PageRequest = { q: { name: { $ne: 'm' } }, skip: 0, limit: 5 };

/**
 * On PostgreSQL a query SQL cannot decide reads at most one candidate more than the request's work budget can
 * examine (`atMost`), then examines them in the service: the same answer as the journal store exactly at the
 * budget, one step short the same refusal, and never a short answer from candidates cut off.
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
      const docs = Array.from({ length: COUNT }, (_, n) => ({ _id: n, name: n % 4 === 0 ? 'm' : `n${n}` }));
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

  const outcome = async (page: Promise<{ documents: unknown[]; total: number }>): Promise<unknown> => {
    try {
      const { documents, total } = await page;
      return { documents, total };
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('answers with a budget of exactly the steps the journal store takes, and refuses one step short in its words', async () => {
    const answer = await outcome(onPostgres(new RequestBudget(exact)));
    assert.deepEqual(answer, await outcome(findPageSliced(journal, REQUEST, new RequestBudget(exact))));
    assert.equal((answer as { total: number }).total, (COUNT * 3) / 4);
    const refused = await outcome(onPostgres(new RequestBudget(exact - 1)));
    assert.match(String(refused), /^The request needs more work than the local service allows one request \(/);
    assert.equal(refused, await outcome(findPageSliced(journal, REQUEST, new RequestBudget(exact - 1))));
  });

  it('reads exactly as many candidates as it is allowed, and all of them when they are fewer', async () => {
    const read = async (atMost: number) => (await documents.select('db', 'c', REQUEST.q, undefined, { atMost })).documents.length;
    assert.deepEqual(await Promise.all([COUNT - 1, COUNT, COUNT + 1].map(read)), [COUNT - 1, COUNT, COUNT]);
  });

  it('answers or refuses as the journal store does at every budget down to one that cannot pay for the candidates', async () => {
    // Each candidate costs two steps here (scanning, \$ne): the refusals alternate between the two, in the same words.
    for (let steps = exact; steps >= exact - COUNT - 2; steps--) {
      const expected = await outcome(findPageSliced(journal, REQUEST, new RequestBudget(steps)));
      assert.deepEqual(await outcome(onPostgres(new RequestBudget(steps))), expected, `with a budget of ${steps} steps`);
    }
    assert.match(String(await outcome(onPostgres(new RequestBudget(exact - COUNT)))), /reached in scanning documents\); narrow the query/);
  });
});
