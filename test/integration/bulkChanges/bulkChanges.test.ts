import * as assert from 'node:assert/strict';
import { setGuardrails } from '../support/accounts';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { JsonObject } from '../../../src/core/json/lossless';
import { LosslessNumber, stringifyLossless } from '../../../src/core/json/lossless';
import type { RecordingProxy } from '../support/recordingProxy';
import type { ProxiedAccount } from '../support/proxiedAccount';
import { addProxiedAccount } from '../support/proxiedAccount';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import { PlaygroundFolder, lensesOf, runLens } from '../support/playgrounds';
import { waitFor } from '../support/waitFor';
import { answerPrompts } from '../support/windowPrompts';

const db = 'bulktests';
const col = 'items';
const LABEL = 'Bulk changes';
const COUNT = 1_000;

/** Every document of the collection as the service sends it, in `_id` order. */
async function snapshot(client: DbHostApi): Promise<string[]> {
  const texts: string[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = await client.listDocuments(db, col, { sort: { _id: 1 }, skip, limit: 100 });
    texts.push(...page.documents.map((doc) => stringifyLossless(doc)));
    if (page.documents.length < 100) return texts;
  }
}

const previewDiffs = () =>
  vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .map((tab) => tab.input)
    .filter(
      (input): input is vscode.TabInputTextDiff => input instanceof vscode.TabInputTextDiff && input.original.scheme === 'dbhost-preview',
    );

/**
 * Fails when VS Code's JSON language service marks an error in one of `uris`. It first waits until that service has
 * marked the errors of a document in the shape the preview used to have (documents one after another), opened
 * after them, so that "no error" is its verdict on the preview and not a check made before it looked.
 */
async function noErrorsMarked(uris: vscode.Uri[]): Promise<void> {
  const documents = await Promise.all(uris.map((uri) => vscode.workspace.openTextDocument(uri)));
  for (const document of documents) assert.equal(document.languageId, 'jsonc', document.uri.toString());
  const control = await vscode.workspace.openTextDocument({ language: 'jsonc', content: '// one\n{ "a": 1 }\n// two\n{ "a": 2 }\n' });
  const errorsOf = (uri: vscode.Uri) =>
    vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.severity === vscode.DiagnosticSeverity.Error);
  await waitFor(() => errorsOf(control.uri).length > 0, {
    event: vscode.languages.onDidChangeDiagnostics,
    what: 'the JSON language service to mark the documents-one-after-another shape',
  });
  for (const document of documents)
    assert.deepEqual(
      errorsOf(document.uri).map((diagnostic) => `${diagnostic.range.start.line + 1}: ${diagnostic.message}`),
      [],
      `errors marked in ${document.uri.path}`,
    );
}

describe('Bulk changes: preview and undo', function () {
  this.timeout(180_000);
  let proxied: ProxiedAccount | undefined;
  let proxy: RecordingProxy;
  let accountId: string;
  /** A client that is not the extension's: fixtures, checks and the other client of the race. */
  let other: DbHostApi;
  let playgrounds: PlaygroundFolder;
  let original: string[];

  const updateLens = async (name: string, update: JsonObject) => {
    const document = await playgrounds.open(
      name,
      `{"account": "${LABEL}", "database": "${db}", "collection": "${col}", "update": ${stringifyLossless(update)}}\n`,
    );
    return (await lensesOf(document.uri)).find((lens) => lens.command?.command === 'dbhost.runPlaygroundQuery');
  };

  const undo = (answers = [{ confirm: true }]) => runScripted(answers, 'dbhost.undoLastChange', { accountId, db, col });

  before(async () => {
    await activateExtension();
    proxied = await addProxiedAccount({ label: LABEL, db, col });
    ({ proxy, accountId, other } = proxied);
    const ids = [...Array(COUNT).keys()];
    for (let start = 0; start < COUNT; start += 4)
      await Promise.all(
        ids.slice(start, start + 4).map((n) =>
          other.createDocument(db, col, {
            _id: `item-${String(n).padStart(4, '0')}`,
            n,
            big: new LosslessNumber('9007199254740993'),
            at: { $date: '2026-03-04T05:06:07.089Z' },
            tags: ['a', 'b'],
          }),
        ),
      );
    original = await snapshot(other);
    playgrounds = PlaygroundFolder.create('bulk-changes');
  });

  after(async () => {
    await proxied?.remove();
    playgrounds?.remove();
  });

  it('previews a playground bulk update: the count, and the sampled documents before and after in the diff editor', async () => {
    const lens = await updateLens('preview.query.json', { criteria: {}, object: { $inc: { n: 1 }, $set: { state: 'seen' } }, multi: true });
    const prompts = new FakePrompts([{ confirm: false }]);
    answerPrompts(prompts);
    await runLens(lens);
    assert.equal(prompts.confirmations[0].message, `Update all 1,000 matching documents of ${db}.${col}?`);
    assert.match(
      prompts.confirmations[0].detail ?? '',
      /20 sampled documents before and after in the diff editor, from the service's dry run/,
    );
    assert.match(prompts.confirmations[0].detail ?? '', /Undo Last Change on the collection can put the documents back/);
    const [diff] = previewDiffs();
    assert.ok(diff, 'no preview diff is open');
    const before = (await vscode.workspace.openTextDocument(diff.original)).getText();
    const after = (await vscode.workspace.openTextDocument(diff.modified)).getText();
    assert.match(before, /_id "item-0000" \(sampled document 1 of 20\)/);
    assert.match(before, /_id "item-0999" \(sampled document 20 of 20\)/, 'the sample does not reach the end of the match');
    assert.match(before, /"n": 999,/);
    assert.match(after, /"n": 1000,/);
    assert.match(after, /"state": "seen"/);
    assert.match(after, /"big": 9007199254740993/);
    assert.deepEqual(await snapshot(other), original, 'declining changed documents');
    await noErrorsMarked([diff.original, diff.modified]);
  });

  it('undoes a 1,000-document update: every document back byte for byte, after asking once with the counts', async () => {
    const asked = new FakePrompts([{ confirm: true }]);
    answerPrompts(asked);
    await runLens(
      await updateLens('update.query.json', {
        criteria: {},
        object: { $inc: { n: 1 }, $unset: { tags: '' }, $set: { state: 'seen' } },
        multi: true,
      }),
    );
    assert.match(asked.confirmations[0]?.detail ?? '', /from the service's dry run/);
    assert.equal((await other.listDocuments(db, col, { q: { state: 'seen' }, limit: 1 })).total, COUNT);
    const { prompts } = await undo();
    assert.equal(prompts.confirmations.length, 1);
    assert.equal(prompts.confirmations[0].message, `Undo the last change to ${db}.${col}?`);
    assert.match(prompts.confirmations[0].detail ?? '', /1,000 documents put back as they were/);
    assert.deepEqual(prompts.infos, ['Undid the last change to bulktests.items: 1,000 documents put back.']);
    assert.deepEqual(prompts.warnings, []);
    assert.deepEqual(await snapshot(other), original);
    const { prompts: told } = await undo([]);
    assert.deepEqual(told.confirmations, [], 'asked to undo a change no longer kept');
    assert.match(told.infos[0] ?? '', /No change to bulktests\.items is kept for an undo/);
  });

  it('leaves alone, and names, a document another client changed after the update', async () => {
    answerPrompts(new FakePrompts([{ confirm: true }]));
    await runLens(await updateLens('race.query.json', { criteria: { n: { $lt: 10 } }, object: { $set: { state: 'raced' } }, multi: true }));
    await other.updateDocument(db, col, 'item-0005', { $set: { state: 'mine' } }, { safe: true });
    const { prompts } = await undo();
    assert.match(
      prompts.confirmations[0].detail ?? '',
      /1 document changed since by someone else will be left alone: "item-0005" \(changed\)/,
    );
    assert.deepEqual(prompts.warnings, [
      'Undid the last change to bulktests.items: 9 documents put back. Left alone, changed since by someone else: "item-0005" (changed).',
    ]);
    assert.equal((await other.getDocument(db, col, 'item-0005')).document.state, 'mine');
    assert.equal((await other.listDocuments(db, col, { q: { state: 'raced' }, limit: 1 })).total, 0);
  });

  it('sends nothing, and says so without asking, when an update matches nothing and upsert is off', async () => {
    const lens = await updateLens('nothing.query.json', { criteria: { n: -1 }, object: { $set: { state: 'never' } }, multi: true });
    proxy.requests.length = 0;
    const told = new FakePrompts([]);
    answerPrompts(told);
    await runLens(lens);
    assert.deepEqual(told.confirmations, []);
    assert.deepEqual(told.infos, [`No document matches in ${db}.${col}, and upsert is off: nothing was sent.`]);
    assert.deepEqual(proxy.writes(), []);
  });

  it('refuses a Read-only account before anything is sent, the preview included', async () => {
    await setGuardrails(accountId, { mode: 'readOnly' });
    const lens = await updateLens('readonly.query.json', { criteria: {}, object: { $set: { state: 'refused' } }, multi: true });
    proxy.requests.length = 0;
    const refused = new FakePrompts([]);
    answerPrompts(refused);
    assert.equal(await runLens(lens), undefined);
    assert.ok(
      [...refused.errors, ...refused.warnings].some((message) => /is Read-only/.test(message)),
      `no Read-only refusal among ${JSON.stringify(refused.errors)}`,
    );
    assert.deepEqual(
      proxy.requests.filter((request) => request.method !== 'GET' || request.path.includes('update_preview')),
      [],
    );
    const palette = await runScripted([{ input: '{}' }, { input: '{"$set": {"state": "refused"}}' }], 'dbhost.updateMatchingDocuments', {
      accountId,
      db,
      col,
    }).catch((error: Error) => error);
    assert.ok(!(palette instanceof Error) || /Read-only/.test(palette.message));
    assert.deepEqual(
      proxy.requests.filter((request) => request.method !== 'GET'),
      [],
      'the palette command sent a write or a preview',
    );
    assert.equal((await other.listDocuments(db, col, { q: { state: 'refused' }, limit: 1 })).total, 0);
  });
});
