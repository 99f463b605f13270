import * as assert from 'node:assert/strict';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import type { JsonObject, JsonValue } from '../../../src/core/json/lossless';
import { LosslessNumber, parseLossless, stringifyLossless } from '../../../src/core/json/lossless';
import { documentWriter } from '../../../src/core/transfer/documentWriter';
import { IDS_PER_REQUEST, IDS_QUERY_CHARACTERS, exportDocumentsByIds, slicesOf } from '../../../src/core/transfer/exportByIds';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';

const KEY = 'export-by-ids-key-1';
const DB = 'byids';
const COL = 'things';

describe('export of chosen documents by _id against the local service', function () {
  this.timeout(60_000);
  let service: InProcessService;
  let client: DbHostClient;
  const stored: JsonObject[] = [];

  before(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    client = service.client();
    await client.createDatabase(DB, 'sandbox');
    const special: JsonObject[] = [
      {
        _id: { $oid: '65a1b2c3d4e5f60718293a4b' },
        big: new LosslessNumber('9223372036854775807'),
        at: { $date: '1969-07-20T20:17:40.000Z' },
        name: 'oid',
      },
      { _id: new LosslessNumber('9007199254740993'), name: 'int64 id' },
      { _id: 'own-1', nested: [[1, [2]]], name: 'string id' },
    ];
    for (const document of special) {
      await client.createDocument(DB, COL, document, { safe: true });
      stored.push(document);
    }
    for (let n = 0; n < 120; n++) {
      const document: JsonObject = { _id: { $oid: (0x65a1b2c3d4e5f60718293b00n + BigInt(n)).toString(16) }, n, name: `n${n}` };
      await client.createDocument(DB, COL, document, { safe: n === 119 });
      stored.push(document);
    }
  });
  after(() => service?.stop());

  async function exportIds(ids: JsonValue[], fields?: Record<string, 1>) {
    let text = '';
    const progress = await exportDocumentsByIds({
      api: client,
      db: DB,
      col: COL,
      ids,
      fields,
      writer: documentWriter('ndjson'),
      write: async (piece) => void (text += piece),
      retryDelayMs: 1,
    });
    return { progress, lines: text.trim() === '' ? [] : text.trim().split('\n') };
  }

  it('writes exactly the chosen documents, exact, in the order given, across several requests', async () => {
    const chosen = [stored[100], stored[1], stored[0], ...stored.slice(3, 3 + IDS_PER_REQUEST + 5).reverse(), stored[2]];
    const { progress, lines } = await exportIds(chosen.map((document) => document._id));
    assert.deepEqual(
      lines,
      chosen.map((document) => stringifyLossless(document)),
    );
    assert.ok(lines[1].includes('"_id":9007199254740993'), lines[1]);
    assert.ok(lines[2].includes('"big":9223372036854775807') && lines[2].includes('{"$date":"1969-07-20T20:17:40.000Z"}'), lines[2]);
    assert.equal(progress.requests, Math.ceil(chosen.length / IDS_PER_REQUEST));
    assert.deepEqual([progress.exported, progress.total, progress.missing], [chosen.length, chosen.length, 0]);
  });

  it('writes a repeated _id once and counts a deleted one as missing', async () => {
    const gone: JsonObject = { _id: { $oid: '65a1b2c3d4e5f60718290000' }, name: 'gone' };
    await client.createDocument(DB, COL, gone, { safe: true });
    await client.deleteDocument(DB, COL, gone._id);
    const { progress, lines } = await exportIds([stored[5]._id, gone._id, stored[5]._id, stored[6]._id]);
    assert.deepEqual(
      lines.map((line) => (parseLossless(line) as JsonObject).name),
      ['n2', 'n3'],
    );
    assert.deepEqual([progress.exported, progress.missing], [2, 1]);
  });

  it('asks for only the projected fields, always with _id', async () => {
    const { lines } = await exportIds([stored[1]._id, stored[0]._id], { name: 1 });
    assert.deepEqual(lines, ['{"_id":9007199254740993,"name":"int64 id"}', '{"_id":{"$oid":"65a1b2c3d4e5f60718293a4b"},"name":"oid"}']);
  });

  it('asks for fewer _ids at once when they are long, so the URL stays short; one _id longer than that goes alone', () => {
    const long = (n: number, length: number) => ({ key: JSON.stringify(`${n}`.padEnd(length, 'x')) });
    const slices = slicesOf([...Array.from({ length: 30 }, (_, n) => long(n, 500)), long(99, 9000), long(100, 10)]);
    const url = (slice: { key: string }[]) => slice.reduce((sum, id) => sum + encodeURIComponent(id.key).length + 3, 0);
    assert.deepEqual(slices.flat().length, 32, 'every _id, once');
    for (const slice of slices.slice(0, -2)) assert.ok(url(slice) <= IDS_QUERY_CHARACTERS && slice.length > 1, String(url(slice)));
    assert.deepEqual(slices.at(-2), [long(99, 9000)]);
    assert.deepEqual(slices.at(-1), [long(100, 10)]);
    assert.equal(slicesOf(Array.from({ length: 120 }, (_, n) => ({ key: String(n) }))).length, Math.ceil(120 / IDS_PER_REQUEST));
  });
});
