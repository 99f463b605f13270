import * as assert from 'node:assert/strict';
import { addAccount, removeAccount, serviceClient } from '../support/accounts';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { ExplorerNode } from '../../../src/extension/kit/tree/explorerNode';
import type { FaultMode } from '../../support/faultProxy';
import { FaultProxy } from '../../support/faultProxy';
import { childLabels, childrenOf, labelOf, nodeAt, refreshNode } from '../explorer/explorerFixtures';
import { activateExtension } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import { SHORT_TIMEOUT_SECONDS, assertOneClearLine, setRequestTimeout } from './faultFixtures';
import type { ChildService } from '../../support/testService';
import { startServiceInChild } from '../../support/testService';
import { installedServiceScript } from '../support/product';
import { answerPrompts } from '../support/windowPrompts';

const db = 'faulttree';
const col = 'things';

interface LoadFault {
  name: string;
  mode: FaultMode;
  /** GETs one load sends: retried on a network failure or a 502/503/504, at most three in all. */
  gets: number;
  reason: RegExp;
}

const faults: LoadFault[] = [
  {
    name: 'a 500',
    mode: { kind: 'status', status: 500, message: 'disk on fire' },
    gets: 1,
    reason: /GET \/databases failed: 500 disk on fire/,
  },
  { name: 'a 503', mode: { kind: 'status', status: 503 }, gets: 3, reason: /GET \/databases failed: 503/ },
  { name: 'reset connections', mode: { kind: 'reset' }, gets: 3, reason: /Could not reach the service/ },
  { name: 'truncated answers', mode: { kind: 'truncated' }, gets: 3, reason: /Could not reach the service/ },
  { name: 'an answer that is not JSON', mode: { kind: 'invalid-json' }, gets: 1, reason: /not valid JSON/ },
  {
    name: 'latency beyond the timeout',
    mode: { kind: 'latency', ms: 60_000 },
    gets: 1,
    reason: new RegExp(`timed out after ${SHORT_TIMEOUT_SECONDS} s`),
  },
  {
    name: 'an answer that never finishes',
    mode: { kind: 'never-finish' },
    gets: 1,
    reason: new RegExp(`timed out after ${SHORT_TIMEOUT_SECONDS} s`),
  },
];

const isTimeout = (mode: FaultMode) => mode.kind === 'latency' || mode.kind === 'never-finish';

describe('Faults: loading the explorer tree', function () {
  this.timeout(30_000);
  let service: ChildService;
  let proxy: FaultProxy;
  let accountId: string;
  let direct: DbHostApi;
  const prompts = new FakePrompts();

  before(async () => {
    await activateExtension();
    service = await startServiceInChild({ script: installedServiceScript(), empty: true });
    proxy = await FaultProxy.start(service.url);
    direct = serviceClient(service);
    await direct.createDatabase(db, 'sandbox');
    await direct.createCollection(db, col);
    await direct.createDocument(db, col, { _id: 'one', n: 1 }, { safe: true });
    accountId = (await addAccount('Tree fault tests', { url: proxy.url, apiKey: service.apiKey })).accountId;
  });

  // One set of prompts for the whole suite: what it showed in every test is checked for the key.
  beforeEach(() => answerPrompts(prompts));

  after(async () => {
    if (accountId) await removeAccount(accountId);
    await proxy?.close();
    await service?.stop();
  });

  /** Loads the node's children again, as its Refresh does, while the proxy applies `mode` to every request. */
  async function loadUnder(node: ExplorerNode, mode: FaultMode): Promise<ExplorerNode[]> {
    await refreshNode(node);
    proxy.reset();
    proxy.setMode(mode);
    return childrenOf(node);
  }

  for (const fault of faults) {
    it(`shows ${fault.name} as one error item, after ${fault.gets} GET${fault.gets > 1 ? 's' : ''}, and its retry loads the list once the fault is gone`, async () => {
      await setRequestTimeout(isTimeout(fault.mode) ? SHORT_TIMEOUT_SECONDS : undefined);
      const databases = await nodeAt(accountId, 'Databases');
      const shownBefore = prompts.shown.length;

      const children = await loadUnder(databases, fault.mode);
      assert.equal(children.length, 1, `expected one error item, got ${children.map((c) => labelOf(c.treeItem())).join(' | ')}`);
      const item = children[0].treeItem();
      assert.equal(item.contextValue, 'dbhost.error');
      // The label says what failed; the cause, in a few words, is beside it and whole in the tooltip.
      assert.equal(labelOf(item), 'Could not load databases');
      const description = String(item.description);
      assertOneClearLine(description, service.apiKey);
      assert.match(description, / · Retry$/);
      assert.ok(description.length <= 90, `a description too long to read beside the label: ${description}`);
      assert.match(String(item.tooltip), fault.reason);
      assert.ok(!String(item.tooltip).includes(service.apiKey));
      assert.equal(proxy.count('GET'), fault.gets);
      assert.equal(proxy.count(), fault.gets, 'a load sent something other than GETs');
      assert.deepEqual(prompts.shown.slice(shownBefore), [], 'a failed load also popped up a notification');

      // The error item stays the list's one answer until the user retries: looking again sends nothing.
      assert.equal((await childrenOf(databases))[0], children[0]);
      assert.equal(proxy.count(), fault.gets);

      proxy.reset();
      await vscode.commands.executeCommand('dbhost.refreshNode', children[0]);
      assert.deepEqual(await childLabels(databases), [db]);
      assert.equal(proxy.count('GET'), 1);
      assert.deepEqual(prompts.shown.slice(shownBefore), []);
    });
  }

  it('shows a failing documents list as one error item inside the collection, and retries it alone', async () => {
    await setRequestTimeout(undefined);
    const documents = await nodeAt(accountId, 'Databases', db, col, 'Documents');
    const shownBefore = prompts.shown.length;
    const children = await loadUnder(documents, { kind: 'status', status: 502 });
    assert.equal(children.length, 1);
    assert.equal(children[0].treeItem().contextValue, 'dbhost.error');
    assert.equal(labelOf(children[0].treeItem()), 'Could not load documents');
    assert.match(String(children[0].treeItem().description), /^HTTP 502.* · Retry$/);
    assert.ok(proxy.count('GET') <= 3, `one load sent ${proxy.count('GET')} GETs`);

    proxy.reset();
    await vscode.commands.executeCommand('dbhost.refreshNode', children[0]);
    const labels = await childLabels(documents);
    assert.equal(labels.length, 1, labels.join(' | '));
    assert.match(labels[0], /one/);
    assert.deepEqual(prompts.shown.slice(shownBefore), []);
  });
});
