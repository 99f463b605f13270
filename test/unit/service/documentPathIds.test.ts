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

  describe('with id_type (what the extension sends): the segment names exactly one _id, nothing converted', () => {
    const EXACT = '/databases/ids/collections/exact/documents';
    const at = (id: string) => `${EXACT}/${encodeURIComponent(id)}`;
    const exact = async (id: string, idType: string): Promise<unknown> => {
      const answer = await running.raw('GET', `${at(id)}?id_type=${idType}`);
      return answer.status === 200 ? (answer.json as { which: unknown }).which : answer.status;
    };

    before(async () => {
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
        assert.equal((await running.raw('POST', EXACT, { body: jsonBody({ document, safe: true }) })).status, 200);
    });

    it('reads a string as that string and extended JSON as that type, never another', async () => {
      assert.equal(await exact('7', 'string'), 'string "7"');
      assert.equal(await exact('{"$numberLong":"7"}', 'json'), 'number 7');
      assert.equal(await exact(`{"$oid":"${HEX}"}`, 'json'), 'object id');
      assert.equal(await exact(HEX, 'string'), 'hex string');
      assert.equal(await exact('{"a":1}', 'json'), 'compound');
      // Without id_type each of these would be converted to a document that exists.
      assert.equal(await exact('8', 'string'), 404);
      assert.equal(await exact(HEX.replace('6', '7'), 'string'), 404);
      assert.equal(await exact('{"a":1}', 'string'), 404);
    });

    it('a write to a string _id that is gone changes nothing, not the number it spells', async () => {
      const put = await running.raw('PUT', `${at('8')}?id_type=string`, {
        body: jsonBody({ document: { $set: { clobbered: true } }, safe: true }),
      });
      assert.equal(put.status, 404);
      assert.equal((await running.raw('DELETE', `${at('2.5')}?id_type=string`)).status, 404);
      const eight = await running.raw('GET', at('{"$numberLong":"8"}'));
      assert.deepEqual(eight.json, { _id: 8, which: 'number 8' });
      assert.equal(await exact('{"$numberDouble":"2.5"}', 'json'), 'number 2.5');
    });

    it('refuses an id_type it does not know, and json that names a string or nothing typed', async () => {
      for (const [id, idType] of [
        ['7', 'number'],
        ['7', 'json'],
        ['"7"', 'json'],
        ['{"$numberInt":"NaN"}', 'json'],
        ['{"__proto__":{"x":1}}', 'json'],
      ]) {
        const answer = await running.raw('GET', `${at(id)}?id_type=${encodeURIComponent(idType)}`);
        assert.ok([400, 404].includes(answer.status), `${id} as ${idType}: ${answer.status}`);
        assert.equal(typeof (answer.json as { error?: unknown }).error, 'string');
      }
      assert.equal((await running.raw('GET', `${at('7')}?id_type=number`)).status, 400);
    });
  });
});
