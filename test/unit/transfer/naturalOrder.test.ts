import * as assert from 'node:assert/strict';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import { documentWriter } from '../../../src/core/transfer/documentWriter';
import { exportDocuments } from '../../../src/core/transfer/exportRun';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';

const KEY = 'natural-order-key-1';
const DB = 'natural';
const COL = 'things';
const COUNT = 250;

/** `_id`s whose order is not the order they were inserted in. */
const idOf = (n: number) => `k${String((n * 97) % COUNT).padStart(3, '0')}`;

describe('export: a query without a sort, in the order a collection view shows it', function () {
  this.timeout(60_000);
  let service: InProcessService;
  let client: DbHostClient;

  before(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    client = service.client();
    await client.createDatabase(DB, 'sandbox');
    for (let n = 0; n < COUNT; n++) await client.createDocument(DB, COL, { _id: idOf(n), n }, { safe: n === COUNT - 1 });
  });
  after(() => service?.stop());

  async function exportedIds(naturalOrder: boolean): Promise<string[]> {
    let text = '';
    await exportDocuments({
      api: client,
      db: DB,
      col: COL,
      query: { q: { n: { $gte: 0 } } },
      writer: documentWriter('ndjson'),
      write: async (piece) => {
        text += piece;
      },
      naturalOrder,
    });
    return text
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { _id: string })._id);
  }

  it("writes the service's own order, page after page as the view pages it, not the _id order", async () => {
    const viewOrder: string[] = [];
    for (let skip = 0; skip < COUNT; skip += 20)
      viewOrder.push(
        ...(await client.listDocuments(DB, COL, { q: { n: { $gte: 0 } }, skip, limit: 20 })).documents.map((d) => String(d._id)),
      );
    const natural = await exportedIds(true);
    assert.deepEqual(natural, viewOrder);
    assert.notDeepEqual(natural, [...natural].sort(), 'the fixture does not tell the two orders apart');
  });

  it('writes _id order when natural order is not asked for (a whole collection, keyset paging)', async () => {
    const ids = await exportedIds(false);
    assert.deepEqual(ids, [...ids].sort());
    assert.equal(ids.length, COUNT);
  });
});
