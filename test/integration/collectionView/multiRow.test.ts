import * as assert from 'node:assert/strict';
import { setGuardrails } from '../support/accounts';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { JsonObject } from '../../../src/core/json/lossless';
import { LosslessNumber, parseLossless, stringifyLossless } from '../../../src/core/json/lossless';
import type { ReviewItem } from '../../../src/core/table/protocol';
import type { RecordingProxy } from '../support/recordingProxy';
import type { ProxiedAccount } from '../support/proxiedAccount';
import { addProxiedAccount } from '../support/proxiedAccount';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import { journey } from '../support/journey';
import { actOn, collectionViewOpenedBy, coveredMeanwhile, isNotice, loadedPage, nextPosted, reviewOf } from './viewMessages';
import type { PageMessage, ViewPanel } from './viewMessages';
import { answerPrompts } from '../support/windowPrompts';
import { sendAsPage } from '../support/webviewPanels';

const db = 'multirowtests';
const col = 'tasks';
const LABEL = 'Multi-row tests';
const OID = '4ffde1398c1a4b6d6c0000aa';

describe('Collection view: several rows at once', function () {
  journey(this);
  this.timeout(120_000);
  let proxied: ProxiedAccount | undefined;
  let proxy: RecordingProxy;
  let accountId: string;
  /** A client that is not the extension's: fixtures and checks. */
  let other: DbHostApi;
  let view: ViewPanel;
  /** The selected rows' keys: an ObjectId, a 64-bit integer beyond 2^53 and a string, as the view keys them. */
  const selected = [`{"$oid":"${OID}"}`, '9007199254740993', '"task-c"'];

  /** Every document of the collection as the service sends it, by `_id` text. */
  async function snapshot(): Promise<Map<string, string>> {
    const page = await other.listDocuments(db, col, { limit: 100 });
    return new Map(page.documents.map((doc) => [stringifyLossless(doc._id), stringifyLossless(doc)]));
  }

  const act = (message: unknown): Promise<PageMessage> => actOn(view, message);
  const review = (): Promise<ReviewItem[]> => reviewOf(view);

  /** Change Rows… on `keys`, its questions answered: resolves with the page drawn once the view says the change is staged. */
  async function stage(keys: string[]): Promise<PageMessage> {
    const told = nextPosted(view, isNotice);
    const page = await act({ type: 'changeRows', keys });
    assert.match((await told).text, /^Staged a change to several rows/);
    return page;
  }

  const undo = (answers = [{ confirm: true }]) => runScripted(answers, 'dbhost.undoLastChange', { accountId, db, col });
  const undone = (count: number) => [`Undid the last change to ${db}.${col}: ${count} documents put back.`];

  before(async () => {
    await activateExtension();
    proxied = await addProxiedAccount({ label: LABEL, db, col });
    ({ proxy, accountId, other } = proxied);
    const common = { at: { $date: '2026-03-04T05:06:07.089Z' }, big: new LosslessNumber('9007199254740995'), status: 'open' };
    for (const [_id, n] of [
      [{ $oid: OID }, 1],
      [new LosslessNumber('9007199254740993'), 2],
      ['task-c', 3],
      ['task-d', 4],
    ] as const)
      await other.createDocument(db, col, { _id, n, ...common, tags: ['x'] } as JsonObject, { safe: true });
    view = await collectionViewOpenedBy(() => vscode.commands.executeCommand('dbhost.openCollectionView', { accountId, db, col }));
    await loadedPage(view);
  });

  after(async () => {
    await proxied?.remove();
  });

  it('stages a field set on the selected rows, reviews it with the count and the exact ids, saves it through the preview, and undoes it byte for byte', async () => {
    const before = await snapshot();
    proxy.requests.length = 0;
    const asked = new FakePrompts([{ pick: /The 3 selected rows/ }, { pick: /Set a field/ }, { input: 'status' }, { input: '"done"' }]);
    answerPrompts(asked);
    const staged = await stage(selected);
    assert.equal(asked.unanswered, 0);
    assert.equal(staged.rowChanges, 1);
    assert.match(view.panel.title, /● 1$/);
    assert.deepEqual(proxy.writes(), [], 'staging sent a write');

    const [item] = await review();
    assert.deepEqual(item.rows, { change: 'set status to "done"', scope: 'the 3 selected rows', count: 3 });
    assert.equal(
      stringifyLossless(parseLossless(item.body ?? '')),
      `{"criteria":{"_id":{"$in":[{"$oid":"${OID}"},9007199254740993,"task-c"]}},"object":{"$set":{"status":"done"}},"multi":true,"upsert":false,"safe":true}`,
    );

    const saving = new FakePrompts([{ confirm: true }]);
    answerPrompts(saving);
    // The preview's diff editor opens over the view, which comes back to say what was saved.
    const saved = await coveredMeanwhile(view, () => act({ type: 'save' }));
    assert.equal(saving.confirmations.length, 1, 'asked more than once');
    assert.match(
      saving.confirmations[0].message ?? saving.confirmations[0].text,
      /Set status to "done" in all 3 documents of multirowtests\.tasks\?/,
    );
    assert.match(
      saving.confirmations[0].detail ?? '',
      /3 sampled documents before and after in the diff editor, from the service's dry run/,
    );
    assert.equal(saved.rowChanges, undefined, 'the change stays staged after its save');
    const puts = proxy.writes().filter((request) => request.method === 'PUT');
    assert.equal(puts.length, 1);
    assert.ok(puts[0].body.includes('9007199254740993'), 'the int64 _id was not sent exactly');
    const after = await snapshot();
    for (const key of selected) assert.match(after.get(key) ?? '', /"status":"done"/);
    assert.equal(after.get('"task-d"'), before.get('"task-d"'), 'a row not selected changed');

    const { prompts } = await undo();
    assert.match(prompts.confirmations[0].detail ?? '', /3 documents put back as they were/);
    assert.deepEqual(prompts.infos, undone(3));
    assert.deepEqual(await snapshot(), before);
  });

  it('renames a field in every document the filter matches, the count from the view in the review', async () => {
    await act({ type: 'setView', state: { filter: '{"n": {"$gte": 2}}', sort: [], page: 0, pageSize: 20, fields: [], view: 'table' } });
    answerPrompts(
      new FakePrompts([{ pick: /Every document the filter matches/ }, { pick: /Rename a field/ }, { input: 'tags' }, { input: 'labels' }]),
    );
    await stage([]);
    const [item] = await review();
    assert.deepEqual(item.rows, {
      change: 'rename tags to labels',
      scope: 'every document the filter {"n": {"$gte": 2}} matches (3 documents when staged)',
      count: 3,
    });
    answerPrompts(new FakePrompts([{ confirm: true }]));
    await coveredMeanwhile(view, () => act({ type: 'save' }));
    const renamed = await other.listDocuments(db, col, { q: { labels: { $exists: true } }, limit: 10 });
    assert.deepEqual(renamed.documents.map((doc) => doc.n).sort(), [2, 3, 4]);
    assert.equal((await other.listDocuments(db, col, { q: { tags: { $exists: true } }, limit: 10 })).total, 1);
    await undo();
    assert.equal((await other.listDocuments(db, col, { q: { tags: { $exists: true } }, limit: 10 })).total, 4);
    await act({ type: 'setView', state: { filter: '', sort: [], page: 0, pageSize: 20, fields: [], view: 'table' } });
  });

  it('keeps a change whose question is declined staged, and sends nothing', async () => {
    answerPrompts(new FakePrompts([{ pick: /selected rows/ }, { pick: /Apply an update document/ }, { input: '{"$inc": {"n": 10}}' }]));
    await stage(selected.slice(0, 2));
    proxy.requests.length = 0;
    answerPrompts(new FakePrompts([{ confirm: false }]));
    const notice = nextPosted(view, isNotice);
    const page = await coveredMeanwhile(view, () => act({ type: 'save' }));
    assert.match((await notice).text, /Not saved: "the update \{"\$inc":\{"n":10\}\}" \(cancelled\); it stays staged/);
    assert.equal(page.rowChanges, 1);
    assert.deepEqual(proxy.writes(), []);
    await act({ type: 'discardAll' });
  });

  it('refuses a Read-only account before asking anything, and a staged change before its preview', async () => {
    answerPrompts(new FakePrompts([{ pick: /selected rows/ }, { pick: /Unset a field/ }, { input: 'status' }]));
    await stage(selected);
    await setGuardrails(accountId, { mode: 'readOnly' });
    try {
      proxy.requests.length = 0;
      const none = new FakePrompts([]);
      answerPrompts(none);
      let notice = nextPosted(view, isNotice);
      sendAsPage(view.panel, { type: 'changeRows', keys: selected });
      assert.match((await notice).text, /Read-only/);
      assert.equal(none.questions.length, 0, 'a question was asked of a Read-only account');
      notice = nextPosted(view, isNotice);
      await act({ type: 'save' });
      assert.match((await notice).text, /Read-only/);
      assert.deepEqual(
        proxy.requests.filter((request) => request.method !== 'GET'),
        [],
        'a write or a preview reached the service',
      );
    } finally {
      await setGuardrails(accountId, { mode: 'normal' });
      await act({ type: 'discardAll' });
    }
  });

  it('keeps the rows a multi-row delete removes, whole even in a projected view, and Undo inserts them again with their _id', async () => {
    const before = await snapshot();
    await act({ type: 'setView', state: { filter: '', sort: [], page: 0, pageSize: 20, fields: [['n']], view: 'table' } });
    const prompts = new FakePrompts([{ confirm: true }]);
    answerPrompts(prompts);
    const page = await act({ type: 'rows', action: 'delete', keys: selected.slice(0, 2) });
    assert.match(prompts.confirmations[0].text, /Delete these 2 documents/);
    assert.match(prompts.confirmations[0].detail ?? '', /Undo Last Change to a Collection… can insert them again with their _id/);
    assert.equal(page.total, 2);
    const { prompts: asked } = await undo();
    assert.match(asked.confirmations[0].detail ?? '', /2 deleted documents inserted again with their _id/);
    assert.deepEqual(asked.infos, undone(2));
    assert.deepEqual(await snapshot(), before);
    await act({ type: 'setView', state: { filter: '', sort: [], page: 0, pageSize: 20, fields: [], view: 'table' } });
  });

  it('Confirm writes: a multi-row delete asks once, in its own question, not once per row; its Undo asks once too', async () => {
    const before = await snapshot();
    await setGuardrails(accountId, { mode: 'confirm' });
    try {
      proxy.requests.length = 0;
      const prompts = new FakePrompts([{ confirm: true }]);
      answerPrompts(prompts);
      const page = await act({ type: 'rows', action: 'delete', keys: selected });
      assert.equal(prompts.confirmations.length, 1, `asked ${JSON.stringify(prompts.confirmations.map((q) => q.text))}`);
      assert.match(prompts.confirmations[0].text, /Delete these 3 documents/);
      assert.match(prompts.confirmations[0].detail ?? '', /"Multi-row tests" confirms every write: this is that confirmation\.$/);
      assert.equal(page.total, 1);
      assert.deepEqual(
        proxy.writes().map((request) => request.method),
        ['DELETE', 'DELETE', 'DELETE'],
      );
      const { prompts: asked } = await undo();
      assert.equal(asked.confirmations.length, 1, `asked ${JSON.stringify(asked.confirmations.map((q) => q.text))}`);
      assert.deepEqual(asked.infos, undone(3));
      assert.deepEqual(await snapshot(), before);
    } finally {
      await setGuardrails(accountId, { mode: 'normal' });
    }
  });
});
