import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { newObjectId } from '../../../src/core/documents/objectId';
import type { JsonObject } from '../../../src/core/json/lossless';
import type { FaultMode } from '../../support/faultProxy';
import { FaultProxy } from '../../support/faultProxy';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount, serviceClient } from '../support/accounts';
import { FakePrompts } from '../support/fakePrompts';
import { discard, replaceFirst } from '../support/textEditing';
import { SHORT_TIMEOUT_SECONDS, assertNoKey, assertOneClearLine, setRequestTimeout } from './faultFixtures';
import type { ChildService } from '../../support/testService';
import { startServiceInChild } from '../../support/testService';
import { installedServiceScript } from '../support/product';
import { answerPrompts } from '../support/windowPrompts';
import { documentOpenedBy } from '../support/editors';

const db = 'faultsaves';
const col = 'people';

interface SaveFault {
  name: string;
  mode: FaultMode;
  /** Whether the PUT reaches the service before the fault hits its answer. */
  reachesService: boolean;
  /** What the message says went wrong. */
  reason: RegExp;
}

const faults: SaveFault[] = [
  {
    name: 'a 500',
    mode: { kind: 'status', status: 500, message: 'disk on fire' },
    reachesService: false,
    reason: /PUT \S+ failed: 500 disk on fire/,
  },
  { name: 'a 503', mode: { kind: 'status', status: 503 }, reachesService: false, reason: /PUT \S+ failed: 503/ },
  {
    name: 'a connection reset before the service sees the PUT',
    mode: { kind: 'reset' },
    reachesService: false,
    reason: /Could not reach the service/,
  },
  {
    name: 'a connection reset after the service did the PUT',
    mode: { kind: 'reset', afterForwarding: true },
    reachesService: true,
    reason: /Could not reach the service/,
  },
  { name: 'a truncated answer', mode: { kind: 'truncated' }, reachesService: true, reason: /Could not reach the service/ },
  { name: 'an answer that is not JSON', mode: { kind: 'invalid-json' }, reachesService: true, reason: /not valid JSON/ },
  {
    name: 'latency beyond the timeout',
    mode: { kind: 'latency', ms: 60_000 },
    reachesService: false,
    reason: new RegExp(`timed out after ${SHORT_TIMEOUT_SECONDS} s`),
  },
  {
    name: 'an answer that never finishes',
    mode: { kind: 'never-finish' },
    reachesService: true,
    reason: new RegExp(`timed out after ${SHORT_TIMEOUT_SECONDS} s`),
  },
];

/** The message VS Code shows when saving fails: what the document file system's write rejects with. */
async function saveFailure(document: vscode.TextDocument): Promise<string> {
  let message: string | undefined;
  await Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))).then(
    () => assert.fail('the write was reported as done'),
    (error: unknown) => (message = error instanceof Error ? error.message : String(error)),
  );
  return message ?? '';
}

describe('Faults: saving a document as a file', function () {
  this.timeout(30_000);
  let service: ChildService;
  let proxy: FaultProxy;
  let accountId: string;
  /** The service itself, not through the proxy. */
  let direct: DbHostApi;
  const prompts = new FakePrompts();

  async function storedCity(id: string): Promise<unknown> {
    const { document } = await direct.getDocument(db, col, { $oid: id });
    return (document.address as JsonObject).city;
  }

  before(async () => {
    await activateExtension();
    service = await startServiceInChild({ script: installedServiceScript(), empty: true });
    proxy = await FaultProxy.start(service.url);
    direct = serviceClient(service);
    await direct.createDatabase(db, 'sandbox');
    await direct.createCollection(db, col);
    const added = await addAccount('Save fault tests', { url: proxy.url, apiKey: service.apiKey });
    accountId = added.accountId;
    // The account's client exists before the setting changes: a changed timeout must apply to it too.
    await added.client.listDatabases();
    await setRequestTimeout(SHORT_TIMEOUT_SECONDS);
  });

  // One set of prompts for the whole suite: what it showed in every test is checked for the key.
  beforeEach(() => answerPrompts(prompts));

  after(async () => {
    if (accountId) await removeAccount(accountId);
    await proxy?.close();
    await service?.stop();
  });

  for (const fault of faults) {
    it(`keeps the edit through ${fault.name}: the save ends, fails, is sent once, and works once the fault is gone`, async () => {
      const id = newObjectId();
      await direct.createDocument(
        db,
        col,
        { _id: { $oid: id }, name: 'Ada', address: { city: 'London', zip: 'N1' }, n: 1 },
        { safe: true },
      );
      const uri = await documentOpenedBy('dbhost.openDocument', { accountId, db, col, docId: { $oid: id } });
      const document = await vscode.workspace.openTextDocument(uri);
      await replaceFirst(document, '"London"', '"Leeds"');
      const edited = document.getText();
      const shownBefore = prompts.shown.length;

      proxy.reset();
      proxy.setMode(fault.mode);
      assert.equal(await document.save(), false, 'the save was reported as done');
      assert.equal(document.isDirty, true);
      assert.equal(document.getText(), edited, "the editor lost the user's text");
      assert.ok(proxy.count('PUT') <= 1, `the save sent ${proxy.count('PUT')} PUTs`);
      // Where the fault hit the answer, the service did the write the save could not confirm: still reported as failed.
      assert.equal(await storedCity(id), fault.reachesService ? 'Leeds' : 'London');

      const message = await saveFailure(document);
      assertOneClearLine(message, service.apiKey);
      assert.match(message, new RegExp(`^Could not save the document ${id}: `));
      assert.match(message, fault.reason);
      assert.match(message, /Your edit is kept; save again to retry\.$/);
      assert.ok(proxy.count('PUT') <= 2, 'a PUT was sent again by the client');
      assert.ok(
        proxy.requests.every((request) => request.method === 'GET' || request.method === 'PUT'),
        proxy.requests.map((r) => r.method).join(' '),
      );
      // VS Code's save (File > Save) shows its own "Failed to save", holding the message above: the extension adds
      // none, which made two notifications for one failure (Ctrl+S sends the update itself and says it once).
      const shown = prompts.shown.slice(shownBefore);
      assert.deepEqual(shown, [], 'the extension said it beside VS Code');
      assert.equal(document.getText(), edited);

      proxy.reset();
      assert.equal(await document.save(), true, 'the save after the fault was gone failed');
      assert.equal(document.isDirty, false);
      assert.equal(proxy.count('PUT'), 1);
      assert.equal(await storedCity(id), 'Leeds');
      const { document: stored } = await direct.getDocument(db, col, { $oid: id });
      assert.equal(stored.name, 'Ada');
      assert.equal((stored.address as JsonObject).zip, 'N1');
      await discard(document);
    });
  }

  it('never shows the key in anything it said during the faults', () => {
    assertNoKey(prompts.shown, service.apiKey);
  });
});
