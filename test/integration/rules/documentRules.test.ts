import * as assert from 'node:assert/strict';
import { addAccount, removeAccount, serviceClient } from '../support/accounts';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { RecordingProxy } from '../support/recordingProxy';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import { discard, replaceFirst } from '../support/textEditing';
import { waitFor } from '../support/waitFor';
import type { ChildService } from '../../support/testService';
import { startServiceInChild } from '../../support/testService';
import { installedServiceScript } from '../support/product';
import { answerPrompts } from '../support/windowPrompts';
import { documentOpenedBy } from '../support/editors';

const db = 'rulesdocs';
const col = 'priced';
const PRICE_RULES = {
  $jsonSchema: {
    bsonType: 'object',
    required: ['name'],
    properties: { name: { bsonType: 'string' }, price: { bsonType: 'number', minimum: 0 } },
  },
};

describe('Collection rules while a document is edited', function () {
  this.timeout(120_000);
  let service: ChildService;
  let proxy: RecordingProxy;
  let other: DbHostApi;
  let accountId: string;

  const rulesProblems = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((problem) => problem.source === 'dbhost rules');

  async function openLamp(): Promise<vscode.TextDocument> {
    const uri = await documentOpenedBy('dbhost.openDocument', { accountId, db, col, docId: 'lamp' });
    return vscode.workspace.openTextDocument(uri);
  }

  before(async () => {
    await activateExtension();
    service = await startServiceInChild({ script: installedServiceScript(), empty: true });
    proxy = new RecordingProxy(service.url);
    await proxy.start();
    other = serviceClient(service);
    await other.createDatabase(db, 'sandbox');
    await other.createCollection(db, col);
    await other.createDocument(db, col, { _id: 'lamp', name: 'Lamp', price: 12 }, { safe: true });
    await other.setCollectionRules(db, col, { validator: PRICE_RULES });
    accountId = (await addAccount('Rules documents', { url: proxy.url, apiKey: service.apiKey })).accountId;
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (accountId) await removeAccount(accountId);
    await proxy?.stop();
    await service?.stop();
  });

  it('shows a violation at its field, cause first, as the user types; the quick fix converts "12" to 12 and the problem clears', async () => {
    const document = await openLamp();
    assert.deepEqual(rulesProblems(document.uri), []);
    await replaceFirst(document, '"price": 12', '"price": "12"');
    const [problem] = await waitFor(() => rulesProblems(document.uri).length === 1 && rulesProblems(document.uri), {
      what: 'the price violation',
    });
    assert.equal(problem.message, 'price: must be a number (found a string "12") (rule: properties.price.bsonType)');
    assert.equal(document.getText(problem.range), '"12"');
    assert.equal(problem.severity, vscode.DiagnosticSeverity.Error);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      problem.range,
    );
    const convert = actions.find((action) => action.title === 'Convert "12" to 12');
    assert.ok(convert?.edit, `no conversion among ${JSON.stringify(actions.map((action) => action.title))}`);
    assert.ok(await vscode.workspace.applyEdit(convert.edit));
    assert.match(document.getText(), /"price": 12\b/);
    await waitFor(() => rulesProblems(document.uri).length === 0, { what: 'the problem to clear' });
    await replaceFirst(document, '"name": "Lamp",', '');
    const [missing] = await waitFor(() => rulesProblems(document.uri).length === 1 && rulesProblems(document.uri), {
      what: 'name missing',
    });
    assert.match(missing.message, /^name: is required/);
    const added = (
      await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, missing.range)
    ).find((action) => action.title === 'Add "name": ""');
    assert.ok(added?.edit);
    assert.ok(await vscode.workspace.applyEdit(added.edit));
    await waitFor(() => rulesProblems(document.uri).length === 0, { what: 'the added field to clear the problem' });
    await discard(document);
  });

  it('refuses a save that strict, refusing rules would refuse, before sending anything, with one message; the edit stays', async () => {
    const document = await openLamp();
    await replaceFirst(document, '"price": 12', '"price": -3');
    proxy.requests.length = 0;
    const { prompts } = await runScripted(new FakePrompts([]), 'dbhost.saveDocument', document.uri);
    assert.equal(prompts.errors.length, 1, JSON.stringify(prompts.errors));
    assert.match(prompts.errors[0], /^Not saved: price: must be a number ≥ 0 \(found -3\), which the rules of rulesdocs\.priced refuse/);
    assert.equal(await document.save(), false, 'VS Code saved it');
    assert.equal(document.isDirty, true);
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))),
      /Not saved: price: must be/,
    );
    assert.deepEqual(proxy.writes(), []);
    assert.equal((await other.getDocument(db, col, 'lamp')).document.price, 12);
    await discard(document);
  });

  it('saves under rules that warn and says so once', async () => {
    await other.setCollectionRules(db, col, { validationAction: 'warn' });
    const document = await openLamp();
    await replaceFirst(document, '"price": 12', '"price": -3');
    await waitFor(() => rulesProblems(document.uri).some((problem) => problem.severity === vscode.DiagnosticSeverity.Warning), {
      what: 'the warning',
    });
    const prompts = new FakePrompts([]);
    answerPrompts(prompts);
    try {
      assert.equal(await document.save(), true);
      await waitFor(() => prompts.warnings.length > 0, { what: 'the warning after the save' });
      assert.deepEqual(prompts.warnings, [
        'Saved with 1 rule warning(s): price: must be a number ≥ 0 (found -3). The rules of rulesdocs.priced warn rather than refuse.',
      ]);
    } finally {
      answerPrompts(undefined);
    }
    assert.equal(String((await other.getDocument(db, col, 'lamp')).document.price), '-3');
    await discard(document);
  });
});
