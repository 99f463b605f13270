import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { nodeAt, treeItemOf } from '../explorer/explorerFixtures';
import type { ChannelRecord } from '../support/outputChannels';
import { isTailing, lineAppears, stopTailing, tailLogs, transcriptOf } from '../support/logTranscript';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { addAccount, removeAccount, shownAccounts } from '../support/accounts';
import { FakePrompts } from '../support/fakePrompts';
import { freePort } from '../support/freePort';
import { treeMenuCommands } from '../support/treeMenus';
import type { ChildOptions, ChildService } from '../../support/testService';
import { startServiceInChild, temporaryDirectory } from '../../support/testService';
import { installedServiceScript } from '../support/product';

describe('Deployment logs: Tail Logs, Stop Tailing, Show Logs', function () {
  this.timeout(120_000);
  const occurrences = (channel: ChannelRecord, text: string) =>
    transcriptOf(channel).filter((line) => line.level === 'log' && line.text.includes(text)).length;
  let extension: vscode.Extension<unknown>;
  /** The built service on a fixed port with its own data folder, so that the test can stop it and start it again. */
  let options: ChildOptions;
  let service: ChildService;
  let accountId: string;
  let client: DbHostApi;
  let shared: string;
  let replicaSet: string;

  /** Tail Logs on a deployment of the account (shows the tail already running, if it is); gives the channel it shows. */
  async function tail(deployment: string): Promise<ChannelRecord> {
    const channel = await tailLogs({ accountId, deployment });
    await lineAppears(channel, (line) => line.text.startsWith('Tailing the log of'), 'tailing to start');
    return channel;
  }

  /** A query whose marker appears in the log line the service writes for it. */
  async function markedQuery(db: string, col: string): Promise<string> {
    const marker = `tail-${randomUUID()}`;
    await client.listDocuments(db, col, { q: { marker }, limit: 1 });
    return marker;
  }

  before(async () => {
    ({ extension } = await activateExtension());
    await vscode.workspace.getConfiguration('dbhost').update('logs.pollInterval', 0.25, vscode.ConfigurationTarget.Global);
    options = {
      script: installedServiceScript(),
      port: await freePort(),
      dataDir: temporaryDirectory('logs-test'),
      keepData: true,
      apiKeys: [randomUUID()],
    };
    service = await startServiceInChild(options);
    ({ accountId, client } = await addAccount('Log tests', service));
    const deployments = await client.listDeployments();
    const withShop = deployments.find((d) => JSON.stringify(d).includes('"shop"'));
    const withMetrics = deployments.find((d) => JSON.stringify(d).includes('"metrics"'));
    assert.ok(withShop && withMetrics, `the demo data has no deployments for shop and metrics: ${JSON.stringify(deployments)}`);
    shared = withShop.name;
    replicaSet = withMetrics.name;
  });

  after(async () => {
    for (const deployment of [shared, replicaSet]) if (deployment) await stopTailing({ accountId, deployment });
    if (accountId && (await shownAccounts()).some((account) => account.id === accountId)) await removeAccount(accountId);
    await service?.stop();
    if (service) fs.rmSync(service.dataDir, { recursive: true, force: true });
  });

  it('appends each operation run while tailing exactly once', async () => {
    const channel = await tail(shared);
    const markers = [await markedQuery('shop', 'customers'), await markedQuery('shop', 'orders'), await markedQuery('shop', 'customers')];
    for (const marker of markers) await lineAppears(channel, (line) => line.text.includes(marker), `the query ${marker}`);
    // Once a later query shows, the polls after the first ones have run: none may repeat a line.
    const later = await markedQuery('shop', 'orders');
    await lineAppears(channel, (line) => line.text.includes(later), 'a later query');
    for (const marker of [...markers, later])
      assert.equal(occurrences(channel, marker), 1, `${marker} appeared ${occurrences(channel, marker)} times`);
  });

  it('says once that the service is unreachable, backs off, and resumes when it answers again', async () => {
    const channel = await tail(shared);
    await service.stop();
    const warning = await lineAppears(
      channel,
      (line) => line.level === 'warn' && line.text.startsWith('Service unreachable'),
      'the back-off message',
    );
    assert.match(warning.text, /retrying in \d+(\.\d+)? s/);
    service = await startServiceInChild(options);
    await lineAppears(channel, (line) => /tailing resumed/.test(line.text), 'tailing to resume');
    assert.equal(transcriptOf(channel).filter((line) => line.level === 'warn').length, 1, 'the outage was reported more than once');
    // The restarted service's log starts afresh; what runs now still shows, once.
    const marker = await markedQuery('shop', 'customers');
    await lineAppears(channel, (line) => line.text.includes(marker), 'a query after the restart');
    const later = await markedQuery('shop', 'orders');
    await lineAppears(channel, (line) => line.text.includes(later), 'a later query after the restart');
    assert.equal(occurrences(channel, marker), 1);
  });

  it('tails several deployments at once, naming the member when a deployment has several', async () => {
    const sharedChannel = await tail(shared);
    const setChannel = await tail(replicaSet);
    const [inShop, inMetrics] = [await markedQuery('shop', 'orders'), await markedQuery('metrics', 'events')];
    await lineAppears(sharedChannel, (line) => line.text.includes(inShop), 'the shop query');
    const metricsLine = await lineAppears(setChannel, (line) => line.text.includes(inMetrics), 'the metrics query');
    assert.match(metricsLine.text, /^\[[^\]]+\] /, 'a replica set member’s line is not prefixed with its member');
    assert.equal(occurrences(sharedChannel, inMetrics), 0, 'a deployment showed another one’s log');
    assert.ok(isTailing({ deployment: shared }) && isTailing({ deployment: replicaSet }), 'a tail stopped');
  });

  it('offers Stop Tailing on a deployment only while it is tailed, and Tail Logs only while it is not', async () => {
    await runScripted(new FakePrompts(), 'dbhost.stopTailing', { accountId, deployment: replicaSet });
    const deployment = await nodeAt(accountId, 'Deployments', replicaSet);
    const logs = await nodeAt(accountId, 'Deployments', replicaSet, 'Logs');
    const menu = () =>
      Promise.all([deployment, logs].map(async (node) => treeMenuCommands(extension, (await treeItemOf(node)).contextValue ?? '')));

    for (const commands of await menu()) {
      assert.ok(commands.has('dbhost.tailLogs') && commands.has('dbhost.showLogs'));
      assert.ok(!commands.has('dbhost.stopTailing'), 'Stop Tailing is offered on a deployment not tailed');
    }
    await tail(replicaSet);
    for (const commands of await menu()) {
      assert.ok(commands.has('dbhost.stopTailing') && commands.has('dbhost.showLogs'));
      assert.ok(!commands.has('dbhost.tailLogs'), 'Tail Logs is offered on a deployment being tailed');
    }
    const [deploymentMenu] = await menu();
    assert.ok(deploymentMenu?.has('dbhost.showDeploymentDetails') && deploymentMenu.has('dbhost.copyName'));

    await stopTailing({ accountId, deployment: replicaSet });
    for (const commands of await menu()) assert.ok(commands.has('dbhost.tailLogs') && !commands.has('dbhost.stopTailing'));
  });

  it('stops on Stop Tailing, and on removing the account', async () => {
    const setChannel = await tail(replicaSet);
    const sharedChannel = await tail(shared);
    await vscode.commands.executeCommand('dbhost.stopTailing', { accountId, deployment: replicaSet });
    assert.equal(isTailing({ deployment: replicaSet }), false, 'the status bar still shows the stopped tail');
    assert.ok(transcriptOf(setChannel).some((line) => line.text.startsWith('Stopped tailing')));
    assert.equal(isTailing({ deployment: shared }), true, 'Stop Tailing stopped another deployment’s tail');

    await removeAccount(accountId);
    await lineAppears(sharedChannel, (line) => /^Stopped tailing: the account was removed/.test(line.text), 'the tail to stop');
    assert.equal(isTailing({ deployment: shared }), false, 'the status bar still shows the tail of a removed account');
    ({ accountId, client } = await addAccount('Log tests', service));
  });

  it('Show Logs opens a read-only snapshot of the log', async () => {
    const marker = await markedQuery('shop', 'customers');
    await vscode.commands.executeCommand('dbhost.showLogs', { accountId, deployment: shared });
    const document = vscode.window.activeTextEditor?.document;
    assert.ok(document?.uri.scheme === 'dbhost-log', 'the snapshot is not shown');
    assert.ok(document.getText().includes(marker), 'the snapshot lacks a query run just before it');
    const uri = document.uri;
    // A content-provider document cannot be saved back: editing it is refused by the editor.
    assert.equal(await vscode.workspace.fs.isWritableFileSystem(uri.scheme), undefined);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
