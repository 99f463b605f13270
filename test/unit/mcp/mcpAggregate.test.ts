import * as assert from 'node:assert/strict';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import { startServiceInProcess } from '../../support/testService';
import type { InProcessService } from '../../support/testService';
import { bundleMcpServer, callTool, connectMcp } from './mcpHarness';
import type { McpSession } from './mcpHarness';

const KEY = 'mcp-aggregate-key-7f3a91c0d2';
const GROUP = [{ $group: { _id: '$kind', n: { $sum: 1 } } }, { $sort: { _id: 1 } }];

describe('MCP server: dbhost_aggregate, a read that writes only with $out/$merge', function () {
  this.timeout(120_000);
  let service: InProcessService;
  let client: DbHostClient;
  let script: string;
  const sessions: McpSession[] = [];
  const connect = async (mode: string, answer?: Parameters<typeof connectMcp>[3]) => {
    const session = await connectMcp(
      script,
      ['--url', service.service.url, '--mode', mode, '--label', `Agg ${mode}`],
      { DBHOST_API_KEY: KEY },
      answer,
    );
    sessions.push(session);
    return session;
  };
  const summaryCount = async () => (await client.listCollections('lab')).filter((record) => record.name === 'summary').length;

  before(async () => {
    script = bundleMcpServer();
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    client = service.client();
    await client.createDatabase('lab', 'sandbox');
    await client.createCollection('lab', 'items');
    for (let n = 1; n <= 60; n++) await client.createDocument('lab', 'items', { _id: n, kind: n % 2 ? 'odd' : 'even', n }, { safe: true });
  });

  after(async () => {
    for (const session of sessions) await session.close();
    await service?.stop();
  });

  it('is listed by a Read-only server and answers a reading pipeline, bounded, with the next skip', async () => {
    const session = await connect('read-only');
    const tools = (await session.client.listTools()).tools;
    const tool = tools.find((candidate) => candidate.name === 'dbhost_aggregate');
    assert.ok(tool, 'dbhost_aggregate is not listed');
    assert.equal(tool.annotations?.readOnlyHint, false);
    const grouped = await callTool(session, 'dbhost_aggregate', { database: 'lab', collection: 'items', pipeline: GROUP });
    assert.equal(grouped.isError, false, grouped.text);
    assert.equal(grouped.text, 'Documents 1–2 of 2 matching in lab.items (pipeline results):\n{"_id":"even","n":30}\n{"_id":"odd","n":30}');
    const paged = await callTool(session, 'dbhost_aggregate', {
      database: 'lab',
      collection: 'items',
      pipeline: [{ $sort: { n: 1 } }],
      limit: 50,
    });
    assert.match(paged.text, /^Documents 1–50 of 60 matching/);
    assert.match(paged.text, /call again with "skip": 50 for the next page\.$/);
    const next = await callTool(session, 'dbhost_aggregate', {
      database: 'lab',
      collection: 'items',
      pipeline: [{ $sort: { n: 1 } }],
      skip: 50,
    });
    assert.match(next.text, /^Documents 51–60 of 60 matching/);
  });

  it('refuses an invalid pipeline naming the stage, cause first, and JavaScript, sending nothing', async () => {
    const session = await connect('normal');
    const typo = await callTool(session, 'dbhost_aggregate', {
      database: 'lab',
      collection: 'items',
      pipeline: [{ $match: {} }, { $grup: {} }],
    });
    assert.equal(typo.isError, true);
    assert.match(typo.text, /Unknown stage "\$grup" in stage 2: .*Nothing was sent\.$/);
    const script = await callTool(session, 'dbhost_aggregate', {
      database: 'lab',
      collection: 'items',
      pipeline: [{ $match: { $where: 'true' } }],
    });
    assert.match(script.text, /"\$where" is refused: it runs JavaScript/);
  });

  it('refuses $out on a Read-only server and asks through the client in Confirm writes, naming the target', async () => {
    const out = { database: 'lab', collection: 'items', pipeline: [...GROUP, { $out: 'summary' }] };
    const readOnly = await connect('read-only');
    const refused = await callTool(readOnly, 'dbhost_aggregate', out);
    assert.equal(refused.isError, true);
    assert.match(
      refused.text,
      /^Refused, nothing was sent\. .*Read-only: POST \/databases\/lab\/collections\/items\/aggregate was not sent/,
    );
    assert.equal(await summaryCount(), 0);

    const declining = await connect('confirm', () => ({ action: 'decline' }));
    assert.match((await callTool(declining, 'dbhost_aggregate', out)).text, /^Not sent: the user did not accept/);
    assert.match(declining.asked[0] ?? '', /Affects: the collection lab\.summary.*replaced by the results of the pipeline on lab\.items/);
    assert.equal(await summaryCount(), 0);

    const accepting = await connect('confirm', () => ({ action: 'accept', content: { send: true } }));
    const sent = await callTool(accepting, 'dbhost_aggregate', out);
    assert.equal(sent.isError, false, sent.text);
    assert.match(sent.text, /\$out wrote its results into lab\.summary, which now holds 2 documents/);
    assert.deepEqual((await client.listDocuments('lab', 'summary', { sort: { _id: 1 } })).documents, [
      { _id: 'even', n: 30 },
      { _id: 'odd', n: 30 },
    ]);
  });
});
