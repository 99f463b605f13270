import assert from 'node:assert/strict';
import type { PostgresCluster } from '../../../support/postgresCluster';
import { startPostgresCluster } from '../../../support/postgresCluster';
import type { ChildService, RawAnswer } from '../../../support/testService';
import { errorText, jsonBody, startServiceInChild } from '../../../support/testService';
import { describePostgres } from '../../../support/testStore';

const KEY = 'outage-key-41c2';
const DB = 'outage';
const DOCS = `/databases/${DB}/collections/items/documents`;
const BULK = 300;

/** A document whose every field says which write it is: a partial one would show. */
const documentOf = (id: string) => ({ _id: id, name: `name of ${id}`, copy: id, list: [id, id, id], nested: { id } });

/** Asks until the service answers `GET /databases` with 200 again; the answers meanwhile must all be clear 503s. */
async function untilAnswering(service: ChildService): Promise<RawAnswer[]> {
  const refusals: RawAnswer[] = [];
  for (;;) {
    const answer = await service.raw('GET', `/databases/${DB}`);
    if (answer.status === 200) return refusals;
    refusals.push(answer);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describePostgres('the local service while PostgreSQL stops and starts again', function () {
  this.timeout(180_000);
  let cluster: PostgresCluster;
  let service: ChildService;

  before(async () => {
    cluster = await startPostgresCluster();
    service = await startServiceInChild({ apiKeys: [KEY], empty: true, store: cluster.freshDatabaseUrl('outage') });
    const created = await service.raw('POST', '/databases', { body: jsonBody({ name: DB, slug: 'sandbox' }) });
    assert.equal(created.status, 200, created.text);
    for (let n = 0; n < BULK; n++) assert.equal((await insertOf(`seed-${n}`)).status, 200);
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed') console.log(`The service's output:\n${service?.output()}`);
  });
  after(async () => {
    await service?.stop();
    await cluster?.remove();
  });

  const insertOf = (id: string) => service.raw('POST', DOCS, { body: jsonBody({ document: documentOf(id), safe: true }) });

  it('answers 503 with the cause while PostgreSQL is down, keeps running, and answers again once it is back, losing nothing acknowledged', async () => {
    const acknowledged: string[] = [];
    const refused: RawAnswer[] = [];
    let stopped = false;
    const writer = (async () => {
      for (let n = 0; !stopped || refused.length === 0; n++) {
        const answer = await insertOf(`w-${n}`);
        if (answer.status === 200) acknowledged.push(`w-${n}`);
        else refused.push(answer);
      }
    })();
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    // A bulk update of every document in flight when PostgreSQL goes: it is whole or not at all.
    const bulk = service.raw('PUT', DOCS, {
      body: jsonBody({ criteria: {}, object: { $set: { marked: true } }, multi: true, safe: true }),
    });
    await cluster.stopServer('immediate');
    stopped = true;
    await writer;
    const bulkAnswer = await bulk;

    for (const answer of refused) {
      assert.equal(answer.status, 503, answer.text);
      assert.match(errorText(answer), /PostgreSQL/);
    }
    const whileDown = await service.raw('GET', `${DOCS}/seed-1`);
    assert.equal(whileDown.status, 503, whileDown.text);
    assert.match(errorText(whileDown), /PostgreSQL/);
    assert.ok(service.alive, 'the service process is still running');

    await cluster.startServer();
    const meanwhile = await untilAnswering(service);
    for (const answer of meanwhile) assert.equal(answer.status, 503, answer.text);

    const marked = Number((await service.raw('GET', `${DOCS}?q=${encodeURIComponent('{"marked": true}')}`)).headers.get('x-service-count'));
    for (const id of acknowledged) {
      const stored = await service.raw('GET', `${DOCS}/${id}`);
      assert.equal(stored.status, 200, `acknowledged ${id} is missing`);
      // Stored before the bulk update committed, a document carries its mark; after it or without it, none.
      const { marked: mark, ...document } = stored.json as Record<string, unknown>;
      assert.deepEqual(document, documentOf(id));
      if (mark !== undefined) assert.ok(mark === true && marked > 0, `${id} carries a mark no committed update gave it`);
    }
    assert.ok(marked === 0 || marked >= BULK, `the bulk update (${bulkAnswer.status}) marked ${marked} documents: whole or none`);
    if (bulkAnswer.status === 200) assert.ok(marked >= BULK, 'an acknowledged bulk update is whole');
    else assert.equal(bulkAnswer.status, 503, bulkAnswer.text);

    const after = await insertOf('after');
    assert.equal(after.status, 200, after.text);
  });
});
