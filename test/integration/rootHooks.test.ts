import { modeOf } from '../../src/core/guardrails/accountGuardrails';
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension } from './support/extensionUnderTest';
import { addAccount, removeAccount, setGuardrails, shownAccount } from './support/accounts';
import { FakePrompts } from './support/fakePrompts';
import { journey } from './support/journey';
import { readTestConfig } from './support/test-config';
import { waitFor } from './support/waitFor';
import { answerPrompts, personAnswers } from './support/windowPrompts';

// The root hooks (support/rootHooks.ts) are what lets every other suite leave things behind: these tests run in
// order on purpose, the later ones checking what the earlier ones left.
const openTabs = () => vscode.window.tabGroups.all.flatMap((group) => group.tabs);

describe('Test toolkit: what a test leaves behind is gone before the next', function () {
  let accountId: string;

  async function leaveEditorsOpen(): Promise<void> {
    const untitled = await vscode.workspace.openTextDocument({ content: 'unsaved text', language: 'json' });
    await vscode.window.showTextDocument(untitled);
    await vscode.commands.executeCommand('dbhost.showPlan', { accountId, plan: 'sandbox' });
    vscode.window.createWebviewPanel('dbhost.toolkitTest', 'Left open', vscode.ViewColumn.Beside, {});
    await waitFor(() => openTabs().some((tab) => tab.label === 'Left open'), {
      event: vscode.window.tabGroups.onDidChangeTabs,
      what: "the webview's tab",
    });
    assert.ok(untitled.isDirty);
    assert.equal(
      openTabs().length,
      3,
      `open: ${openTabs()
        .map((tab) => tab.label)
        .join(', ')}`,
    );
  }

  before(async () => {
    await activateExtension();
    ({ accountId } = await addAccount('Toolkit tests', readTestConfig().services.empty));
  });

  after(async () => {
    if (accountId) await removeAccount(accountId);
  });

  describe('a test', () => {
    it('leaves a dirty editor, a read-only document, a webview, its prompts, changed settings and a Read-only account behind', async () => {
      await leaveEditorsOpen();
      // Account Settings answers its own questions and puts the real prompts back: so before the test's prompts.
      await setGuardrails(accountId, { mode: 'readOnly', tag: 'production', color: 'charts.red' });
      answerPrompts(new FakePrompts());
      await vscode.workspace.getConfiguration('dbhost').update('pageSize', 7, vscode.ConfigurationTarget.Global);
      await vscode.workspace.getConfiguration('files').update('autoSaveDelay', 4321, vscode.ConfigurationTarget.Global);
      assert.ok(!personAnswers());
    });
  });

  describe('the next test', () => {
    it('finds no editor open, the real prompts, the settings as they were and the account in Normal mode', async () => {
      assert.deepEqual(
        openTabs().map((tab) => tab.label),
        [],
      );
      assert.ok(personAnswers(), 'fake prompts are still answering');
      assert.equal(vscode.workspace.getConfiguration('dbhost').inspect('pageSize')?.globalValue, undefined);
      assert.equal(vscode.workspace.getConfiguration('files').inspect('autoSaveDelay')?.globalValue, undefined);
      const account = await shownAccount(accountId);
      assert.deepEqual([modeOf(account), account.tag, account.color], ['normal', undefined, undefined]);
    });
  });

  describe('a journey', function () {
    journey(this);

    it('opens editors', async () => {
      await leaveEditorsOpen();
    });

    it('finds them still open in its next test', () => {
      assert.ok(
        openTabs().some((tab) => tab.label === 'Left open'),
        `open: ${openTabs()
          .map((tab) => tab.label)
          .join(', ')}`,
      );
    });
  });

  describe('after a journey', () => {
    it('finds its editors closed', () => {
      assert.deepEqual(
        openTabs().map((tab) => tab.label),
        [],
      );
    });
  });
});
