import * as assert from 'node:assert/strict';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { startServiceInProcess } from '../../support/testService';
import type { InProcessService } from '../../support/testService';
import type { ServiceWithout } from '../../integration/support/serviceWithout';
import { serviceWithout } from '../../integration/support/serviceWithout';
import { bundleMcpServer, callTool, connectMcp } from './mcpHarness';
import type { McpSession } from './mcpHarness';

const KEY = 'mcp-no-aggregate-key-5b1e0c77';
const GROUP = [{ $group: { _id: '$kind', n: { $sum: 1 } } }];
const READ = { database: 'lab', collection: 'items', pipeline: GROUP };
const OUT = { database: 'lab', collection: 'items', pipeline: [...GROUP, { $out: 'summary' }] };
const NO_AGGREGATION =
  /^The service of "No pipelines" has no aggregation pipelines: it answered 404 Not Found to …\/aggregate\. .*Use dbhost_find/;
const NOT_SENT_AGAIN = /^The service of "No pipelines" has no aggregation pipelines: .*before, so nothing was sent this time\./;

describe('MCP server on a service without aggregation: dbhost_aggregate says so and is no longer listed', function () {
  this.timeout(120_000);
  let service: InProcessService;
  let proxy: ServiceWithout;
  let script: string;
  const sessions: McpSession[] = [];
  const connect = async (url: string, mode: string, answer?: Parameters<typeof connectMcp>[3]) => {
    const session = await connectMcp(script, ['--url', url, '--mode', mode, '--label', 'No pipelines'], { DBHOST_API_KEY: KEY }, answer);
    sessions.push(session);
    return session;
  };
  const listed = async (session: McpSession) => (await session.client.listTools()).tools.some((tool) => tool.name === 'dbhost_aggregate');

  before(async () => {
    script = bundleMcpServer();
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    const client = service.client();
    await client.createDatabase('lab', 'sandbox');
    await client.createCollection('lab', 'items');
    for (let n = 1; n <= 4; n++) await client.createDocument('lab', 'items', { _id: n, kind: n % 2 ? 'odd' : 'even' }, { safe: true });
    // Every …/aggregate answered 404, as a service without the endpoint answers it; the rest reaches the service.
    proxy = await serviceWithout(service.service.url, /^\/databases\/[^/]+\/collections\/[^/]+\/aggregate(\?|$)/);
  });

  after(async () => {
    for (const session of sessions) await session.close();
    await proxy?.close();
    await service?.stop();
  });

  it('answers the first call with the reason, then stops listing the tool and sends nothing more, reads or $out', async () => {
    const session = await connect(proxy.url, 'normal');
    let listChanged = false;
    session.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      listChanged = true;
    });
    assert.ok(await listed(session), 'dbhost_aggregate is listed until the service says it has none');
    const first = await callTool(session, 'dbhost_aggregate', READ);
    assert.equal(first.isError, false, first.text);
    assert.match(first.text, NO_AGGREGATION);
    assert.equal(proxy.refused(), 1);
    assert.equal(await listed(session), false, 'dbhost_aggregate is still listed');
    assert.ok(listChanged, 'the client was not told that the list changed');
    const sessionTools = (await session.client.listTools()).tools.map((tool) => tool.name);
    assert.ok(sessionTools.includes('dbhost_find') && sessionTools.includes('dbhost_count'), sessionTools.join(', '));

    // An agent holding the old list still gets the reason, and nothing is sent: not a read, not a write.
    assert.match((await callTool(session, 'dbhost_aggregate', READ)).text, NOT_SENT_AGAIN);
    assert.match((await callTool(session, 'dbhost_aggregate', OUT)).text, NOT_SENT_AGAIN);
    assert.equal(proxy.refused(), 1, 'something was sent to …/aggregate again');
    const collections = await service.client().listCollections('lab');
    assert.deepEqual(
      collections.map((record) => record.name),
      ['items'],
    );
    assert.match(session.stderr(), /dbhost_aggregate .*not sent \(the service has no aggregation\)/);
  });

  it('in Confirm writes, asks nothing for a $out once the service is known to have no aggregation', async () => {
    const session = await connect(proxy.url, 'confirm', () => ({ action: 'accept', content: { send: true } }));
    const before = proxy.refused();
    assert.match((await callTool(session, 'dbhost_aggregate', READ)).text, NO_AGGREGATION);
    assert.match((await callTool(session, 'dbhost_aggregate', OUT)).text, NOT_SENT_AGAIN);
    assert.deepEqual(session.asked, [], 'the user was asked to confirm a write that cannot run');
    assert.equal(proxy.refused(), before + 1);
  });

  it('a 404 saying the collection does not exist is about the collection: the tool stays listed', async () => {
    const session = await connect(service.service.url, 'normal');
    const missing = await callTool(session, 'dbhost_aggregate', { ...READ, collection: 'nowhere' });
    assert.equal(missing.isError, true, missing.text);
    assert.match(missing.text, /"nowhere" does not exist/);
    assert.ok(await listed(session));
    assert.match((await callTool(session, 'dbhost_aggregate', READ)).text, /^Documents 1–2 of 2 matching in lab\.items/);
  });
});
