import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { TailTarget } from '../support/logTranscript';
import { lineAppears, stopTailing, tailLogs, transcriptOf } from '../support/logTranscript';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { readTestConfig } from '../support/test-config';

const INITIAL_LINES = 5;
/** The server's own timestamp, as mongod 2.x printed it: `Thu Jun 14 09:12:33.123`. */
const SERVER_TIMESTAMP = /\w{3} \w{3} \d\d \d\d:\d\d:\d\d\.\d{3}/g;

describe('First hour: Tail Logs starts from the last lines, one timestamp each', function () {
  this.timeout(60_000);
  let accountId: string;
  let client: DbHostApi;
  let tailed: TailTarget | undefined;

  before(async () => {
    await activateExtension();
    ({ accountId, client } = await addAccount('Log start tests', readTestConfig().services.demo));
    const dbhost = vscode.workspace.getConfiguration('dbhost');
    await dbhost.update('logs.pollInterval', 0.25, vscode.ConfigurationTarget.Global);
    await dbhost.update('logs.initialLines', INITIAL_LINES, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    if (tailed) await stopTailing(tailed);
    if (accountId) await removeAccount(accountId);
  });

  it("shows only the last lines of a long log, says how many it left out, and then every new line with the server's timestamp alone", async () => {
    assert.equal(vscode.workspace.getConfiguration('dbhost').inspect('logs.initialLines')?.defaultValue, 50);
    const deployment = (await client.listDeployments()).find(
      (record) =>
        Array.isArray(record.databases) &&
        record.databases.includes('shop') &&
        Array.isArray(record.members) &&
        record.members.length === 1,
    );
    assert.ok(deployment, 'the demo data has no single-member deployment holding shop');
    const markers = Array.from({ length: 3 * INITIAL_LINES }, () => `start-${randomUUID()}`);
    for (const marker of markers) await client.listDocuments('shop', 'orders', { q: { marker }, limit: 1 });

    tailed = { accountId, deployment: deployment.name };
    const channel = await tailLogs(tailed);
    const skipped = await lineAppears(
      channel,
      (line) => line.text.startsWith(`Showing the last ${INITIAL_LINES} lines`),
      'the note on the lines left out',
    );
    assert.match(skipped.text, /\d+ earlier lines? not shown \(Show Logs has them all\)\.$/);
    await lineAppears(channel, (line) => line.text.includes(markers[markers.length - 1]), 'the last query before tailing');
    const logLines = () => transcriptOf(channel).filter((line) => line.level === 'log');
    assert.equal(logLines().length, INITIAL_LINES);
    assert.ok(!logLines().some((line) => line.text.includes(markers[0])), 'a line older than the last ones was shown');

    const later = `later-${randomUUID()}`;
    await client.listDocuments('shop', 'orders', { q: { later }, limit: 1 });
    const laterLine = await lineAppears(channel, (line) => line.text.includes(later), 'a query made while tailing');
    for (const line of [...logLines(), laterLine]) {
      assert.equal(line.shown, line.text, 'a server line is shown with something in front of it');
      assert.equal(line.shown.match(SERVER_TIMESTAMP)?.length, 1, `not one timestamp: ${line.shown}`);
    }
    for (const notice of transcriptOf(channel).filter((line) => line.level !== 'log')) {
      assert.match(notice.shown, /^\d\d:\d\d:\d\d DB Host: /, `a line of the extension's own without its one timestamp: ${notice.shown}`);
    }
  });
});
