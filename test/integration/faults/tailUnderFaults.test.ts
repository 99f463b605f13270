import * as assert from 'node:assert/strict';
import { addAccount, removeAccount, serviceClient } from '../support/accounts';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { FaultProxy } from '../../support/faultProxy';
import type { TailTarget } from '../support/logTranscript';
import { isTailing, lineAppears, stopTailing, tailLogs, transcriptOf } from '../support/logTranscript';
import { activateExtension } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import { readTestConfig } from '../support/test-config';
import { SHORT_TIMEOUT_SECONDS, assertNoKey, setRequestTimeout, until } from './faultFixtures';
import { answerPrompts } from '../support/windowPrompts';

describe('Faults: tailing a deployment log', function () {
  this.timeout(60_000);
  let proxy: FaultProxy;
  let accountId: string;
  let direct: DbHostApi;
  let apiKey: string;
  let tailed: TailTarget | undefined;
  const prompts = new FakePrompts();

  before(async () => {
    await activateExtension();
    const { demo } = readTestConfig().services;
    apiKey = demo.apiKey;
    proxy = await FaultProxy.start(demo.url);
    direct = serviceClient(demo);
    accountId = (await addAccount('Tail fault tests', { url: proxy.url, apiKey: demo.apiKey })).accountId;
    await vscode.workspace.getConfiguration('dbhost').update('logs.pollInterval', 0.25, vscode.ConfigurationTarget.Global);
    // A poll the proxy holds ends by this timeout instead of stalling the tail.
    await setRequestTimeout(SHORT_TIMEOUT_SECONDS);
  });

  // One set of prompts for the whole suite: what it showed in every test is checked for the key.
  beforeEach(() => answerPrompts(prompts));

  after(async () => {
    if (tailed) await stopTailing(tailed);
    if (accountId) await removeAccount(accountId);
    await proxy?.close();
  });

  it('says once that the service fails while it errors, resets, hangs and garbles, keeps polling, resumes and shows new lines once', async () => {
    const deployments = await direct.listDeployments();
    const shop = deployments.find((deployment) => JSON.stringify(deployment).includes('"shop"'));
    assert.ok(shop, 'the demo data has no deployment holding the shop database');

    tailed = { accountId, deployment: shop.name };
    const running = await tailLogs(tailed);
    await until(() => proxy.requests.some((request) => request.fault === 'pass'), 'a first poll of the log');

    const requestsSeen = () => `The proxy saw: ${proxy.requests.map((request) => `${request.method} ${request.fault}`).join(', ')}`;
    const before = proxy.requests.length;
    // The next four polls fail: 503s (retried), resets (retried), an answer that never comes, one that is not JSON.
    proxy.failNext(3, { kind: 'status', status: 503 });
    proxy.failNext(3, { kind: 'reset' });
    proxy.failNext(1, { kind: 'hang' });
    proxy.failNext(1, { kind: 'invalid-json' });
    await lineAppears(running, (line) => /tailing resumed/.test(line.text));
    assert.equal(isTailing(tailed), true, 'the status bar no longer shows the tail');

    const faultsMet = proxy.requests.slice(before).map((request) => request.fault);
    assert.deepEqual(
      faultsMet.slice(0, 9),
      ['status', 'status', 'status', 'reset', 'reset', 'reset', 'hang', 'invalid-json', 'pass'],
      requestsSeen(),
    );
    assert.ok(
      proxy.requests.every((request) => request.method === 'GET'),
      requestsSeen(),
    );
    const warnings = transcriptOf(running).filter((line) => line.level === 'warn');
    assert.equal(warnings.length, 1, `the failure was reported ${warnings.length} times: ${warnings.map((line) => line.text).join(' / ')}`);
    assert.match(warnings[0].text, /^The service failed: .*503.*; retrying in \d+(\.\d+)? s, then less and less often until it answers\.$/);
    const resumed = transcriptOf(running).filter((line) => /tailing resumed/.test(line.text));
    assert.equal(resumed.length, 1);

    const marker = `faults-${randomUUID()}`;
    await direct.listDocuments('shop', 'customers', { q: { marker }, limit: 1 });
    await lineAppears(running, (line) => line.level === 'log' && line.text.includes(marker));
    const later = `faults-${randomUUID()}`;
    await direct.listDocuments('shop', 'orders', { q: { later }, limit: 1 });
    await lineAppears(running, (line) => line.level === 'log' && line.text.includes(later));
    assert.equal(transcriptOf(running).filter((line) => line.text.includes(marker)).length, 1, 'a line was shown twice after resuming');

    assertNoKey(
      transcriptOf(running).map((line) => line.text),
      apiKey,
    );
    assert.deepEqual(prompts.shown, [], 'the outage popped up notifications; the log channel says it once');
  });
});
