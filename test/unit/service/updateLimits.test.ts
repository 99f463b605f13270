import assert from 'node:assert/strict';
import type { RawAnswer, InProcessService } from '../../support/testService';
import { errorText, jsonBody, startServiceInProcess } from '../../support/testService';

const KEY = 'update-limits-key-0c41';
const DOCS = '/databases/limits/collections/items/documents';
const SIX_MB = 'x'.repeat(6 * 1024 * 1024);

function assertRefused(answer: RawAnswer, pattern: RegExp): void {
  assert.equal(answer.status, 400, `expected 400, got ${answer.status}: ${answer.text.slice(0, 300)}`);
  assert.match(errorText(answer), pattern);
}

describe('local service: an update cannot grow a document without limit', function () {
  this.timeout(30_000);
  let running: InProcessService;

  const put = (path: string, body: unknown) => running.raw('PUT', path, { body: jsonBody(body) });
  const stored = async (id: number) => (await running.raw('GET', `${DOCS}/${id}`)).json as Record<string, unknown>;

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    assert.equal((await running.raw('POST', '/databases', { body: jsonBody({ name: 'limits', slug: 'sandbox' }) })).status, 200);
  });
  after(async () => running.stop());

  beforeEach(async () => {
    for (const id of [1, 2, 3]) await running.raw('DELETE', `${DOCS}/${id}`);
    for (const id of [1, 2, 3])
      assert.equal(
        (await running.raw('POST', DOCS, { body: jsonBody({ document: { _id: id, arr: [1, 2], rows: [[1], [2]] }, safe: true }) })).status,
        200,
      );
  });

  it('refuses a path that would pad an array with more than 1,500,000 nulls, for every operator that can pad', async () => {
    const updates = [
      { $set: { 'arr.1500003': 1 } },
      { $set: { 'arr.100000000': 1 } },
      { $inc: { 'arr.1500003': 1 } },
      { $max: { 'arr.1500003': 1 } },
      { $push: { 'arr.1500003': 1 } },
      { $addToSet: { 'arr.1500003': 1 } },
      { $currentDate: { 'arr.1500003': true } },
      { $rename: { arr: 'other', rows: 'arr.1500003' } },
      { $set: { 'rows.$[].1500002': 1 } },
      { $set: { 'arr.800000': 1, 'rows.0.800000': 1 } },
    ];
    for (const update of updates) {
      assertRefused(
        await put(`${DOCS}/1`, { document: update, safe: true }),
        /would pad an array with \d+ nulls, past the database's limit of 1500000/,
      );
    }
    assert.deepEqual(await stored(1), { _id: 1, arr: [1, 2], rows: [[1], [2]] });
  });

  it('counts the padding of every document a multi update or upsert changes', async () => {
    assertRefused(await put(DOCS, { criteria: {}, object: { $set: { 'arr.800000': 1 } }, multi: true, safe: true }), /would pad an array/);
    for (const id of [1, 2, 3]) assert.deepEqual((await stored(id)).arr, [1, 2]);
    assertRefused(
      await put(DOCS, { criteria: { _id: 9, arr: [1] }, object: { $set: { 'arr.1500002': 1 } }, upsert: true, safe: true }),
      /would pad an array/,
    );
    assert.equal((await running.raw('GET', `${DOCS}/9`)).status, 404);
  });

  it('still pads an array by a few elements, and creates an object for a numeric field under a missing one', async () => {
    assert.equal((await put(`${DOCS}/1`, { document: { $set: { 'arr.4': 5, 'fresh.2000000': 1 } }, safe: true })).status, 200);
    const document = await stored(1);
    assert.deepEqual(document.arr, [1, 2, null, null, 5]);
    assert.deepEqual(document.fresh, { 2000000: 1 });
  });

  it('refuses an update whose result passes the 16 MB BSON limit and keeps the document as it was', async () => {
    assert.equal((await put(`${DOCS}/1`, { document: { $set: { a: SIX_MB } }, safe: true })).status, 200);
    assert.equal((await put(`${DOCS}/1`, { document: { $set: { b: SIX_MB } }, safe: true })).status, 200);
    assertRefused(
      await put(`${DOCS}/1`, { document: { $set: { c: SIX_MB } }, safe: true }),
      /over the database's limit of 16777216 bytes \(16 MB\); nothing was stored/,
    );
    const document = await stored(1);
    assert.equal('c' in document, false);
    assert.equal((document.b as string).length, SIX_MB.length);
  });

  it('refuses a multi update or an upsert that would pass 16 MB, storing none of its documents', async () => {
    assert.equal((await put(DOCS, { criteria: {}, object: { $set: { a: SIX_MB } }, multi: true, safe: true })).status, 200);
    assert.equal((await put(DOCS, { criteria: { _id: 3 }, object: { $set: { b: SIX_MB } }, safe: true })).status, 200);
    assertRefused(await put(DOCS, { criteria: {}, object: { $set: { c: SIX_MB } }, multi: true, safe: true }), /16 MB/);
    for (const id of [1, 2]) assert.equal('c' in (await stored(id)), false, `document ${id} was changed by a refused update`);

    // A body holds at most 16 MB, so the upserted document gets past the limit through padding (about 9 bytes of BSON per null).
    const upsert = { criteria: { _id: 10, arr: [1] }, object: { $set: { 'arr.1400000': SIX_MB } }, upsert: true, safe: true };
    assertRefused(await put(DOCS, upsert), /16 MB/);
    assert.equal((await running.raw('GET', `${DOCS}/10`)).status, 404);
  });
});
