import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { accountsAddedBy, isShown } from '../support/accounts';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import { productSecrets, productStates, stateWritesOfTheRun } from '../support/productStorage';
import { readTestConfig } from '../support/test-config';

/** Every value VS Code keeps for the extension outside SecretStorage, as text. */
function everythingOutsideSecretStorage(): string {
  const states = productStates().flatMap((state) => state.keys().map((key) => [key, state.get(key)]));
  const settings = vscode.workspace.getConfiguration('dbhost');
  const settingValues = Object.keys(settings).map((key) => [key, settings.inspect(key)]);
  return JSON.stringify({ states, settingValues });
}

describe('Account keys', function () {
  this.timeout(60_000);
  const demo = readTestConfig().services.demo;

  before(async () => {
    await activateExtension();
  });

  it('are kept in SecretStorage only: added through the command, they are in no setting or state, and removal deletes them', async () => {
    const {
      added: [account],
      ran: { prompts },
    } = await accountsAddedBy(() =>
      runScripted(new FakePrompts([{ input: demo.url }, { input: 'Key storage' }, { input: demo.apiKey }]), 'dbhost.addAccount'),
    );
    assert.ok(account, `no account added: ${prompts.errors.join(' | ')}`);
    assert.equal(await productSecrets().get(`dbhost.apiKey.${account.id}`), demo.apiKey);
    const stored = everythingOutsideSecretStorage();
    assert.ok(stored.includes('Key storage'), 'the account itself was not saved in state');
    assert.ok(!stored.includes(demo.apiKey), 'the API key is in settings or state');
    assert.ok(!stateWritesOfTheRun().some((write) => write.includes(demo.apiKey)), 'the API key was written to a state');
    assert.ok(!prompts.shown.some((text) => text.includes(demo.apiKey)), 'the API key was shown to the user');

    await runScripted(new FakePrompts([{ confirm: true }]), 'dbhost.removeAccount', { accountId: account.id });
    assert.ok(!(await isShown(account.id)), 'the account is still shown');
    assert.equal(await productSecrets().get(`dbhost.apiKey.${account.id}`), undefined);
    assert.ok(!everythingOutsideSecretStorage().includes('Key storage'), 'the removed account is still in state');
  });
});
