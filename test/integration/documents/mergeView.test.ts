import * as assert from 'node:assert/strict';
import { setGuardrails } from '../support/accounts';
import type * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { MergeRow } from '../../../src/core/documents/mergeViewMessages';
import type { MergeView } from '../support/mergeViews';
import { mergeViewOf } from '../support/mergeViews';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { editedOnBothSides, saveMerge } from '../support/mergeScenario';
import type { ProxiedAccount } from '../support/proxiedAccount';
import { addProxiedAccount } from '../support/proxiedAccount';
import type { RecordingProxy } from '../support/recordingProxy';
import { discard } from '../support/textEditing';
import { waitFor } from '../support/waitFor';

const db = 'mergetests';
const col = 'people';

/** A save that meets another client's change to the same field: Merge… shows base, yours and theirs, and saves what the user chose. */
describe('Merge view: a save over a same-field change merged field by field', function () {
  this.timeout(90_000);
  let proxied: ProxiedAccount | undefined;
  let proxy: RecordingProxy;
  let accountId: string;
  let other: DbHostApi;
  const opened: vscode.TextDocument[] = [];

  async function stored(id: string): Promise<Record<string, unknown>> {
    return JSON.parse((await other.getDocument(db, col, { $oid: id })).text) as Record<string, unknown>;
  }

  async function openMerge(document: vscode.TextDocument): Promise<{ view: MergeView; question: string }> {
    const { prompts } = await runScripted([{ pick: 'Merge…' }], 'dbhost.saveDocument');
    assert.equal(document.isDirty, true, 'saved before the merge');
    const view = mergeViewOf(document.uri);
    assert.ok(view, 'no merge view opened');
    return { view, question: prompts.questions[0].text };
  }

  /** The page's Save Merge, with the user's choice per field by its label. */

  const summary = (rows: MergeRow[]) => rows.map((row) => [row.label, row.status, row.base, row.mine, row.theirs]);

  before(async () => {
    await activateExtension();
    proxied = await addProxiedAccount({ label: 'Merge tests', db, col });
    ({ proxy, accountId, other } = proxied);
  });

  afterEach(async () => {
    for (const document of opened.splice(0)) if (!document.isClosed) await discard(document);
  });

  after(async () => {
    await proxied?.remove();
  });

  it('Merge… shows every difference against the base; the user edits one field, takes a side for the others, and it is saved', async () => {
    const { id, document } = await editedOnBothSides({ accountId, db, col, other, proxy, opened });
    const { view, question } = await openMerge(document);
    assert.match(question, /changed on the service since you opened it, in fields you changed too: `name`/);
    assert.deepEqual(summary((await view.shown()).fields), [
      ['name', 'conflict', '"Ada"', '"Ada Lovelace"', '"Ada King"'],
      ['city', 'mine', '"London"', '"Leeds"', '"London"'],
      ['age', 'theirs', '36', '36', '37'],
    ]);
    assert.equal(document.isDirty, true);
    assert.deepEqual(proxy.writes(), [], 'opening the merge wrote something');

    const prompts = await saveMerge(view, { name: { take: 'edited', text: '"Ada King-Lovelace"' } });
    assert.deepEqual(prompts.infos, [`Saved ${id}: the merge of your edit and the service’s version.`]);
    const writes = proxy.writes();
    assert.equal(writes.length, 1);
    assert.deepEqual(JSON.parse(writes[0].body), { document: { $set: { name: 'Ada King-Lovelace', city: 'Leeds' } }, safe: true });
    assert.deepEqual(await stored(id), { _id: { $oid: id }, name: 'Ada King-Lovelace', city: 'Leeds', age: 37 });
    await waitFor(() => !document.isDirty, { what: 'the editor saved' });
    assert.match(document.getText(), /"name": "Ada King-Lovelace"[\s\S]*"age": 37/);
    assert.equal(mergeViewOf(document.uri), undefined, 'the merge view stayed open');
  });

  it('a change on the service during the merge: nothing is written, the merge is redone against it, and then saved', async () => {
    const { id, document } = await editedOnBothSides({ accountId, db, col, other, proxy, opened });
    const { view } = await openMerge(document);
    await other.updateDocument(db, col, { $oid: id }, { $set: { name: 'Countess', age: 38 } }, { safe: true });
    proxy.requests.length = 0;

    await saveMerge(view, {});
    assert.deepEqual(proxy.writes(), [], 'a write went over the newer version');
    assert.equal((await stored(id)).name, 'Countess');
    assert.equal(document.isDirty, true);
    assert.ok(document.getText().includes('"Ada Lovelace"'), 'the editor lost the edit');
    const again = await view.shown();
    assert.match(again.note ?? '', /changed on the service again while you merged/);
    assert.deepEqual(summary(again.fields), [
      ['name', 'conflict', '"Ada King"', '"Ada Lovelace"', '"Countess"'],
      ['city', 'mine', '"London"', '"Leeds"', '"London"'],
      ['age', 'theirs', '37', '37', '38'],
    ]);

    await saveMerge(view, {});
    assert.deepEqual(await stored(id), { _id: { $oid: id }, name: 'Ada Lovelace', city: 'Leeds', age: 38 });
    await waitFor(() => !document.isDirty, { what: 'the editor saved' });
  });

  it('Confirm writes decides the merge write: Cancel writes nothing and keeps the view and the edit; Send saves it', async () => {
    const { id, document } = await editedOnBothSides({ accountId, db, col, other, proxy, opened });
    const { view } = await openMerge(document);
    await setGuardrails(accountId, { mode: 'confirm' });
    try {
      const cancelled = await saveMerge(view, {}, [{ confirm: false }]);
      assert.equal(cancelled.confirmations.length, 1);
      assert.match(
        view.problemShown() ?? '',
        /^Not saved: the write was cancelled at its confirmation\. Your choices and your edit are kept\.$/,
      );
      assert.deepEqual(proxy.writes(), []);
      assert.equal(document.isDirty, true);
      assert.equal(mergeViewOf(document.uri)?.panel, view.panel, 'the merge view closed');

      const sent = await saveMerge(view, {}, [{ confirm: true }]);
      assert.equal(sent.confirmations.length, 1, 'not one question for one save');
      assert.deepEqual(await stored(id), { _id: { $oid: id }, name: 'Ada Lovelace', city: 'Leeds', age: 37 });
      await waitFor(() => !document.isDirty, { what: 'the editor saved' });
    } finally {
      await setGuardrails(accountId, { mode: undefined });
    }
  });

  it('Escape at the choice, Cancel and closing the view keep the edit unsaved in its editor', async () => {
    const { id, document } = await editedOnBothSides({ accountId, db, col, other, proxy, opened });
    await runScripted([{ dismiss: true }], 'dbhost.saveDocument');
    assert.equal(document.isDirty, true, 'Escape saved the edit');
    assert.equal(mergeViewOf(document.uri), undefined);

    const { view } = await openMerge(document);
    await view.send({ type: 'cancel' });
    assert.equal(mergeViewOf(document.uri), undefined, 'Cancel left the view open');
    const reopened = (await openMerge(document)).view;
    reopened.panel.dispose();

    assert.equal(document.isDirty, true);
    assert.ok(document.getText().includes('"Ada Lovelace"') && document.getText().includes('"Leeds"'), 'the editor lost the edit');
    assert.deepEqual(proxy.writes(), []);
    assert.equal((await stored(id)).name, 'Ada King');
  });
});
