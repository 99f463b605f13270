import assert from 'node:assert/strict';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import type { PreviewItem } from '../../../src/core/bulk/updatePreview';
import type { JsonObject, JsonValue } from '../../../src/core/json/lossless';
import { LosslessNumber, stringifyLossless } from '../../../src/core/json/lossless';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';

const KEY = 'update-preview-key';
const DB = 'preview';

const PREVIEW_PATH = (col: string) => `/databases/${DB}/collections/${col}/update_preview`;

/** Dates as a marker: `$currentDate` writes the time of the write, which a dry run cannot know. */
function comparable(document: JsonValue): string {
  return stringifyLossless(document).replace(/\{"\$date":"[^"]*"\}/g, '"<date>"');
}

const stored = async (client: DbHostClient, col: string): Promise<JsonObject[]> =>
  (await client.listDocuments(DB, col, { sort: { _id: 1 }, limit: 100 })).documents;

describe('local service: the dry run of a bulk update (update_preview)', function () {
  this.timeout(60_000);
  let running: InProcessService;
  let client: DbHostClient;

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY] });
    client = running.client();
    await client.createDatabase(DB, 'sandbox');
    for (let n = 0; n < 100; n++)
      await client.createDocument(DB, 'hundred', { _id: n, n, v: n % 10 === 3 ? 'three' : n, big: new LosslessNumber('9007199254740993') });
  });
  after(() => running.stop());

  it('samples 20 documents spread from the first match to the last, not the first 20', async () => {
    const preview = await client.previewUpdate(DB, 'hundred', {
      criteria: { n: { $gte: 0 } },
      object: { $set: { seen: true } },
      multi: true,
    });
    assert.equal(preview.matched, 100);
    const ids = preview.sample.map((item) => item._id);
    assert.equal(ids.length, 20);
    assert.equal(ids[0], 0);
    assert.equal(ids[19], 99);
    assert.ok(
      ids.some((id) => (id as number) >= 50),
      'the second half of the match is sampled',
    );
    assert.equal(new Set(ids).size, 20);
  });

  it('shows each sampled document before and after, or the error the update would meet on it, and writes nothing', async () => {
    const before = await stored(client, 'hundred');
    const preview = await client.previewUpdate(DB, 'hundred', { criteria: { n: { $lt: 5 } }, object: { $inc: { v: 1 } }, multi: true });
    assert.equal(preview.matched, 5);
    const byId = new Map<JsonValue, PreviewItem>(preview.sample.map((item) => [item._id, item]));
    const three = byId.get(3)!;
    assert.ok('error' in three, 'the $inc on a string is an error');
    assert.match(three.error, /\$inc|numeric|non-numeric|number/i);
    const four = byId.get(4)!;
    assert.ok('after' in four);
    assert.equal(four.after.v, 5);
    assert.equal(stringifyLossless(four.after.big), '9007199254740993', 'a 64-bit integer is kept exactly');
    assert.deepEqual(Object.keys(four.after), ['_id', 'n', 'v', 'big']);
    assert.equal(comparable(await stored(client, 'hundred')), comparable(before), 'nothing was written');
    assert.equal(preview.computedBy, 'service');
  });

  it('samples only the first match of a single update', async () => {
    const preview = await client.previewUpdate(DB, 'hundred', { criteria: { n: { $gte: 40 } }, object: { $set: { x: 1 } } });
    assert.equal(preview.matched, 60);
    assert.deepEqual(
      preview.sample.map((item) => item._id),
      [40],
    );
  });

  it('answers the document an upsert would insert when nothing matches', async () => {
    const preview = await client.previewUpdate(DB, 'hundred', {
      criteria: { n: 1000, label: 'new' },
      object: { $set: { v: 1 }, $setOnInsert: { created: true } },
      upsert: true,
    });
    assert.equal(preview.matched, 0);
    assert.deepEqual(preview.sample, []);
    const upsert = preview.upsert as { after: JsonObject };
    assert.equal(upsert.after.n, 1000);
    assert.equal(upsert.after.label, 'new');
    assert.equal(upsert.after.v, 1);
    assert.equal(upsert.after.created, true);
    assert.equal((await client.listDocuments(DB, 'hundred', { q: { n: 1000 } })).documents.length, 0, 'nothing was inserted');
  });

  it('refuses what the bulk update refuses, with a 4xx and the reason', async () => {
    const post = (body: unknown) => running.raw('POST', PREVIEW_PATH('hundred'), { body: JSON.stringify(body) });
    const cases: Array<[unknown, RegExp]> = [
      [{ criteria: {} }, /"object"/],
      [{ criteria: {}, object: { v: 1 }, multi: true }, /multi update needs update operators/],
      [{ criteria: {}, object: { $set: { a: 1 }, b: 2 } }, /mixes update operators/],
      [{ criteria: {}, object: { $set: {} }, sample: 21 }, /"sample"/],
      [JSON.parse('{"criteria": {"__proto__.x": 1}, "object": {"$set": {"a": 1}}}'), /__proto__/],
      [JSON.parse('{"criteria": {}, "object": {"$set": {"a.constructor.b": 1}}, "multi": true}'), /constructor/],
      [{ criteria: { $where: 'sleep(1)' }, object: { $set: { a: 1 } } }, /.+/],
      [{ criteria: {}, object: { $set: { a: 1 } }, upsert: 'yes' }, /"upsert"/],
    ];
    for (const [body, message] of cases) {
      const answer = await post(body);
      assert.ok(answer.status >= 400 && answer.status < 500, `${JSON.stringify(body)} answered ${answer.status}`);
      assert.match((answer.json as { error: string }).error, message);
    }
    const invalidUtf8 = await running.raw('POST', PREVIEW_PATH('hundred'), { body: Buffer.from([0x7b, 0xff, 0x7d]) });
    assert.ok(invalidUtf8.status >= 400 && invalidUtf8.status < 500);
    const missing = await running.raw('POST', `/databases/nothere/collections/c/update_preview`, {
      body: '{"criteria":{},"object":{"$set":{"a":1}}}',
    });
    assert.equal(missing.status, 404);
  });
});
