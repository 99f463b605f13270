import assert from 'node:assert/strict';
import fc from 'fast-check';
import { seedFromEnvironment } from '../../../support/seededRandom';
import type { InProcessService, RawAnswer } from '../../../support/testService';
import { startServiceInProcess } from '../../../support/testService';
import { describePostgres } from '../../../support/testStore';
import type { DifferentialCase, ListQuery } from './differentialCases';
import { bodyText, differentialCases } from './differentialCases';

const KEY = 'differential-key-7c21';
const DB = 'differential';
const SEED = seedFromEnvironment('DBHOST_DIFFERENTIAL_SEED', 30);
const RUNS = Number(process.env.DBHOST_DIFFERENTIAL_RUNS ?? 50);

/** Object ids a service generates (upserts) and the time an index was made differ between any two services; nothing else may. */
const comparable = (text: string): string =>
  text.replace(/\{"\$oid":"[0-9a-f]{24}"\}/g, '{"$oid":"<generated>"}').replace(/"since":\{"\$date":"[^"]*"\}/g, '"since":"<made>"');

const listPath = (col: string, query: ListQuery): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) params.set(name, typeof value === 'number' ? String(value) : bodyText(value));
  return `/databases/${DB}/collections/${col}/documents?${params.toString()}`;
};

describePostgres('the PostgreSQL store answers as the journal store does (differential property)', function () {
  this.timeout(600_000);
  let journal: InProcessService;
  let postgres: InProcessService;
  let run = 0;

  before(async () => {
    journal = await startServiceInProcess({ apiKeys: [KEY], empty: true, store: null });
    postgres = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    for (const service of [journal, postgres]) {
      const created = await service.raw('POST', '/databases', { body: bodyText({ name: DB, slug: 'sandbox' }) });
      assert.equal(created.status, 200, created.text);
    }
  });
  after(async () => {
    await journal?.stop();
    await postgres?.stop();
  });

  /** Sends the same request to both services; asserts the same status, body and count, and returns the journal's answer. */
  async function both(what: string, method: string, path: string, body?: unknown): Promise<RawAnswer> {
    const options = body === undefined ? {} : { body: bodyText(body) };
    const [expected, actual] = [await journal.raw(method, path, options), await postgres.raw(method, path, options)];
    const shown = (answer: RawAnswer) => `${answer.status} ${answer.headers.get('x-service-count') ?? '-'} ${comparable(answer.text)}`;
    assert.equal(
      shown(actual),
      shown(expected),
      `${what}: ${method} ${decodeURIComponent(path)} ${body === undefined ? '' : bodyText(body)}`,
    );
    return expected;
  }

  async function createIndexes(col: string, testCase: DifferentialCase): Promise<void> {
    for (const index of testCase.indexes)
      await both('index creation', 'POST', `/databases/${DB}/collections/${col}/indexes`, { ...index, background: false });
  }

  async function query(col: string, testCase: DifferentialCase, when: string): Promise<void> {
    for (const list of testCase.queries) await both(`query ${when}`, 'GET', listPath(col, list));
    await both(`whole collection ${when}`, 'GET', listPath(col, { sort: { _id: 1 }, limit: 100 }));
  }

  it(`gives the same documents, counts and errors for random documents, filters, sorts, pages, projections, indexes and updates (seed ${SEED}, ${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(differentialCases, async (testCase) => {
        const col = `c${run++}`;
        await both('collection creation', 'POST', `/databases/${DB}/collections`, { name: col });
        if (testCase.indexesFirst) await createIndexes(col, testCase);
        for (const document of testCase.docs)
          await both('insert', 'POST', `/databases/${DB}/collections/${col}/documents`, { document, safe: true });
        if (!testCase.indexesFirst) await createIndexes(col, testCase);
        await both('index list', 'GET', `/databases/${DB}/collections/${col}/indexes`);
        await query(col, testCase, 'before the updates');
        for (const update of testCase.updates) {
          await both('bulk update', 'PUT', `/databases/${DB}/collections/${col}/documents`, { ...update, safe: true });
          await both('whole collection after an update', 'GET', listPath(col, { sort: { _id: 1 }, limit: 100 }));
        }
        if (testCase.updates.length > 0) await query(col, testCase, 'after the updates');
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
