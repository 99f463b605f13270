import * as assert from 'node:assert/strict';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import type { DbHostApi } from '../../../src/core/api/types';
import { documentWriter } from '../../../src/core/transfer/documentWriter';
import { exportDocuments } from '../../../src/core/transfer/exportRun';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';

const KEY = 'export-ahead-key-1';
const DB = 'ahead';
const COL = 'things';
const COUNT = 450;

describe('export: the next page is fetched while a page is written', function () {
  this.timeout(60_000);
  let service: InProcessService;
  let client: DbHostClient;

  before(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    client = service.client();
    await client.createDatabase(DB, 'sandbox');
    for (let n = 0; n < COUNT; n++)
      await client.createDocument(DB, COL, { _id: `d${String(n).padStart(4, '0')}`, n }, { safe: n === COUNT - 1 });
  });
  after(() => service?.stop());

  /** The client, counting the pages asked for and answered. */
  function counted(): { api: DbHostApi; asked: () => number; answered: () => number } {
    let asked = 0;
    let answered = 0;
    const api = Object.create(client, {
      listDocuments: {
        value: async (...args: Parameters<DbHostApi['listDocuments']>) => {
          asked++;
          try {
            return await client.listDocuments(...args);
          } finally {
            answered++;
          }
        },
      },
    }) as DbHostApi;
    return { api, asked: () => asked, answered: () => answered };
  }

  it('holds at most one page fetched ahead of the file, and writes every document once, in order', async () => {
    const { api, asked } = counted();
    let pagesWritten = 0;
    let text = '';
    let mostAhead = 0;
    await exportDocuments({
      api,
      db: DB,
      col: COL,
      writer: documentWriter('ndjson'),
      write: async (piece) => {
        text += piece;
        if (piece !== '') pagesWritten++;
        mostAhead = Math.max(mostAhead, asked() - pagesWritten);
        // The file is slow: the next page has every chance to be asked for meanwhile.
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    const ids = text
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { _id: string })._id);
    assert.deepEqual(
      ids,
      Array.from({ length: COUNT }, (_, n) => `d${String(n).padStart(4, '0')}`),
    );
    assert.equal(mostAhead, 1, 'one page ahead of the file, never more');
  });

  it('sends nothing after a write fails: the page being fetched ahead is given up, not retried', async () => {
    const { api, asked, answered } = counted();
    let writes = 0;
    await assert.rejects(
      exportDocuments({
        api,
        db: DB,
        col: COL,
        writer: documentWriter('ndjson'),
        retryDelayMs: 1,
        write: async () => {
          if (++writes === 3) throw new Error('ENOSPC: no space left on device');
        },
      }),
      /ENOSPC/,
    );
    const settled = asked();
    // Wait until every request asked for has been answered or given up, then check none followed.
    while (answered() < asked()) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(asked(), settled, 'a request was sent after the export ended');
    assert.ok(settled <= 3, `asked ${settled} pages for two written`);
  });
});
