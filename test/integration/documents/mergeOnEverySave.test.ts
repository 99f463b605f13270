import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { MergeView } from '../support/mergeViews';
import { mergeViewOf } from '../support/mergeViews';
import { activateExtension } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import { editedOnBothSides, saveMerge, storedDocument } from '../support/mergeScenario';
import type { ProxiedAccount } from '../support/proxiedAccount';
import { addProxiedAccount } from '../support/proxiedAccount';
import type { RecordingProxy } from '../support/recordingProxy';
import { discard } from '../support/textEditing';
import { waitFor } from '../support/waitFor';
import { answerPrompts } from '../support/windowPrompts';

const db = 'mergesaves';
const col = 'people';

/** VS Code's own saves (File > Save, Save All, auto-save) meeting another client's change to the same field offer Merge… too. */
describe('Merge on every save: File > Save, Save All and auto-save offer Merge… over a same-field change', function () {
  this.timeout(90_000);
  let proxied: ProxiedAccount | undefined;
  let proxy: RecordingProxy;
  let accountId: string;
  let other: DbHostApi;
  const opened: vscode.TextDocument[] = [];

  /** Runs a VS Code save command with the user's answers scripted; returns what was asked. */
  async function saveWith(command: string, prompts: FakePrompts): Promise<FakePrompts> {
    answerPrompts(prompts);
    try {
      await vscode.commands.executeCommand(command);
    } finally {
      answerPrompts(undefined);
    }
    return prompts;
  }

  const mergeOf = (document: vscode.TextDocument): MergeView | undefined => mergeViewOf(document.uri);

  /** The user takes the service's name and keeps their own city: both sides' changes end on the service and in the editor. */
  async function takeBothSides(id: string, document: vscode.TextDocument, view: MergeView): Promise<void> {
    assert.deepEqual(
      (await view.shown()).fields.map((row) => [row.label, row.status]),
      [
        ['name', 'conflict'],
        ['city', 'mine'],
        ['age', 'theirs'],
      ],
    );
    const prompts = await saveMerge(view, { name: { take: 'theirs' } });
    assert.deepEqual(prompts.infos, [`Saved ${id}: the merge of your edit and the service’s version.`]);
    assert.deepEqual(await storedDocument(other, db, col, id), { _id: { $oid: id }, name: 'Ada King', city: 'Leeds', age: 37 });
    await waitFor(() => !document.isDirty, { what: 'the editor saved' });
    assert.match(document.getText(), /"name": "Ada King"[\s\S]*"city": "Leeds"[\s\S]*"age": 37/);
  }

  /** Nothing was written, and the editor still holds the user's edit, unsaved. */
  async function nothingLost(id: string, document: vscode.TextDocument): Promise<void> {
    assert.deepEqual(proxy.writes(), [], 'a write went over the other client’s change');
    assert.equal((await storedDocument(other, db, col, id)).name, 'Ada King');
    assert.equal(document.isDirty, true, 'the edit is no longer unsaved in its editor');
    assert.ok(document.getText().includes('"Ada Lovelace"'), 'the editor lost the edit');
  }

  before(async () => {
    await activateExtension();
    proxied = await addProxiedAccount({ label: 'Merge on save', db, col });
    ({ proxy, accountId, other } = proxied);
  });

  afterEach(async () => {
    for (const document of opened.splice(0)) if (!document.isClosed) await discard(document);
  });

  after(async () => {
    await proxied?.remove();
  });

  it('File > Save asks Merge… or Compare or Overwrite…; Merge… opens the view, nothing is written until Save Merge', async () => {
    const { id, document } = await editedOnBothSides({ accountId, db, col, other, proxy, opened });
    const prompts = await saveWith('workbench.action.files.save', new FakePrompts([{ pick: 'Merge…' }]));
    assert.equal(prompts.questions.length, 1);
    assert.match(prompts.questions[0].title ?? '', /changed on the service since you opened it, in fields you changed too: `name`/);
    assert.deepEqual(prompts.questions[0].items, ['Merge…', 'Compare or Overwrite…']);
    const view = mergeOf(document);
    assert.ok(view, 'no merge view opened');
    await nothingLost(id, document);

    const again = await saveWith('workbench.action.files.save', new FakePrompts([]));
    assert.equal(again.questions.length, 0, 'a save while the merge view is open asked again');
    await nothingLost(id, document);

    await takeBothSides(id, document, view);
  });

  it('File > Save answered with Escape, then a merge view cancelled: the edit stays unsaved, nothing is written', async () => {
    const { id, document } = await editedOnBothSides({ accountId, db, col, other, proxy, opened });
    await saveWith('workbench.action.files.save', new FakePrompts([{ dismiss: true }]));
    assert.equal(mergeOf(document), undefined);
    await nothingLost(id, document);

    await saveWith('workbench.action.files.save', new FakePrompts([{ pick: 'Merge…' }]));
    const view = mergeOf(document);
    assert.ok(view, 'an explicit save after Escape did not ask again');
    await view.send({ type: 'cancel' });
    assert.equal(mergeOf(document), undefined, 'Cancel left the view open');
    await nothingLost(id, document);
  });

  it('Save All asks once per document, one question after the other, and each merge saves both sides', async () => {
    const first = await editedOnBothSides({ accountId, db, col, other, proxy, opened });
    const second = await editedOnBothSides({ accountId, db, col, other, proxy, opened });
    const prompts = await saveWith('workbench.action.files.saveAll', new FakePrompts([{ pick: 'Merge…' }, { pick: 'Merge…' }]));
    assert.equal(prompts.questions.length, 2);
    for (const { id, document } of [first, second]) await nothingLost(id, document);
    for (const { id, document } of [first, second]) {
      const view = mergeOf(document);
      assert.ok(view, `no merge view opened for ${id}`);
      await takeBothSides(id, document, view);
    }
  });

  /** Auto-save on: VS Code saves the dirty editor at once, with the user's answers scripted. */
  async function autoSaveWith(prompts: FakePrompts, saved: () => boolean): Promise<void> {
    const files = vscode.workspace.getConfiguration('files');
    answerPrompts(prompts);
    try {
      await files.update('autoSaveDelay', 100, vscode.ConfigurationTarget.Global);
      await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
      await waitFor(saved, { what: 'auto-save asked about the change on the service' });
    } finally {
      answerPrompts(undefined);
      await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    }
  }

  it('auto-save offers Merge… too; Escape keeps the edit unsaved, and the next Save asks again', async () => {
    const { id, document } = await editedOnBothSides({ accountId, db, col, other, proxy, opened });
    const declined = new FakePrompts([{ dismiss: true }]);
    await autoSaveWith(declined, () => declined.unanswered === 0);
    assert.match(declined.questions[0].title ?? '', /in fields you changed too: `name`/);
    await nothingLost(id, document);

    const merging = await saveWith('workbench.action.files.save', new FakePrompts([{ pick: 'Merge…' }]));
    assert.equal(merging.questions.length, 1);
    const view = mergeOf(document);
    assert.ok(view, 'no merge view opened');
    await takeBothSides(id, document, view);
  });

  it('auto-save over a same-field change, answered Merge…: the view opens and Save Merge saves both sides', async () => {
    const { id, document } = await editedOnBothSides({ accountId, db, col, other, proxy, opened });
    await autoSaveWith(new FakePrompts([{ pick: 'Merge…' }]), () => mergeOf(document) !== undefined);
    await nothingLost(id, document);
    await takeBothSides(id, document, mergeOf(document)!);
  });
});
