import assert from 'node:assert/strict';
import type { InProcessService } from '../../support/testService';
import { jsonBody, startServiceInProcess } from '../../support/testService';

const KEY = 'document-path-ids-key-4d1e';
const DOCS = '/databases/ids/collections/mixed/documents';
const HEX = '65a1b2c3d4e5f60718293a4b';

describe('local service: which document a path _id names', function () {
  this.timeout(30_000);
  let running: InProcessService;

  const path = (id: string) => `${DOCS}/${encodeURIComponent(id)}`;
  const which = async (id: string): Promise<unknown> => {
    const answer = await running.raw('GET', path(id));
    return answer.status === 200 ? (answer.json as { which: unknown }).which : answer.status;
  };

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    await running.raw('POST', '/databases', { body: jsonBody({ name: 'ids', slug: 'sandbox' }) });
    const documents = [
      { _id: 7, which: 'number 7' },
      { _id: '7', which: 'string "7"' },
      { _id: 8, which: 'number 8' },
      { _id: 2.5, which: 'number 2.5' },
      { _id: { $oid: HEX }, which: 'object id' },
      { _id: HEX, which: 'hex string' },
      { _id: { $oid: HEX.replace('6', '7') }, which: 'lone object id' },
      { _id: { a: 1 }, which: 'compound' },
    ];
    for (const document of documents)
      assert.equal((await running.raw('POST', DOCS, { body: jsonBody({ document, safe: true }) })).status, 200);
  });
  after(async () => running.stop());

  it('prefers a string _id equal to the text, and reaches the other types through extended JSON', async () => {
    assert.equal(await which('7'), 'string "7"');
    assert.equal(await which('{"$numberInt":"7"}'), 'number 7');
    assert.equal(await which('{"$numberLong":"7"}'), 'number 7');
    assert.equal(await which('{"$numberDouble":"7"}'), 'number 7');
    assert.equal(await which(HEX), 'hex string');
    assert.equal(await which(`{"$oid":"${HEX}"}`), 'object id');
  });

  it('converts the text when no string _id equals it', async () => {
    assert.equal(await which('8'), 'number 8');
    assert.equal(await which('2.5'), 'number 2.5');
    assert.equal(await which(HEX.replace('6', '7')), 'lone object id');
    assert.equal(await which('{"a":1}'), 'compound');
    assert.equal(await which('9'), 404);
    assert.equal(await which('{"$numberInt":"NaN"}'), 404);
  });

  it('updates and deletes the document the path names, leaving its look-alike', async () => {
    assert.equal(
      (await running.raw('PUT', path('{"$numberInt":"7"}'), { body: jsonBody({ document: { $set: { touched: true } }, safe: true }) }))
        .status,
      200,
    );
    const touched = async (id: string) => ((await running.raw('GET', path(id))).json as { touched?: boolean }).touched;
    assert.equal(await touched('{"$numberInt":"7"}'), true);
    assert.equal(await touched('7'), undefined);
    assert.equal((await running.raw('DELETE', path('7'))).status, 200);
    assert.equal(await which('7'), 'number 7', 'with the string gone, the text reaches the number');
  });
});
