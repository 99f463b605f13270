import * as assert from 'node:assert/strict';
import { addAccount, removeAccount, serviceClient } from '../support/accounts';
import type * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import { waitFor } from '../support/waitFor';
import { serviceWithoutExtras } from './withoutExtras';
import type { ChildService } from '../../support/testService';
import { startServiceInChild } from '../../support/testService';
import { installedServiceScript } from '../support/product';
import { openPanels, panelsOpenedBy, postedTo, sendAsPage } from '../support/webviewPanels';
import { logFileLines } from '../support/logFile';
import type { HostMessage } from '../../../src/core/stats/chartMessages';

/** package.json's view type of a deployment's statistics view. */
const STATS_VIEW_TYPE = 'dbhost.deploymentStats';

/** Runs Deployment Statistics on `deployment` of `accountId`, `prompts` answering, and resolves with the statistics views it opened. */
const statsViewsOpenedBy = (accountId: string, deployment: string, prompts: FakePrompts): Promise<vscode.WebviewPanel[]> =>
  panelsOpenedBy(STATS_VIEW_TYPE, () => runScripted(prompts, 'dbhost.showDeploymentStats', { accountId, deployment }));

/** The lines of the "DB Host" log saying the statistics view of `deployment` ignored a message, once `count` are there. */
function ignoredMessageLines(deployment: string, count: number): Promise<string[]> {
  const ignored = (lines: string[]) =>
    lines.filter((line) => line.includes(`The statistics view of ${deployment} sent a message it may not send; it was ignored`));
  return logFileLines('DB Host', (lines) => ignored(lines).length >= count, `${count} ignored messages in the log`).then(ignored);
}

async function until(check: () => boolean, what: string): Promise<void> {
  await waitFor(check, { what });
}

describe('Original service extras: deployment statistics view', function () {
  this.timeout(60_000);
  let service: ChildService;
  let client: DbHostApi;
  let accountId: string;
  let deployment: string;
  const accounts: string[] = [];
  const closers: (() => Promise<void>)[] = [];

  before(async () => {
    await activateExtension();
    service = await startServiceInChild({ script: installedServiceScript(), empty: true });
    closers.push(() => service.stop());
    client = serviceClient(service);
    accountId = (await addAccount('Stats tests', { url: service.url, apiKey: service.apiKey })).accountId;
    accounts.push(accountId);
    await client.createDatabase('busy', 'medium');
    await client.createCollection('busy', 'events');
    deployment = (await client.listDeployments())[0].name;
  });

  after(async () => {
    for (const id of accounts) await removeAccount(id);
    for (const close of closers) await close();
  });

  it('opens a chart page with a strict policy and nothing of the key, that draws the figures it is sent and follows new operations', async () => {
    const opened = await statsViewsOpenedBy(accountId, deployment, new FakePrompts([]));
    assert.equal(opened.length, 1, `${opened.length} statistics views opened`);
    const [panel] = opened;
    const html = panel.webview.html;
    const posted = postedTo(panel).posted as HostMessage[];
    const nonce = /script-src 'nonce-([^']+)'/.exec(html)?.[1];
    assert.ok(nonce, 'no script nonce in the policy');
    assert.match(html, /default-src 'none'/);
    assert.match(html, new RegExp(`<script nonce="${nonce.replace(/[+/=]/g, '\\$&')}" src="[^"]+statsChart\\.js"`));
    assert.equal((html.match(/<script/g) ?? []).length, 1, 'one script only');
    assert.ok(!html.includes(service.apiKey), 'the key is in the page');
    assert.equal(panel.title, `Statistics: ${deployment}`);

    // The page's own script asks for the figures once it runs.
    await until(() => posted.some((message) => message.type === 'series'), 'the chart asking for its figures');

    for (let n = 0; n < 15; n++) await client.createDocument('busy', 'events', { n }, { safe: true });
    const beforeRefresh = posted.length;
    sendAsPage(panel, { type: 'refresh' });
    await until(() => posted.length > beforeRefresh, 'the chart being sent fresh figures');
    const latest = posted[posted.length - 1];
    assert.equal(latest.type, 'series');
    if (latest.type !== 'series') return;
    assert.equal(latest.series.deployment, deployment);
    assert.ok(latest.series.points.length > 1, 'a time series');
    assert.ok(
      latest.series.points[latest.series.points.length - 1].operations.insert >= 1,
      `inserts per second: ${JSON.stringify(latest.series.points.at(-1))}`,
    );
    assert.ok(latest.series.points.at(-1)!.resident > 0);
    assert.ok(!JSON.stringify(posted).includes(service.apiKey));

    // A message the chart may not send is logged as ignored, at once, and nothing is sent back.
    const before = posted.length;
    const ignoredBefore = (await ignoredMessageLines(deployment, 0)).length;
    sendAsPage(panel, { type: 'runCommand', command: 'dbhost.removeAccount' });
    sendAsPage(panel, 'refresh');
    assert.equal(posted.length, before, 'a message the chart may not send was acted on');
    await ignoredMessageLines(deployment, ignoredBefore + 2);
    assert.equal(posted.length, before, 'a message the chart may not send was acted on');

    // Asked again, the command brings the open view back: no second one opens.
    const again = new FakePrompts([]);
    const second = await statsViewsOpenedBy(accountId, deployment, again);
    assert.deepEqual(second, [], 'a second view of the same deployment');
    assert.deepEqual(again.errors, []);
    assert.deepEqual(openPanels(STATS_VIEW_TYPE), [panel]);
  });

  it('says calmly that a service without the endpoint has no statistics, and opens nothing', async () => {
    const plain = await serviceWithoutExtras(service.url);
    closers.push(() => plain.close());
    const plainId = (await addAccount('Stats interface only', { url: plain.url, apiKey: service.apiKey })).accountId;
    accounts.push(plainId);
    const prompts = new FakePrompts([]);
    const opened = await statsViewsOpenedBy(plainId, deployment, prompts);
    assert.deepEqual(opened, [], 'a statistics view opened');
    assert.deepEqual(prompts.errors, []);
    assert.match(prompts.infos.join(' | '), /does not offer deployment statistics/);
  });
});
