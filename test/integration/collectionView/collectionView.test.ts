import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { newObjectId } from '../../../src/core/documents/objectId';
import type { JsonObject } from '../../../src/core/json/lossless';
import { LosslessNumber, parseLossless, stringifyLossless } from '../../../src/core/json/lossless';
import type { ExtensionMessage, ReviewItem } from '../../../src/core/table/protocol';
import { postedForm } from '../../../src/core/table/protocol';
import type { ProxiedAccount } from '../support/proxiedAccount';
import { addProxiedAccount } from '../support/proxiedAccount';
import type { RecordingProxy } from '../support/recordingProxy';
import { activateExtension } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import { journey } from '../support/journey';
import { actOn, collectionViewOpenedBy, coveredMeanwhile, isLoadedPage, loadedPage, nextPosted, postedBy, reviewOf } from './viewMessages';
import type { PageMessage, ViewPanel } from './viewMessages';
import { panelSerializerOf } from '../support/registrations';
import { readTestConfig } from '../support/test-config';
import { answerPrompts } from '../support/windowPrompts';
import { nextPanelMade, postedTo, sendAsPage } from '../support/webviewPanels';
import { logFileLines } from '../support/logFile';

const db = 'tableviewtests';
const col = 'people';

function pageDocuments(message: PageMessage): { documents: JsonObject[]; staged: [string, unknown[]][] } {
  return { documents: message.documents, staged: message.staged };
}

const keyOf = (id: string): string => stringifyLossless({ $oid: id });

describe('Collection view', function () {
  // Each test drives the view the first one opened.
  journey(this);
  this.timeout(90_000);
  let proxied: ProxiedAccount | undefined;
  let proxy: RecordingProxy;
  let accountId: string;
  let other: DbHostApi;
  let view: ViewPanel;
  const ids: string[] = [];

  async function createPerson(name: string): Promise<string> {
    const id = newObjectId();
    await other.createDocument(
      db,
      col,
      {
        _id: { $oid: id },
        name,
        big: new LosslessNumber('9007199254740993'),
        price: new LosslessNumber('1.50'),
        active: true,
        address: { city: 'London', zip: 'N1' },
        born: { $date: '1815-12-10T00:00:00.000Z' },
        note: 'keep',
      },
      { safe: true },
    );
    return id;
  }

  const stored = async (id: string): Promise<{ document: JsonObject; text: string }> => other.getDocument(db, col, { $oid: id });

  const act = (message: unknown): Promise<PageMessage> => actOn(view, message);
  const review = (): Promise<ReviewItem[]> => reviewOf(view);

  before(async () => {
    await activateExtension();
    proxied = await addProxiedAccount({ label: 'Table tests', db, col });
    ({ proxy, accountId, other } = proxied);
    for (const name of ['Ada', 'Grace', 'Edsger']) ids.push(await createPerson(name));
  });

  after(async () => {
    await proxied?.remove();
  });

  beforeEach(() => {
    proxy.requests.length = 0;
  });

  it('opens on a collection: the webview asks for the page, which is fetched with the count and nothing but the collection’s rules', async () => {
    view = await collectionViewOpenedBy(() => vscode.commands.executeCommand('dbhost.openCollectionView', { accountId, db, col }));
    const first = await loadedPage(view);
    assert.equal(first.total, 3);
    assert.deepEqual(
      pageDocuments(first).documents.map((document) => document.name),
      ['Ada', 'Grace', 'Edsger'],
    );
    const received = stringifyLossless(first.documents);
    assert.ok(received.includes('"big":9007199254740993'), 'the int64 reached the view exactly');
    assert.ok(!JSON.stringify(postedTo(view.panel).posted).includes(readTestConfig().services.empty.apiKey), 'the key is in the page');
    const gets = proxy.requests.filter((request) => request.method === 'GET');
    const pages = gets.filter((request) => request.path === `/databases/${db}/collections/${col}/documents`);
    // Besides the page, the view reads the collection once: its rules, shown at an edited cell.
    const others = gets.filter((request) => !pages.includes(request));
    assert.ok(pages.length >= 1, JSON.stringify(gets));
    assert.ok(
      others.length <= 1 && others.every((request) => request.path === `/databases/${db}/collections/${col}`),
      JSON.stringify(gets),
    );
  });

  it('filters, sorts and pages on the service', async () => {
    let page = await act({
      type: 'setView',
      state: {
        filter: '{"name": {"$ne": "Grace"}}',
        sort: [{ path: ['name'], direction: 1 }],
        page: 0,
        pageSize: 10,
        fields: [],
        view: 'table',
      },
    });
    assert.deepEqual(
      pageDocuments(page).documents.map((document) => document.name),
      ['Ada', 'Edsger'],
    );
    assert.equal(page.total, 2);
    page = await act({ type: 'setView', state: { filter: '{"name": ', sort: [], page: 0, pageSize: 10, fields: [], view: 'table' } });
    assert.match(page.error ?? '', /filter is not valid JSON/);
    page = await act({
      type: 'setView',
      state: { filter: '', sort: [{ path: ['name'], direction: -1 }], page: 0, pageSize: 10, fields: [['name']], view: 'table' },
    });
    assert.deepEqual(
      pageDocuments(page).documents.map((document) => Object.keys(document).sort().join(',')),
      ['_id,name', '_id,name', '_id,name'],
    );
    page = await act({ type: 'setView', state: { filter: '', sort: [], page: 0, pageSize: 20, fields: [], view: 'table' } });
    assert.equal(pageDocuments(page).documents.length, 3);
  });

  it('stages edits of several types, reviews the exact bodies and saves only those fields', async () => {
    const [ada, grace] = ids;
    await act({ type: 'edit', key: keyOf(ada), path: ['name'], kind: 'string', text: 'Ada L.' });
    await act({ type: 'edit', key: keyOf(ada), path: ['big'], kind: 'int64', text: '9007199254740995' });
    await act({ type: 'edit', key: keyOf(ada), path: ['born'], kind: 'date', text: '1815-12-10T12:00:00+01:00' });
    await act({ type: 'edit', key: keyOf(ada), path: ['address', 'city'], kind: 'string', text: 'Marylebone' });
    await act({ type: 'edit', key: keyOf(grace), path: ['active'], kind: 'boolean', text: 'false' });
    await act({ type: 'edit', key: keyOf(grace), path: ['price'], kind: 'null', text: '' });
    const page = await act({ type: 'removeField', key: keyOf(grace), path: ['note'] });
    assert.equal(pageDocuments(page).staged.length, 2);
    assert.equal(proxy.writes().length, 0, 'staging sent something');

    const items = await review();
    const bodies = Object.fromEntries(items.map((item) => [item.key, item.body]));
    assert.equal(
      bodies[keyOf(ada)],
      stringifyLossless(
        {
          document: {
            $set: {
              name: 'Ada L.',
              big: new LosslessNumber('9007199254740995'),
              'address.city': 'Marylebone',
              born: { $date: '1815-12-10T11:00:00.000Z' },
            },
          },
          safe: true,
        },
        2,
      ),
    );
    assert.equal(
      bodies[keyOf(grace)],
      stringifyLossless({ document: { $set: { price: null, active: false }, $unset: { note: '' } }, safe: true }, 2),
    );
    assert.deepEqual(items.find((item) => item.key === keyOf(grace))?.typeChanges, ['price: double → null']);

    const before = await stored(ids[2]);
    const saved = await act({ type: 'save' });
    const writes = proxy.writes();
    assert.deepEqual(
      writes.map((write) => `${write.method} ${write.path}`).sort(),
      // Each object id as extended JSON: its bare hex would reach a string _id of those digits first.
      [ada, grace].map((id) => `PUT /databases/${db}/collections/${col}/documents/${encodeURIComponent(keyOf(id))}`).sort(),
    );
    for (const write of writes) {
      const id = (JSON.parse(decodeURIComponent(write.path.split('/').pop() as string)) as { $oid: string }).$oid;
      assert.equal(
        stringifyLossless(parseLossless(write.body)),
        stringifyLossless(parseLossless(bodies[keyOf(id)] as string)),
        'the PUT is not the reviewed body',
      );
    }
    const adaNow = (await stored(ada)).text;
    assert.ok(adaNow.includes('"big":9007199254740995') && adaNow.includes('"price":1.5') && adaNow.includes('"note":"keep"'), adaNow);
    assert.ok(adaNow.includes('"born":{"$date":"1815-12-10T11:00:00.000Z"}') && adaNow.includes('"zip":"N1"'), adaNow);
    const graceNow = (await stored(grace)).document;
    assert.equal(graceNow.active, false);
    assert.equal(graceNow.price, null);
    assert.ok(!('note' in graceNow));
    assert.equal((await stored(ids[2])).text, before.text, 'a document without edits changed');
    assert.deepEqual(pageDocuments(saved).staged, [], 'the saved edits are still shown staged');
  });

  it('reports a document changed on the service: Overwrite sends only the user’s fields, Discard sends nothing', async () => {
    const [ada, grace] = ids;
    await act({ type: 'refresh' });
    await act({ type: 'edit', key: keyOf(ada), path: ['name'], kind: 'string', text: 'Countess' });
    await act({ type: 'edit', key: keyOf(grace), path: ['name'], kind: 'string', text: 'Admiral' });
    await other.updateDocument(db, col, { $oid: ada }, { $set: { note: 'changed elsewhere' } }, { safe: true });
    await other.updateDocument(db, col, { $oid: grace }, { $set: { note: 'changed elsewhere' } }, { safe: true });
    const prompts = new FakePrompts([{ pick: 'Overwrite' }, { pick: 'Discard' }]);
    answerPrompts(prompts);
    const saved = await act({ type: 'save' });
    assert.equal(prompts.unanswered, 0);
    assert.ok(
      prompts.questions.every((question) => /changed on the service since it was loaded/.test(question.text)),
      JSON.stringify(prompts.questions),
    );
    const puts = proxy.writes();
    assert.equal(puts.length, 1, JSON.stringify(puts));
    assert.equal(puts[0].body, stringifyLossless({ document: { $set: { name: 'Countess' } }, safe: true }));
    const adaNow = (await stored(ada)).document;
    assert.equal(adaNow.name, 'Countess');
    assert.equal(adaNow.note, 'changed elsewhere');
    const graceNow = (await stored(grace)).document;
    assert.equal(graceNow.name, 'Grace');
    assert.deepEqual(pageDocuments(saved).staged, [], 'the overwritten or discarded edits are still shown staged');
  });

  it('Discard reverts every staged edit without sending anything', async () => {
    await act({ type: 'edit', key: keyOf(ids[2]), path: ['name'], kind: 'string', text: 'E.W.D.' });
    const page = await act({ type: 'discardAll' });
    assert.deepEqual(pageDocuments(page).staged, []);
    assert.equal(proxy.writes().length, 0);
  });

  it('ignores a message that is not one the webview sends, and says so in its log', async () => {
    const ignored = (lines: string[]) =>
      lines.filter((line) => line.includes('Collection view: ignored a message that is not one the view sends'));
    const before = ignored(await logFileLines('DB Host', () => true, 'the DB Host log')).length;
    sendAsPage(view.panel, { type: 'edit', key: keyOf(ids[2]), path: [], kind: 'string', text: 'x' });
    sendAsPage(view.panel, { type: 'edit', key: keyOf(ids[2]), path: ['name'], kind: 'function', text: 'x' });
    sendAsPage(view.panel, { type: 'save', extra: true });
    // The view carries out its page's messages in order: its review answers after whatever came of the three.
    assert.deepEqual(await review(), []);
    assert.equal(proxy.writes().length, 0);
    await logFileLines('DB Host', (lines) => ignored(lines).length >= before + 3, 'the three messages logged as ignored');
  });

  it('comes back after a reload with its filter, sort, page size and staged edits', async () => {
    await act({
      type: 'setView',
      state: { filter: '{"active": true}', sort: [{ path: ['name'], direction: -1 }], page: 0, pageSize: 50, fields: [], view: 'tree' },
    });
    await act({ type: 'edit', key: keyOf(ids[2]), path: ['address', 'zip'], kind: 'string', text: 'NL' });
    const kept = postedBy(view).find((message): message is Extract<ExtensionMessage, { type: 'keep' }> => message.type === 'keep');
    assert.ok(kept);
    const keptByWebview = JSON.parse(JSON.stringify(postedForm(kept))) as { restore: unknown };
    assert.ok(!JSON.stringify(keptByWebview).includes(readTestConfig().services.empty.apiKey));
    const before = postedBy(view).find(isLoadedPage);
    assert.ok(before);
    // As VS Code brings the panel back after a reload: a panel of the view type, handed to the product's serializer.
    // It opens over the view, which comes back to the front once it is closed.
    const page = await coveredMeanwhile(view, async () => {
      const panel = vscode.window.createWebviewPanel('dbhost.collectionView', 'restored', vscode.ViewColumn.Active, {
        enableScripts: true,
      });
      try {
        const restored = nextPosted({ panel }, isLoadedPage);
        await panelSerializerOf('dbhost.collectionView').deserializeWebviewPanel(panel, { restore: keptByWebview.restore });
        const shown = await restored;
        assert.deepEqual(pageDocuments(await actOn({ panel }, { type: 'discardAll' })).staged, []);
        return shown;
      } finally {
        panel.dispose();
      }
    });
    assert.equal(page.title, before.title);
    assert.deepEqual(page.state, before.state);
    assert.deepEqual(page.state.filter, '{"active": true}');
    const staged = new Map(pageDocuments(page).staged);
    assert.deepEqual(staged.get(keyOf(ids[2])), [{ path: ['address', 'zip'], value: 'NL' }]);
    assert.deepEqual(pageDocuments(await act({ type: 'discardAll' })).staged, []);
  });

  it('deletes selected rows only after a modal confirmation naming the count', async () => {
    const extra = [await createPerson('Temp 1'), await createPerson('Temp 2')];
    await act({ type: 'refresh' });
    const prompts = new FakePrompts([{ confirm: true }]);
    answerPrompts(prompts);
    await act({ type: 'rows', action: 'delete', keys: extra.map(keyOf) });
    assert.match(prompts.confirmations[0]?.text ?? '', /Delete these 2 documents/);
    assert.equal(proxy.writes().filter((write) => write.method === 'DELETE').length, 2);
    for (const id of extra) await assert.rejects(stored(id));
  });

  it('duplicates a row under a new _id, leaving the original as it was', async () => {
    const [ada] = ids;
    const before = (await stored(ada)).document;
    await act({ type: 'setView', state: { filter: '', sort: [], page: 0, pageSize: 20, fields: [], view: 'table' } });
    const page = await act({ type: 'rows', action: 'duplicate', keys: [keyOf(ada)] });
    assert.equal(page.total, 4);
    const copies = pageDocuments(page).documents.filter((document) => document.name === before.name);
    assert.equal(copies.length, 2);
    const copy = copies.find((document) => stringifyLossless(document._id) !== keyOf(ada));
    assert.ok(copy);
    assert.equal(stringifyLossless({ ...copy, _id: null }), stringifyLossless({ ...before, _id: null }));
  });

  it('opens as a table from a playground query, its filter exact after the copy command arguments go through', async () => {
    const fromQuery = JSON.parse(
      JSON.stringify({ filter: '{"big": 9007199254740995}', sort: { name: -1 }, fields: { name: 1 }, skip: 0, limit: 10 }),
    );
    const fromPlayground = await collectionViewOpenedBy(() =>
      vscode.commands.executeCommand('dbhost.openCollectionView', { accountId, db, col }, { fromQuery }),
    );
    try {
      const page = await loadedPage(fromPlayground);
      assert.equal(page.state.filter, '{"big": 9007199254740995}');
      assert.equal(page.state.pageSize, 10);
      assert.deepEqual(
        pageDocuments(page).documents.map((document) => Object.keys(document).sort().join(',')),
        ['_id,name', '_id,name'],
      );
      assert.equal(page.total, 2, 'only Ada and her duplicate hold that int64');
    } finally {
      fromPlayground.panel.dispose();
    }
  });

  it('asks before dropping staged edits when the view is closed, and reopens it with them', async () => {
    await act({ type: 'edit', key: keyOf(ids[2]), path: ['name'], kind: 'string', text: 'Still here' });
    const prompts = new FakePrompts([{ confirm: true }]);
    answerPrompts(prompts);
    try {
      const reopened = nextPanelMade();
      view.panel.dispose();
      const again = { panel: await reopened };
      assert.equal(again.panel.viewType, 'dbhost.collectionView', 'the panel made is not a collection view');
      assert.match(prompts.confirmations[0]?.text ?? '', /closed with unsaved edits to 1 document/);
      const page = await loadedPage(again);
      assert.deepEqual(new Map(pageDocuments(page).staged).get(keyOf(ids[2])), [{ path: ['name'], value: 'Still here' }]);
      assert.equal(proxy.writes().length, 0);
      assert.deepEqual(pageDocuments(await actOn(again, { type: 'discardAll' })).staged, []);
    } finally {
      answerPrompts(undefined);
    }
  });
});
