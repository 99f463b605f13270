import assert from 'node:assert/strict';
import type { InProcessService } from '../../../support/testService';
import { errorText, jsonBody, startServiceInProcess } from '../../../support/testService';

const KEY = 'index-spec-paths-key-81c4';

describe('Local service: index fields are paths a query can name', function () {
  this.timeout(60_000);
  let running: InProcessService;
  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    await running.raw('POST', '/databases', { body: jsonBody({ name: 'd', slug: 'sandbox' }) });
    await running.raw('POST', '/databases/d/collections', { body: jsonBody({ name: 'c' }) });
  });
  after(async () => running?.stop());

  it('refuses a field with an empty part (a leading, trailing or doubled dot) with a 400 naming it, and creates nothing', async () => {
    for (const field of ['a.', '.a', 'a..b', '.']) {
      const answer = await running.raw('POST', '/databases/d/collections/c/indexes', { body: jsonBody({ spec: { [field]: 1 } }) });
      assert.equal(answer.status, 400, `${field}: ${answer.text}`);
      assert.match(errorText(answer), /empty part/);
    }
    const listed = await running.raw('GET', '/databases/d/collections/c/indexes');
    assert.deepEqual(
      (listed.json as { name: string }[]).map((index) => index.name),
      ['_id_'],
    );
    assert.equal((await running.raw('POST', '/databases/d/collections/c/indexes', { body: jsonBody({ spec: { 'a.b': 1 } }) })).status, 200);
  });
});
