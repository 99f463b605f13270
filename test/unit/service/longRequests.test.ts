import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess, temporaryDirectory } from '../../support/testService';

const KEY = 'long-requests-key';

describe('local service: long query strings', function () {
  this.timeout(30_000);
  const dataDir = temporaryDirectory('long-requests');
  let running: InProcessService;
  let client: DbHostClient;

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY], dataDir, empty: true });
    client = running.client();
    await client.createDatabase('shop', 'sandbox');
    for (const sku of ['sku-00007', 'sku-02500', 'sku-04999']) await client.createDocument('shop', 'items', { sku }, { safe: true });
  });
  after(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a query whose $in list makes the URL far longer than 16 KB', async () => {
    const skus = Array.from({ length: 5000 }, (_, i) => `sku-${String(i).padStart(5, '0')}`);
    const page = await client.listDocuments('shop', 'items', { q: { sku: { $in: skus } }, limit: 100 });
    assert.ok(JSON.stringify(skus).length > 16 * 1024);
    assert.equal(page.total, 3);
    assert.deepEqual(page.documents.map((doc) => doc.sku).sort(), ['sku-00007', 'sku-02500', 'sku-04999']);
  });

  it('refuses a request line over 1 MB with 431 and an {"error"} body', async () => {
    const response = await fetch(`${running.service.url}/databases?_apikey=${KEY}&pad=${'x'.repeat(1100 * 1024)}`);
    assert.equal(response.status, 431);
    assert.match(((await response.json()) as { error: string }).error, /exceed 1 MB/);
  });
});
