import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { newObjectId } from '../../../src/core/documents/objectId';
import { stringifyLossless } from '../../../src/core/json/lossless';
import { documentUri } from '../../../src/extension/kit/targets/documentUri';
import { activateExtension } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import { saveMerge, storedDocument } from '../support/mergeScenario';
import type { ProxiedAccount } from '../support/proxiedAccount';
import { addProxiedAccount } from '../support/proxiedAccount';
import type { RecordingProxy } from '../support/recordingProxy';
import { readTestConfig } from '../support/test-config';
import { mergeViewOf } from '../support/mergeViews';
import { waitFor } from '../support/waitFor';
import { actOn, collectionViewOpenedBy, isLoadedPage, loadedPage, nextPosted } from './viewMessages';
import type { PageMessage, ViewPanel } from './viewMessages';
import { answerPrompts } from '../support/windowPrompts';

const db = 'cellmergetests';
const col = 'people';

/** A collection view's Save meeting another client's change to a field the user edited in a cell offers Merge…. */
describe('Collection view: a cell save over a same-field change offers Merge…', function () {
  this.timeout(90_000);
  let proxied: ProxiedAccount | undefined;
  let proxy: RecordingProxy;
  let accountId: string;
  let other: DbHostApi;

  /** Ada in a new view, her name and city edited in cells; her name and age changed by another client meanwhile. */
  async function editedOnBothSides(): Promise<{ id: string; view: ViewPanel }> {
    const id = newObjectId();
    await other.createDocument(db, col, { _id: { $oid: id }, name: 'Ada', city: 'London', age: 36 }, { safe: true });
    const view = await collectionViewOpenedBy(() => vscode.commands.executeCommand('dbhost.openCollectionView', { accountId, db, col }));
    await loadedPage(view);
    const key = stringifyLossless({ $oid: id });
    await actOn(view, { type: 'edit', key, path: ['name'], kind: 'string', text: 'Ada Lovelace' });
    await actOn(view, { type: 'edit', key, path: ['city'], kind: 'string', text: 'Leeds' });
    await other.updateDocument(db, col, { $oid: id }, { $set: { name: 'Ada King', age: 37 } }, { safe: true });
    proxy.requests.length = 0;
    return { id, view };
  }

  /** Saves as the page's Save does, `prompts` answering, and resolves with the page drawn after it. */
  async function saveAnswering(view: ViewPanel, prompts: FakePrompts): Promise<PageMessage> {
    answerPrompts(prompts);
    try {
      return await actOn(view, { type: 'save' });
    } finally {
      answerPrompts(undefined);
    }
  }

  /** The cell edits of the document `id` the page shows staged, once the view has drawn its page again. */
  async function stagedShown(view: ViewPanel, id: string): Promise<unknown[][]> {
    const page = await actOn(view, { type: 'refresh' });
    const edits = new Map(page.staged).get(stringifyLossless({ $oid: id })) ?? [];
    return edits.map((edit) => [edit.path.join('.'), edit.value]);
  }

  const mergeOf = (id: string) => mergeViewOf(documentUri({ accountId, db, col, docId: { $oid: id } }));

  before(async () => {
    await activateExtension();
    proxied = await addProxiedAccount({ label: 'Cell merge tests', db, col });
    ({ proxy, accountId, other } = proxied);
  });

  after(async () => {
    await proxied?.remove();
  });

  it('Merge… opens the three-way view; taking the service’s name and the edited city saves both sides and clears the staged edits', async () => {
    const { id, view } = await editedOnBothSides();
    const prompts = new FakePrompts([{ pick: 'Merge…' }]);
    const asked = await saveAnswering(view, prompts);
    assert.deepEqual(prompts.questions[0].items, ['Merge…', 'Compare', 'Overwrite', 'Discard']);
    assert.match(prompts.questions[0].title ?? '', /changed on the service since it was loaded, in fields you edited too/);
    assert.deepEqual(proxy.writes(), [], 'opening the merge wrote something');
    assert.equal(new Map(asked.staged).get(stringifyLossless({ $oid: id }))?.length, 2, 'the cell edits were dropped');
    const merge = mergeOf(id);
    assert.ok(merge, 'no merge view opened');
    assert.deepEqual(
      (await merge.shown()).fields.map((row) => [row.label, row.status, row.base, row.mine, row.theirs]),
      [
        ['name', 'conflict', '"Ada"', '"Ada Lovelace"', '"Ada King"'],
        ['city', 'mine', '"London"', '"Leeds"', '"London"'],
        ['age', 'theirs', '36', '36', '37'],
      ],
    );

    const reloaded = nextPosted(view, isLoadedPage);
    const saved = await saveMerge(merge, { name: { take: 'theirs' } });
    assert.deepEqual(saved.infos, [`Saved ${id}: the merge of your edit and the service’s version.`]);
    assert.deepEqual(await storedDocument(other, db, col, id), { _id: { $oid: id }, name: 'Ada King', city: 'Leeds', age: 37 });
    const page = await reloaded;
    assert.deepEqual(page.staged, [], 'the merged document’s edits stayed staged');
    assert.deepEqual(
      page.documents.map((document) => [document.name, document.city, document.age]),
      [['Ada King', 'Leeds', 37]],
    );
    await other.deleteDocument(db, col, { $oid: id });
  });

  it('Escape, and a merge view cancelled, keep the cell edits staged and write nothing', async () => {
    const { id, view } = await editedOnBothSides();
    await saveAnswering(view, new FakePrompts([{ dismiss: true }]));
    assert.equal(mergeOf(id), undefined);
    await saveAnswering(view, new FakePrompts([{ pick: 'Merge…' }]));
    const merge = mergeOf(id);
    assert.ok(merge, 'no merge view opened');
    await merge.send({ type: 'cancel' });
    await waitFor(() => mergeOf(id) === undefined, { what: 'the merge view closed' });
    assert.deepEqual(proxy.writes(), []);
    assert.equal((await storedDocument(other, db, col, id)).name, 'Ada King');
    assert.deepEqual(await stagedShown(view, id), [
      ['name', 'Ada Lovelace'],
      ['city', 'Leeds'],
    ]);
    await actOn(view, { type: 'discardAll' });
    await other.deleteDocument(db, col, { $oid: id });
  });

  it('Compare opens the document as loaded beside the service’s, read-only, and keeps the cell edits staged', async () => {
    const { id, view } = await editedOnBothSides();
    await saveAnswering(view, new FakePrompts([{ pick: 'Compare' }]));
    const compared = () =>
      vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .find((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.original.scheme === 'dbhost-compare');
    await waitFor(() => compared() !== undefined, { what: 'the comparison opened' });
    const tab = compared()!;
    const input = tab.input as vscode.TabInputTextDiff;
    const loaded = JSON.parse((await vscode.workspace.openTextDocument(input.original)).getText()) as Record<string, unknown>;
    const current = JSON.parse((await vscode.workspace.openTextDocument(input.modified)).getText()) as Record<string, unknown>;
    assert.deepEqual([loaded.name, loaded.age], ['Ada', 36]);
    assert.deepEqual([current.name, current.age], ['Ada King', 37]);
    const { apiKey } = readTestConfig().services.empty;
    assert.ok(![input.original, input.modified].some((uri) => uri.toString().includes(apiKey)), 'the key is in the comparison’s address');
    assert.deepEqual(proxy.writes(), [], 'comparing wrote something');
    await vscode.window.tabGroups.close(tab);
    assert.equal((await stagedShown(view, id)).length, 2, 'the cell edits were dropped');
    await actOn(view, { type: 'discardAll' });
    await other.deleteDocument(db, col, { $oid: id });
  });
});
