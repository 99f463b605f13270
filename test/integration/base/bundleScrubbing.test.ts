import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { FaultProxy } from '../../support/faultProxy';
import { childrenOf, labelOf, nodeAt } from '../explorer/explorerFixtures';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { addAccount, removeAccount, shownAccounts } from '../support/accounts';
import { FakePrompts } from '../support/fakePrompts';
import { PlaygroundFolder, lensesOf, resultsBeside } from '../support/playgrounds';
import { readTestConfig } from '../support/test-config';
import { answerPrompts } from '../support/windowPrompts';

const db = 'shop';
const col = `scrub_${process.pid}`;
const label = 'Bundle scrubbing';
/** Another account's key: the client of the failing account does not know it; only the window's known keys do. */
const otherKey = 'other-account-key-5c1e9d77';

/**
 * Each lazily loaded bundle (dist/transfer.js, playgroundKnowledge.js, originalFeatures.js) words failures of its own.
 * The service behind a proxy answers a 500 whose message quotes another account's key: what the bundle shows
 * must be scrubbed of it as the main bundle's messages are, not only of `_apikey=` values.
 */
describe('Lazy bundles scrub every key the window knows from what they show', function () {
  this.timeout(60_000);
  let proxy: FaultProxy;
  let accountId: string;
  let direct: DbHostApi;
  let folder: string;
  let playgrounds: PlaygroundFolder;

  const fail = () => proxy.setMode({ kind: 'status', status: 500, message: `the upstream refused the key ${otherKey}` });
  const assertScrubbed = (texts: readonly string[]) => {
    assert.ok(texts.length > 0, 'the failure was not shown');
    for (const text of texts) {
      assert.ok(!text.includes(otherKey), `shown unscrubbed: ${text}`);
      assert.match(text, /\[redacted\]/);
    }
  };

  before(async () => {
    await activateExtension();
    const demo = readTestConfig().services.demo;
    ({ client: direct } = await addAccount(`${label} direct`, demo));
    await direct.createCollection(db, col);
    await direct.createDocument(db, col, { _id: 'one', n: 1 }, { safe: true });
    proxy = await FaultProxy.start(demo.url);
    ({ accountId } = await addAccount(label, { url: proxy.url, apiKey: demo.apiKey }));
    await addAccount(`${label} other`, { url: demo.url, apiKey: otherKey });
    folder = mkdtempSync(join(tmpdir(), 'dbhost-scrub-'));
    playgrounds = PlaygroundFolder.create('scrub');
  });

  afterEach(() => proxy.setMode({ kind: 'pass' }));

  after(async () => {
    await direct?.deleteCollection(db, col).catch(() => undefined);
    for (const account of await shownAccounts()) if (account.label.startsWith(label)) await removeAccount(account.id);
    await proxy?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
    playgrounds?.remove();
  });

  it('dist/transfer.js: an import the service stops', async () => {
    const file = join(folder, 'two.ndjson');
    writeFileSync(file, '{"n": 1}\n{"n": 2}\n');
    fail();
    const run = await runScripted([{ file }, { confirm: true }], 'dbhost.importDocuments', { accountId, db, col });
    assert.match(run.prompts.errors.join('\n'), /^Import of two\.ndjson into .* stopped: /);
    assertScrubbed(run.prompts.errors);
  });

  it('dist/playgroundKnowledge.js: a failed query of Run All', async () => {
    const document = await playgrounds.open(
      'scrub.query.json',
      `[\n  {"account": "${label}", "database": "${db}", "collection": "${col}"},\n  {"account": "${label}", "database": "${db}", "collection": "${col}", "limit": 1}\n]\n`,
    );
    const runAll = (await lensesOf(document.uri)).find((lens) => lens.command?.command === 'dbhost.runAllPlaygroundQueries');
    fail();
    answerPrompts(new FakePrompts());
    await vscode.commands.executeCommand('dbhost.runAllPlaygroundQueries', ...(runAll?.command?.arguments ?? []));
    const text = resultsBeside(document.uri, 'all results').getText();
    const failures = text.split('\n').filter((line) => line.startsWith('  // Failed: '));
    assert.equal(failures.length, 2, text);
    assertScrubbed(failures);
    assert.ok(!text.includes(otherKey), 'the key is in the results');
  });

  it('dist/originalFeatures.js: the Users item of a database the service fails to list', async () => {
    const users = await nodeAt(accountId, 'Databases', db, 'Users');
    fail();
    // The error item's label says what failed; the cause is beside it and in its tooltip (issue 26).
    const shown = (await childrenOf(users)).map((node) => {
      const item = node.treeItem();
      const tooltip = typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
      return `${labelOf(item)} ${String(item.description ?? '')} ${tooltip}`;
    });
    assertScrubbed(shown);
  });
});
