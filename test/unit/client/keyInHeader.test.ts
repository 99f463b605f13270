import * as assert from 'node:assert/strict';
import { DbHostClient } from '../../../src/client/dbHostClient';
import type { FetchFunction, FetchRequestInit } from '../../../src/client/fetchFunction';
import { ServiceError } from '../../../src/core/api/serviceError';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';

const KEY = 'header-key-7f3a/+?&=';

/** The fetch VS Code for the Web gives (the browser's), which Node also has, recording what is sent. */
function recordingFetch(): { fetch: FetchFunction; sent: Array<{ url: string; init: FetchRequestInit }> } {
  const sent: Array<{ url: string; init: FetchRequestInit }> = [];
  return {
    sent,
    fetch: (url, init) => {
      sent.push({ url, init });
      return globalThis.fetch(url, init);
    },
  };
}

describe('client: the key in the MongoHQ-API-Token header (the browser’s transport)', function () {
  this.timeout(30_000);
  let running: InProcessService;
  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY] });
  });
  after(async () => running.stop());

  it('never puts the key in a URL, and the service answers by the header', async () => {
    const { fetch, sent } = recordingFetch();
    const lines: string[] = [];
    const client = new DbHostClient({
      baseUrl: running.url,
      apiKey: KEY,
      fetch,
      keyInHeader: true,
      retries: 0,
      log: (line) => lines.push(line),
    });
    const databases = await client.listDatabases();
    assert.ok(databases.some((db) => db.name === 'inventory'));
    const page = await client.listDocuments('inventory', 'products', { limit: 2, sort: { _id: 1 } });
    assert.equal(page.documents.length, 2);
    assert.ok(page.total !== undefined && page.total > 2, 'the count header is read');
    await client.createDocument('inventory', 'header_notes', { _id: 'n1', text: 'sent by header' });
    assert.equal((await running.client().getDocument('inventory', 'header_notes', 'n1')).document.text, 'sent by header');
    assert.equal(sent.length, 3);
    for (const { url, init } of sent) {
      assert.ok(!url.includes('_apikey') && !url.includes('header-key'), url);
      assert.ok(!/[?&]$/.test(url), `a dangling separator in ${url}`);
      assert.equal(init.headers['MongoHQ-API-Token'], KEY);
    }
    assert.match(sent[1].url, /\?sort=[^&]+&limit=2$/);
    assert.ok(lines.length === 3 && lines.every((line) => !line.includes('header-key')));
  });

  it('a wrong key fails with the service’s reason and without the key', async () => {
    const client = new DbHostClient({
      baseUrl: running.url,
      apiKey: 'wrong-header-key',
      keyInHeader: true,
      fetch: recordingFetch().fetch,
      retries: 0,
    });
    const error = await client.listDatabases().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    assert.ok(error instanceof ServiceError);
    assert.match(error.message, /401 The API key is not valid/);
    assert.ok(!error.message.includes('wrong-header-key'));
  });

  it('by default the key stays in the query string, as before', async () => {
    const { fetch, sent } = recordingFetch();
    await new DbHostClient({ baseUrl: running.url, apiKey: KEY, fetch, retries: 0 }).listDatabases();
    assert.match(sent[0].url, /[?&]_apikey=/);
    assert.equal(sent[0].init.headers['MongoHQ-API-Token'], undefined);
  });
});
