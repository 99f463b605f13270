import * as assert from 'node:assert/strict';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import { LosslessNumber } from '../../../src/core/json/lossless';
import { startServiceInProcess } from '../../support/testService';
import type { InProcessService } from '../../support/testService';
import { bundleMcpServer, callTool, connectMcp } from './mcpHarness';
import type { McpSession } from './mcpHarness';

const KEY = 'mcp-writes-key-2d8e4b6a0c';

describe('MCP server: the write tools over stdio, under the mode on its command line', function () {
  this.timeout(120_000);
  let service: InProcessService;
  let client: DbHostClient;
  let script: string;
  const sessions: McpSession[] = [];
  const connect = async (mode: string, answer?: Parameters<typeof connectMcp>[3]) => {
    const session = await connectMcp(
      script,
      ['--url', service.service.url, '--mode', mode, '--label', `Writes ${mode}`],
      { DBHOST_API_KEY: KEY },
      answer,
    );
    sessions.push(session);
    return session;
  };
  const held = async (filter: Record<string, unknown>) =>
    (await client.listDocuments('lab', 'items', { q: filter as never, limit: 100 })).documents;

  before(async () => {
    script = bundleMcpServer();
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    client = service.client();
    await client.createDatabase('lab', 'sandbox');
    await client.createCollection('lab', 'items');
    for (let n = 1; n <= 4; n++) await client.createDocument('lab', 'items', { _id: n, kind: 'tool', n }, { safe: true });
  });

  after(async () => {
    for (const session of sessions) await session.close();
    await service?.stop();
  });

  it('Normal: inserts, updates by _id, updates matching, creates an index and deletes, each as the service then holds it', async () => {
    const session = await connect('normal');
    const inserted = await callTool(session, 'dbhost_insertDocument', {
      database: 'lab',
      collection: 'items',
      document: { kind: 'new' },
    });
    assert.equal(inserted.isError, false, inserted.text);
    assert.equal((await held({ kind: 'new' })).length, 1);
    const updated = await callTool(session, 'dbhost_updateDocument', {
      database: 'lab',
      collection: 'items',
      id: 1,
      update: { $set: { kind: 'sharp' } },
    });
    assert.equal(updated.isError, false, updated.text);
    assert.equal((await client.getDocument('lab', 'items', 1)).document.kind, 'sharp');
    await callTool(session, 'dbhost_updateMatching', {
      database: 'lab',
      collection: 'items',
      filter: { kind: 'tool' },
      update: { $inc: { n: 10 } },
      multi: true,
    });
    assert.deepEqual(
      (await held({ kind: 'tool' })).map((document) => document.n),
      [12, 13, 14],
    );
    await callTool(session, 'dbhost_createIndex', { database: 'lab', collection: 'items', keys: { kind: 1 } });
    assert.ok((await client.listIndexes('lab', 'items')).some((index) => index.name === 'kind_1'));
    await callTool(session, 'dbhost_deleteDocument', { database: 'lab', collection: 'items', id: 4 });
    assert.equal((await held({ _id: 4 })).length, 0);
  });

  it('answers a 64-bit integer with every digit the service holds', async () => {
    await client.createDocument('lab', 'items', { _id: 'int64', n: new LosslessNumber('9007199254740993') }, { safe: true });
    const session = await connect('read-only');
    const found = await callTool(session, 'dbhost_find', { database: 'lab', collection: 'items', filter: { _id: 'int64' } });
    assert.match(found.text, /\{"_id":"int64","n":9007199254740993\}/);
  });

  it('Confirm writes: a client that cannot ask its user gets a refusal naming the request, and nothing is sent', async () => {
    const session = await connect('confirm');
    const result = await callTool(session, 'dbhost_updateMatching', {
      database: 'lab',
      collection: 'items',
      filter: { kind: 'tool' },
      update: { $set: { kind: 'gone' } },
      multi: true,
    });
    assert.equal(result.isError, true);
    assert.match(result.text, /^Not sent: this server is in Confirm-writes mode and this MCP client cannot ask its user/);
    assert.match(
      result.text,
      /PUT \/databases\/lab\/collections\/items\/documents\n\{"criteria":\{"kind":"tool"\},"object":\{"\$set":\{"kind":"gone"\}\}/,
    );
    assert.equal((await held({ kind: 'gone' })).length, 0);
  });

  it('Confirm writes: the user is asked with the exact request and the match count; declined sends nothing, accepted sends it', async () => {
    let accept = false;
    const session = await connect('confirm', () => (accept ? { action: 'accept', content: { send: true } } : { action: 'decline' }));
    const input = { database: 'lab', collection: 'items', filter: { kind: 'tool' }, update: { $set: { checked: true } }, multi: true };
    const matching = (await held({ kind: 'tool' })).length;
    assert.ok(matching > 1);
    const declined = await callTool(session, 'dbhost_updateMatching', input);
    assert.equal(declined.isError, true);
    assert.match(declined.text, /^Not sent: the user did not accept the request \(decline\)/);
    assert.match(
      session.asked[0],
      /PUT \/databases\/lab\/collections\/items\/documents\n\{"criteria":\{"kind":"tool"\},"object":\{"\$set":\{"checked":true\}\},"upsert":false,"multi":true,"safe":true\}/,
    );
    assert.ok(session.asked[0].includes(`Affects: ${matching} documents match in lab.items; all are updated.`), session.asked[0]);
    assert.equal((await held({ checked: true })).length, 0);
    accept = true;
    const accepted = await callTool(session, 'dbhost_updateMatching', input);
    assert.equal(accepted.isError, false, accepted.text);
    assert.equal((await held({ checked: true })).length, matching);
    assert.match(session.stderr(), /dbhost_updateMatching · .* · declined by the user/);
  });
});
