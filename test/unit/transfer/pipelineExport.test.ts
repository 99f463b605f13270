import * as assert from 'node:assert/strict';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import type { JsonObject } from '../../../src/core/json/lossless';
import { documentWriter } from '../../../src/core/transfer/documentWriter';
import { exportPipeline } from '../../../src/core/transfer/pipelineExport';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';

const KEY = 'pipeline-export-key-1';
const DB = 'sales';
const COL = 'orders';
const COUNT = 260;
const GROUPS = 130;

describe('export: every result of a pipeline, across pages', function () {
  this.timeout(60_000);
  let service: InProcessService;
  let client: DbHostClient;

  before(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    client = service.client();
    await client.createDatabase(DB, 'sandbox');
    for (let n = 0; n < COUNT; n++)
      await client.createDocument(DB, COL, { _id: n, region: n % GROUPS, amount: n }, { safe: n === COUNT - 1 });
  });
  after(() => service?.stop());

  async function exported(pipeline: JsonObject[], onPage?: (pages: number) => Promise<void>) {
    let text = '';
    let pages = 0;
    const progress = await exportPipeline({
      api: client,
      db: DB,
      col: COL,
      pipeline,
      writer: documentWriter('ndjson'),
      retryDelayMs: 1,
      write: async (piece) => {
        text += piece;
        if (piece.includes('\n')) await onPage?.(++pages);
      },
    });
    const records = text
      .trim()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { _id: number; total: number });
    return { records, progress };
  }

  const revenuePerRegion: JsonObject[] = [
    { $match: { amount: { $gte: 0 } } },
    { $group: { _id: '$region', total: { $sum: '$amount' } } },
    { $sort: { _id: 1 } },
  ];

  it('writes each group once, with its sum, past the first page of 100', async () => {
    const { records, progress } = await exported(revenuePerRegion);
    assert.equal(records.length, GROUPS);
    // Region r holds the amounts r and r + 130.
    assert.deepEqual(
      records,
      Array.from({ length: GROUPS }, (_, region) => ({ _id: region, total: region * 2 + GROUPS })),
    );
    assert.equal(progress.total, GROUPS);
    assert.equal(progress.requests, 2);
  });

  it('refuses a pipeline that writes ($out), before sending anything', async () => {
    await assert.rejects(exported([{ $match: {} }, { $out: 'copy' }]), /writes into "copy" with \$out/);
    await assert.rejects(client.listDocuments(DB, 'copy', { limit: 1 }), /does not exist|404/);
  });

  it('refuses a $sample whose results are more than a page: each page would be another sample', async () => {
    await assert.rejects(exported([{ $sample: { size: 150 } }]), /\$sample stage/);
    const { records } = await exported([{ $sample: { size: 30 } }]);
    assert.equal(records.length, 30);
    assert.equal(new Set(records.map((record) => record._id)).size, 30);
  });

  it('ends with a clear error when the results change between two pages, rather than skip or repeat one', async () => {
    await assert.rejects(
      exported(revenuePerRegion, async (pages) => {
        if (pages === 1) await client.createDocument(DB, COL, { _id: 'late', region: 'new', amount: 1 }, { safe: true });
      }),
      /results changed during the export \(130 at the start, 131 now\)/,
    );
  });
});
