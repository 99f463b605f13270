import * as assert from 'node:assert/strict';
import { accountsAddedBy, addAccount, isShown, removeAccount, serviceClient, shownAccount, shownAccounts } from '../support/accounts';
import type { DbHostApi } from '../../../src/core/api/types';
import type { Account } from '../../../src/extension/kit/accounts/account';
import { accountNode, childLabels, labelOf, treeItemOf } from '../explorer/explorerFixtures';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { freePort } from '../support/freePort';
import type { FakeAnswer } from '../support/fakePrompts';
import { FakePrompts } from '../support/fakePrompts';
import type { ChildService } from '../../support/testService';
import { startServiceInChild } from '../../support/testService';
import { installedServiceScript } from '../support/product';
import { productSecrets } from '../support/productStorage';

/** The key the product keeps for the account in its SecretStorage. */
const keptKey = (accountId: string) => productSecrets().get(`dbhost.apiKey.${accountId}`);

/** A client of the test's own to the account's service, with the key the product keeps for it. */
async function clientWithKeptKey(account: Account): Promise<DbHostApi> {
  const apiKey = await keptKey(account.id);
  assert.ok(apiKey, `no key is kept for the account ${account.label}`);
  return serviceClient({ url: account.baseUrl, apiKey });
}

describe('Account commands', function () {
  this.timeout(60_000);
  let service: ChildService;
  const added: string[] = [];

  /** A refused input is recorded and the person gives up, as a real user would. */
  const run = (command: string, answers: FakeAnswer[], ...args: unknown[]) => runScripted(new FakePrompts(answers), command, ...args);

  /** Adds an account with "Add Account" (saved anyway when its key cannot be checked), removed after the suite. */
  async function addOwn(label: string, url = service.url, apiKey = service.apiKey): Promise<Account> {
    const { accountId } = await addAccount(label, { url, apiKey });
    added.push(accountId);
    return shownAccount(accountId);
  }

  /** Start Local Service, as a person reads it: the account its notice names, as the DB Host view shows it. */
  async function startLocal(): Promise<Account> {
    const { prompts } = await run('dbhost.startLocalService', []);
    const said = prompts.infos.at(-1) ?? '';
    const [, url, label] = /runs at (\S+); its account is "(.+)"\.$/.exec(said) ?? [];
    assert.ok(url, `the local service did not start: ${[...prompts.errors, said].join(' | ')}`);
    const account = (await shownAccounts()).find((shown) => shown.baseUrl === url && shown.label === label);
    assert.ok(account, `the DB Host view shows no account "${label}" at ${url}`);
    return account;
  }

  /** Stop Local Service, failing when it says none was running. */
  async function stopLocal(): Promise<void> {
    const { prompts } = await run('dbhost.stopLocalService', []);
    assert.deepEqual([...prompts.errors, ...prompts.infos], [], 'Stop Local Service did not stop it');
  }

  before(async () => {
    await activateExtension();
    service = await startServiceInChild({ script: installedServiceScript(), empty: true });
  });

  after(async () => {
    const shown = new Set((await shownAccounts()).map((account) => account.id));
    for (const id of added) if (shown.has(id)) await removeAccount(id);
    await service?.stop();
  });

  it('adds an account after checking its key, keeping the key in secret storage only', async () => {
    const {
      added: [account],
      ran: { prompts },
    } = await accountsAddedBy(() => run('dbhost.addAccount', [{ input: service.url }, { input: 'Added' }, { input: service.apiKey }]));
    assert.ok(account, `no account added; errors: ${prompts.errors.join(' | ')}`);
    added.push(account.id);
    assert.equal(prompts.unanswered, 0);
    assert.equal(prompts.questions[2].password, true, 'the key was not asked for with a password box');
    assert.deepEqual(account, { id: account.id, label: 'Added', baseUrl: service.url });
    assert.equal(await keptKey(account.id), service.apiKey);
    assert.deepEqual(prompts.infos, ['Added "Added": 0 databases.']);
    assert.ok((await childLabels()).includes('Added'));
  });

  it('warns before saving an http address that is not loopback, and saves nothing when told no', async () => {
    const {
      added,
      ran: { prompts },
    } = await accountsAddedBy(() => run('dbhost.addAccount', [{ input: 'http://db.example.net' }, { confirm: false }]));
    assert.equal(prompts.questions[1].kind, 'confirm');
    assert.match(prompts.questions[1].text, /travel in clear/);
    assert.deepEqual(added, []);
    assert.deepEqual(prompts.errors, []);
  });

  it('says when a new key is refused (401), and keeps the old key when the user discards the new one', async () => {
    const account = await addOwn('Key change');
    const { prompts } = await run('dbhost.changeApiKey', [{ input: 'a-wrong-key' }, { confirm: false }], { accountId: account.id });
    assert.match(prompts.questions[1].text, /refused this key \(401/);
    assert.deepEqual(prompts.infos, [], 'a discarded key was said to be saved');
    assert.equal(await keptKey(account.id), service.apiKey);

    const kept = await run('dbhost.changeApiKey', [{ input: 'a-wrong-key' }, { confirm: true }], { accountId: account.id });
    assert.deepEqual(kept.prompts.infos, ['Saved the new key of "Key change".']);
    assert.equal(await keptKey(account.id), 'a-wrong-key');

    const fixed = await run('dbhost.changeApiKey', [{ input: service.apiKey }], { accountId: account.id });
    assert.equal(fixed.prompts.confirmations.length, 0, 'a working key was questioned');
    assert.deepEqual(fixed.prompts.infos, ['The new key of "Key change" works.']);
    assert.equal(await keptKey(account.id), service.apiKey);
  });

  it('says when the service cannot be reached to check a key', async () => {
    const account = await addOwn('Unreachable', `http://127.0.0.1:${await freePort()}`, 'old-key-1');
    const { prompts } = await run('dbhost.changeApiKey', [{ input: 'new-key-2' }, { confirm: false }], { accountId: account.id });
    assert.match(prompts.questions[1].text, /could not be reached/);
    assert.equal(await keptKey(account.id), 'old-key-1');
  });

  it('renames an account, in the tree too', async () => {
    const account = await addOwn('Before');
    await run('dbhost.renameAccount', [{ input: 'After' }], { accountId: account.id });
    assert.equal((await shownAccount(account.id)).label, 'After');
    assert.equal(labelOf(await treeItemOf((await accountNode(account.id))!)), 'After');
  });

  it('removes an account and its key only after a modal confirmation', async () => {
    const account = await addOwn('To remove');
    const kept = await run('dbhost.removeAccount', [{ confirm: false }], { accountId: account.id });
    assert.equal(kept.prompts.confirmations.length, 1);
    assert.ok(await isShown(account.id), 'the account is gone without a yes');
    assert.equal(await keptKey(account.id), service.apiKey, 'the key is gone without a yes');

    const removed = await run('dbhost.removeAccount', [{ confirm: true }], await accountNode(account.id));
    assert.deepEqual(removed.prompts.errors, []);
    assert.ok(!(await isShown(account.id)), 'the account is still shown');
    assert.equal(await keptKey(account.id), undefined);
    assert.ok(!(await childLabels()).includes('To remove'));
  });

  it('starts the local service as a "Local" account and stops it on command', async () => {
    const account = await startLocal();
    added.push(account.id);
    assert.equal(account.label, 'Local');
    assert.match(account.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    const client = await clientWithKeptKey(account);
    assert.ok((await client.listDatabases()).length > 0, 'the local service has no demo databases');
    assert.match(String((await treeItemOf((await accountNode(account.id))!)).description), /running here/);

    await stopLocal();
    await assert.rejects(client.listDatabases(), (error: Error) => /ECONNREFUSED|connect|reach/i.test(error.message));
  });

  it('stops the local service when its account is removed, and starting again brings back the same data', async () => {
    const first = await startLocal();
    added.push(first.id);
    const firstClient = await clientWithKeptKey(first);
    const marker = `kept${Date.now()}`;
    await firstClient.createDatabase(marker, 'sandbox');

    const removal = await run('dbhost.removeAccount', [{ confirm: true }], { accountId: first.id });
    assert.ok(!(await isShown(first.id)), 'the local account is still shown');
    assert.match(
      removal.prompts.confirmations[0].detail ?? '',
      /local service runs in this window, it stops\. Its data and key stay on this machine/,
    );

    const second = await startLocal();
    added.push(second.id);
    // The first process is gone, not left running beside the second.
    await assert.rejects(firstClient.listDatabases(), (error: Error) => /ECONNREFUSED|connect|reach/i.test(error.message));
    const secondClient = await clientWithKeptKey(second);
    assert.ok(
      (await secondClient.listDatabases()).some((database) => database.name === marker),
      'the data of the first run is not reachable',
    );
    await secondClient.deleteDatabase(marker);

    // Starting while it runs gives the same service, not a second one.
    assert.deepEqual(await startLocal(), second);
    await stopLocal();
  });
});
