import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import type { ProductSession } from './support/product-session';
import { openProductSession, screenshotFailuresThenClose } from './support/product-session';
import { addAccountThroughUi } from './support/accounts';
import { CALL_TOOL_COMMAND } from './support/agent-stand-in';
import { saveScreenshot } from './support/screenshots';
import {
  answerQuickInput,
  dismissNotification,
  moveMouseAway,
  openDbHostView,
  outputView,
  runCommandFromPalette,
} from './support/workbench';

const CHANNEL = 'DB Host AI activity';

// An agent reads the user's data through the product's tools; the user sees each call in the AI activity log.
describe('What agents did, in the AI activity log, through the real UI (code-server in Chromium)', function () {
  this.bail(true);
  let session: ProductSession;
  let sideBar: Locator;

  before(async function () {
    this.timeout(300_000);
    session = await openProductSession({ workspaceFiles: {}, agentStandIn: true });
    sideBar = await openDbHostView(session.page);
    await dismissNotification(await addAccountThroughUi(session, sideBar));
  });

  screenshotFailuresThenClose('ai-activity', () => session);

  it('shows one line per tool call: the account, the tool, its input and what came of it', async () => {
    const { page } = session;
    const callTool = async (tool: string, input: object) => {
      await runCommandFromPalette(page, CALL_TOOL_COMMAND);
      await answerQuickInput(page, /Which DB Host tool/, tool);
      await answerQuickInput(page, /tool input/, JSON.stringify(input));
      const answered = page.locator('.notification-toast', { hasText: `Agent stand-in: ${tool} answered` });
      await answered.waitFor({ state: 'visible' });
      await dismissNotification(answered);
    };
    await callTool('dbhost_count', { account: 'Local demo', database: 'shop', collection: 'orders', filter: { status: 'paid' } });
    await callTool('dbhost_find', {
      account: 'Local demo',
      database: 'shop',
      collection: 'orders',
      filter: { total: { $gt: 400 } },
      limit: 3,
    });
    await callTool('dbhost_getDocument', { account: 'Nobody', database: 'shop', collection: 'orders', id: 1 });

    await runCommandFromPalette(page, 'Output: Show Output Channels...');
    await answerQuickInput(page, /output channel/i, CHANNEL);
    const output = outputView(page);
    await output.locator('.view-line', { hasText: 'dbhost_getDocument' }).waitFor({ state: 'visible' });
    // The editor wraps long lines; compared without white space, each call is one line of the log.
    const log = (await output.locator('.view-lines').innerText()).replace(/\s+/g, '');
    const line = (tool: string) =>
      log.split(/\d{4}-\d\d-\d\d\d\d:\d\d:\d\d\.\d+\[info\]/).find((entry) => entry.includes(`·${tool}·`)) ?? '';
    assert.match(line('dbhost_count'), /^account"Localdemo"·dbhost_count·input\{.*"filter":\{"status":"paid"\}\}·ok,\d+characters$/);
    assert.match(line('dbhost_find'), /^account"Localdemo"·dbhost_find·input\{.*"\$gt":400.*\}·ok,\d+characters$/);
    assert.match(
      line('dbhost_getDocument'),
      /^account"\(none\)"·dbhost_getDocument·.*·failed:Error:Noaccountislabelled"Nobody"\.Theaccountsare"Localdemo"\.$/,
    );
    await moveMouseAway(page);
    await saveScreenshot(page, 'ai-activity');
  });
});
