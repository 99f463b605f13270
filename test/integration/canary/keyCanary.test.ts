import * as assert from 'node:assert/strict';
import { accountsAddedBy, isShown, removeAccount, serviceClient, setGuardrails } from '../support/accounts';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Account } from '../../../src/extension/kit/accounts/account';
import type { ExplorerNode } from '../../../src/extension/kit/tree/explorerNode';
import { accountNode, childrenOf, nodeAt } from '../explorer/explorerFixtures';
import { AI_ACTIVITY_LOG, logFileLines, extensionHostLogs } from '../support/logFile';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import type { FakeAnswer } from '../support/fakePrompts';
import { FakePrompts } from '../support/fakePrompts';
import { filesUnder } from '../support/filesUnder';
import { confirmationOf, invokeTool, prepareTool } from '../aiTools/aiToolsFixtures';
import type { ChildService } from '../../support/testService';
import { startServiceInChild } from '../../support/testService';
import { installedServiceScript } from '../support/product';
import { productState, productStates, stateWritesOfTheRun } from '../support/productStorage';

describe('The API key never leaks (canary key)', function () {
  this.timeout(60_000);
  const canary = `canary${randomBytes(12).toString('hex')}`;
  let service: ChildService;
  let account: Account;
  const allPrompts: FakePrompts[] = [];
  /** What the AI tools answered and confirmed for the canary account. */
  const aiShown: string[] = [];

  /** Runs a command as a person answering `answers` would, keeping everything it showed. */
  async function run(command: string, answers: FakeAnswer[], ...args: unknown[]): Promise<void> {
    const prompts = new FakePrompts(answers);
    allPrompts.push(prompts);
    await runScripted(prompts, command, ...args);
  }

  before(async () => {
    await activateExtension();
    service = await startServiceInChild({ script: installedServiceScript(), empty: true, apiKeys: [canary] });
    // Everything a user does with an account, its failures included, with the canary as the key.
    const { added } = await accountsAddedBy(() =>
      run('dbhost.addAccount', [{ input: service.url }, { input: 'Canary' }, { input: canary }]),
    );
    assert.ok(added[0], 'the canary account was not added');
    account = added[0];
    const client = serviceClient({ url: service.url, apiKey: canary });
    await client.createDatabase('canarydb', 'sandbox');
    await client.createCollection('canarydb', 'things');
    await client.createDocument('canarydb', 'things', { name: 'one' }, { safe: true });
    await childrenOf(await nodeAt(account.id, 'Databases', 'canarydb', 'things', 'Documents'));
    await childrenOf(await nodeAt(account.id, 'Deployments'));
    await run('dbhost.createDatabase', [{ pick: /sandbox/i }, { input: 'bad/name' }], { accountId: account.id });
    await run('dbhost.deleteDatabase', [{ confirm: true }, { input: 'nope' }], { accountId: account.id, db: 'canarydb' });
    await run('dbhost.showDatabaseInfo', [], { accountId: account.id, db: 'missing' });
    await run('dbhost.changeApiKey', [{ input: `${canary}x` }, { confirm: true }], { accountId: account.id });
    await childrenOf(await nodeAt(account.id, 'Invoices'));
    await run('dbhost.changeApiKey', [{ input: canary }], { accountId: account.id });
    await vscode.commands.executeCommand('dbhost.refreshNode', await accountNode(account.id));
    await childrenOf(await nodeAt(account.id, 'Databases'));
    await useAiTools();
  });

  /** The AI tools with the canary account: answers, a failure, a Confirm-writes confirmation and a Read-only refusal. */
  async function useAiTools(): Promise<void> {
    const things = { account: 'Canary', database: 'canarydb', collection: 'things' };
    aiShown.push(
      await invokeTool('dbhost_find', things),
      await invokeTool('dbhost_listCollections', { account: 'Canary', database: 'missing' }),
    );
    await setGuardrails(account.id, { mode: 'confirm', tag: 'canary' });
    const confirmation = confirmationOf(
      await prepareTool('dbhost_updateMatching', { ...things, filter: {}, update: { $set: { seen: true } } }),
    );
    assert.ok(confirmation, 'no confirmation was prepared: the check would prove little');
    aiShown.push(confirmation.title, confirmation.message);
    await setGuardrails(account.id, { mode: 'readOnly' });
    aiShown.push(await invokeTool('dbhost_insertDocument', { ...things, document: { a: 1 } }));
    await setGuardrails(account.id, { mode: 'normal', tag: undefined });
  }

  after(async () => {
    if (account && (await isShown(account.id))) await removeAccount(account.id);
    await service?.stop();
  });

  it('is in no global or workspace state value, nor was it ever written to one', () => {
    assert.ok(productState('global').keys().includes('dbhost.accounts'), 'the accounts are not in global state: nothing was checked');
    for (const state of productStates()) {
      for (const key of state.keys())
        assert.ok(!JSON.stringify(state.get(key) ?? null).includes(canary), `the key is in a state under ${key}`);
    }
    const written = stateWritesOfTheRun();
    assert.ok(
      written.some((write) => write.startsWith('dbhost.accounts ') && write.includes('"Canary"')),
      'the canary account was never written to state: nothing was checked',
    );
    for (const write of written) assert.ok(!write.includes(canary), `the key was written to a state: ${write.split(canary).join('<KEY>')}`);
  });

  it('is in no setting', () => {
    const settings = vscode.workspace.getConfiguration('dbhost');
    assert.ok(!JSON.stringify(settings).includes(canary));
    for (const name of ['pageSize', 'requestTimeoutSeconds']) assert.ok(!JSON.stringify(settings.inspect(name)).includes(canary));
  });

  it('is in nothing the user was shown, errors included', () => {
    const shown = allPrompts.flatMap((prompts) => prompts.shown);
    assert.ok(
      allPrompts.some((prompts) => prompts.errors.length > 0),
      'no failure was provoked: the check would prove little',
    );
    for (const text of shown) assert.ok(!text.includes(canary), `the key was shown: ${text.split(canary).join('<KEY>')}`);
  });

  it('is in no AI tool answer, confirmation or AI activity log line', async () => {
    assert.ok(
      aiShown.some((text) => text.startsWith('Error:')),
      'the tools were not used: the check would prove little',
    );
    const ours = (lines: string[]) => lines.filter((line) => line.includes('account "Canary"'));
    const log = ours(
      await logFileLines(AI_ACTIVITY_LOG, (lines) => ours(lines).length >= 3, "the Canary account's tool calls in the AI activity log"),
    );
    for (const text of [...aiShown, ...log]) assert.ok(!text.includes(canary), `the key is in: ${text.split(canary).join('<KEY>')}`);
  });

  it('is in no tree item', async () => {
    const texts: string[] = [];
    const walk = async (node: ExplorerNode | undefined) => {
      for (const childNode of await childrenOf(node)) {
        const item = childNode.treeItem();
        texts.push(
          JSON.stringify({ label: item.label, description: item.description, tooltip: item.tooltip, id: item.id, command: item.command }),
        );
        if (childNode.loadedChildren?.()) await walk(childNode);
      }
    };
    await walk(await accountNode(account.id));
    assert.ok(texts.length > 3);
    for (const text of texts) assert.ok(!text.includes(canary), `a tree item holds the key: ${text.split(canary).join('<KEY>')}`);
  });

  it('is in no log line of the extension host', async () => {
    const exthostLogs = extensionHostLogs();
    const ours = () => filesUnder(exthostLogs).filter((file) => fs.readFileSync(file, 'utf8').includes('Added the account "Canary"'));
    // The log reaches its file a moment after it is written: look until it is there.
    for (let attempt = 0; attempt < 100 && ours().length === 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
    const files = filesUnder(exthostLogs);
    assert.ok(
      ours().length > 0,
      `the DB Host log was not found under ${exthostLogs}: ${files.map((f) => path.relative(exthostLogs, f)).join(', ')}`,
    );
    for (const file of files) assert.ok(!fs.readFileSync(file, 'utf8').includes(canary), `the key is in the log ${file}`);
  });
});
