import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import { stringifyLossless } from '../../../src/core/json/lossless';
import { startServiceInProcess } from '../../support/testService';
import type { InProcessService } from '../../support/testService';
import { bundleMcpServer, callTool, connectMcp } from './mcpHarness';
import type { McpSession } from './mcpHarness';

const KEY = 'mcp-reads-key-7f3a9c1e5b';

describe('MCP server: the read tools over stdio, against the local service', function () {
  this.timeout(120_000);
  let service: InProcessService;
  let client: DbHostClient;
  let script: string;
  let session: McpSession;
  const answers: string[] = [];
  const call = async (name: string, input: Record<string, unknown>) => {
    const result = await callTool(session, name, input);
    answers.push(result.text);
    return result;
  };

  before(async () => {
    script = bundleMcpServer();
    service = await startServiceInProcess({ apiKeys: [KEY] });
    client = service.client();
    await client.createDatabase('big', 'sandbox');
    await client.createCollection('big', 'blobs');
    // Ten documents of a megabyte each: a find of all of them is a 10 MB answer from the service.
    for (let n = 0; n < 10; n++) await client.createDocument('big', 'blobs', { _id: n, blob: String(n).repeat(1_000_000) }, { safe: true });
    session = await connectMcp(script, ['--url', service.service.url, '--mode', 'read-only', '--label', 'Reads'], { DBHOST_API_KEY: KEY });
  });

  after(async () => {
    await session?.close();
    await service?.stop();
  });

  it('lists every read tool and no write tool when Read-only, and the writes too when Normal', async () => {
    const readOnly = (await session.client.listTools()).tools.map((tool) => tool.name);
    assert.ok(readOnly.includes('dbhost_find') && readOnly.includes('dbhost_deploymentLog'));
    assert.deepEqual(
      readOnly.filter((name) => /insert|update|delete|createIndex/i.test(name)),
      [],
    );
    assert.ok(!readOnly.includes('dbhost_listAccounts'), 'the server serves one account');
    const normal = await connectMcp(script, ['--url', service.service.url, '--mode', 'normal'], { DBHOST_API_KEY: KEY });
    try {
      const names = (await normal.client.listTools()).tools.map((tool) => tool.name);
      for (const write of [
        'dbhost_insertDocument',
        'dbhost_updateDocument',
        'dbhost_updateMatching',
        'dbhost_deleteDocument',
        'dbhost_createIndex',
      ]) {
        assert.ok(names.includes(write), write);
      }
    } finally {
      await normal.close();
    }
  });

  it('lists databases, collections, indexes and deployments as the service holds them', async () => {
    const databases = (await call('dbhost_listDatabases', {})).text;
    for (const db of await client.listDatabases()) assert.match(databases, new RegExp(`"name": "${db.name}"`));
    const collections = (await call('dbhost_listCollections', { database: 'shop' })).text;
    for (const col of await client.listCollections('shop')) assert.match(collections, new RegExp(`"name": "${col.name}"`));
    const indexes = (await call('dbhost_listIndexes', { database: 'shop', collection: 'orders' })).text;
    for (const index of await client.listIndexes('shop', 'orders')) assert.ok(indexes.includes(`"${index.name}"`), index.name);
    const deployments = (await call('dbhost_listDeployments', {})).text;
    for (const deployment of await client.listDeployments()) assert.ok(deployments.includes(deployment.name));
  });

  it('finds with filter, projection, sort and limit, and counts, as the service does', async () => {
    const query = { q: { status: 'paid' }, sort: { total: -1 } as const, limit: 5, fields: { total: 1 } as const };
    const expected = await client.listDocuments('shop', 'orders', query);
    const found = await call('dbhost_find', {
      database: 'shop',
      collection: 'orders',
      filter: { status: 'paid' },
      sort: { total: -1 },
      limit: 5,
      projection: { total: 1 },
    });
    const lines = found.text.split('\n').filter((line) => line.startsWith('{'));
    assert.deepEqual(
      lines,
      expected.documents.map((document) => stringifyLossless(document)),
    );
    assert.match(found.text, new RegExp(`of ${expected.total?.toLocaleString('en-US')} matching`));
    assert.match(found.text, /"skip": 5 for the next page/);
    const counted = await call('dbhost_count', { database: 'shop', collection: 'orders', filter: { status: 'paid' } });
    assert.match(counted.text, new RegExp(`^${expected.total} documents of shop\\.orders match`));
  });

  it('reads one document by _id exactly as the service sent it, and samples the schema', async () => {
    const [first] = (await client.listDocuments('shop', 'orders', { limit: 1 })).documents;
    const id = first._id;
    const got = await call('dbhost_getDocument', { database: 'shop', collection: 'orders', id });
    const { text } = await client.getDocument('shop', 'orders', id);
    assert.ok(got.text.endsWith(text));
    const schema = await call('dbhost_collectionSchema', { database: 'shop', collection: 'orders', sampleSize: 200 });
    assert.match(schema.text, /Sampled 200 of 3,000 documents/);
    assert.match(schema.text, /^status\s+string 100%/m);
  });

  it('explains a query, or says plainly that the service does not offer explain', async () => {
    const raw = await service.raw('GET', '/databases/shop/collections/orders/explain?q=%7B%7D');
    const result = await call('dbhost_explain', { database: 'shop', collection: 'orders', filter: { status: 'paid' } });
    if (raw.status === 404) assert.match(result.text, /^Explain is not offered here: the service answered 404/);
    else assert.match(result.text, /"stage"/);
    assert.equal(result.isError, false);
  });

  it('shows slow queries, current operations, deployment statistics and the last lines of a log', async () => {
    assert.match((await call('dbhost_slowQueries', { database: 'shop' })).text, /^Slow queries of shop, newest first/);
    assert.match((await call('dbhost_currentOperations', { database: 'shop' })).text, /^Operations in progress on shop/);
    const [deployment] = await client.listDeployments();
    assert.match((await call('dbhost_deploymentStats', { deployment: deployment.name })).text, /"members"/);
    const [entry] = await client.getDeploymentLogs(deployment.name);
    const log = await call('dbhost_deploymentLog', { deployment: deployment.name, lines: 3 });
    const lastThree = entry.log
      .split('\n')
      .filter((line) => line !== '')
      .slice(-3);
    assert.ok(log.text.endsWith(lastThree.join('\n')) || log.text.includes(lastThree.join('\n')), log.text);
  });

  it('caps a 10 MB result at 32,000 characters and says how to get the rest', async () => {
    const result = await call('dbhost_find', { database: 'big', collection: 'blobs', limit: 10 });
    assert.ok(result.text.length < 33_000, `${result.text.length} characters`);
    assert.match(result.text, /This document is cut\. It is 1,000,0\d\d characters, more than the 32,000 one answer holds/);
    assert.match(result.text, /More match: call again with "skip": 1 for the next page\.$/);
  });

  it('answers malformed input with an error the model can act on', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        'dbhost_find',
        { database: 'shop', collection: 'orders', query: {} },
        /Unknown input "query": it takes "database", "collection", "filter"/,
      ],
      ['dbhost_find', { database: 'shop', collection: 'orders', filter: { 'a.__proto__': 1 } }, /"__proto__", which is refused/],
      ['dbhost_find', { database: 'shop', collection: 'orders', limit: 500 }, /"limit" must be a whole number from 1 to 50/],
      ['dbhost_count', { collection: 'orders' }, /"database" is required/],
      ['dbhost_getDocument', { database: 'shop', collection: 'orders', id: { $oid: 'nope' } }, /24 hexadecimal digits/],
      ['dbhost_nothing', {}, /no tool is named "dbhost_nothing"/],
    ];
    for (const [name, input, message] of cases) {
      const result = await call(name, input);
      assert.equal(result.isError, true, name);
      assert.match(result.text, message);
    }
  });

  it('refuses a write tool when Read-only, sending nothing', async () => {
    const before = (await client.listDocuments('big', 'blobs', { limit: 1 })).total;
    const result = await call('dbhost_insertDocument', { database: 'big', collection: 'blobs', document: { n: 1 } });
    assert.equal(result.isError, true);
    assert.match(
      result.text,
      /Refused, nothing was sent\. The account "Reads" is Read-only: POST \/databases\/big\/collections\/blobs\/documents was not sent/,
    );
    assert.equal((await client.listDocuments('big', 'blobs', { limit: 1 })).total, before);
  });

  it('logs each call to stderr, and the key is in no answer and no log line', async () => {
    assert.match(session.stderr(), /\[AI activity\] account "Reads" · dbhost_find · input \{"database":"shop"/);
    for (const text of [...answers, session.stderr()]) assert.ok(!text.includes(KEY), 'the key leaked');
  });

  it('refuses a key on its command line, before starting', () => {
    const run = spawnSync(process.execPath, [script, '--url', service.service.url, '--api-key', KEY], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
    });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /The API key is never taken from the command line/);
    assert.ok(!run.stderr.includes(KEY));
  });
});
