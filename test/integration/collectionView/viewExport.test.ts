import * as assert from 'node:assert/strict';
import { addAccount, removeAccount, serviceClient, setGuardrails } from '../support/accounts';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { JsonObject } from '../../../src/core/json/lossless';
import { LosslessNumber, parseLossless, stringifyLossless } from '../../../src/core/json/lossless';
import { nextRunOf } from '../support/commandRuns';
import { activateExtension } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import { journey } from '../support/journey';
import { actOn, collectionViewOpenedBy, loadedPage, postedBy } from './viewMessages';
import { sendAsPage } from '../support/webviewPanels';
import type { PageMessage, ViewPanel } from './viewMessages';
import { readTestConfig } from '../support/test-config';
import { answerPrompts } from '../support/windowPrompts';

const db = 'viewexporttests';
const col = 'items';

const documentsOf = (page: PageMessage): JsonObject[] => page.documents;

describe('Collection view: Export… and Export Selected…', function () {
  journey(this);
  this.timeout(120_000);
  let accountId: string;
  let other: DbHostApi;
  let folder: string;
  let view: ViewPanel;
  /** The view's filter, sort, page and columns as its page was last sent them. */
  const shownState = async () => (await loadedPage(view)).state;

  before(async () => {
    await activateExtension();
    const { empty } = readTestConfig().services;
    other = serviceClient(empty);
    await other.createDatabase(db, 'sandbox');
    await other.createCollection(db, col);
    // 130 kept (more than a page of the view and of the export), mixed _id types, exact values.
    for (let n = 0; n < 150; n++) {
      const _id =
        n === 7
          ? new LosslessNumber('9007199254740993')
          : n === 8
            ? `own-${n}`
            : { $oid: (0x65a1b2c3d4e5f60718290000n + BigInt(n)).toString(16) };
      const document: JsonObject = {
        _id,
        n,
        keep: n < 130,
        big: new LosslessNumber('9223372036854775807'),
        at: { $date: '2024-02-29T12:00:00.000Z' },
        tags: ['x', { deep: [n] }],
      };
      await other.createDocument(db, col, document, { safe: n === 149 });
    }
    // A read-only account (guardrails): export only reads, so it is allowed.
    accountId = (await addAccount('View export tests', { url: empty.url, apiKey: empty.apiKey })).accountId;
    await setGuardrails(accountId, { mode: 'readOnly' });
    folder = mkdtempSync(join(tmpdir(), 'dbhost-viewexport-'));
    const state = { filter: '{"keep": true}', sort: [{ path: ['n'], direction: -1 }], page: 0, pageSize: 10, fields: [], view: 'table' };
    view = await collectionViewOpenedBy(() => vscode.commands.executeCommand('dbhost.openCollectionView', { accountId, db, col }, state));
    const first = await loadedPage(view);
    assert.equal(first.total, 130);
  });

  after(async () => {
    if (other) await other.deleteDatabase(db).catch(() => undefined);
    if (accountId) await removeAccount(accountId);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** Runs `start` (the page's message, or the rows' context menu), answering the export's questions, and waits for the Export Documents command it runs to end. */
  async function exportFrom(start: () => unknown, answers: ConstructorParameters<typeof FakePrompts>[0]): Promise<FakePrompts> {
    const prompts = new FakePrompts(answers);
    answerPrompts(prompts);
    try {
      const exported = nextRunOf('dbhost.exportDocuments');
      await start();
      await exported;
    } finally {
      answerPrompts(undefined);
    }
    return prompts;
  }

  /** Sends `message` as the view's page does. */
  const fromPage = (message: unknown) => () => sendAsPage(view.panel, message);

  /** The documents a query matches as the service holds them, as NDJSON lines. */
  async function expectedLines(q: JsonObject, sort: Record<string, 1 | -1>): Promise<string[]> {
    const lines: string[] = [];
    for (let skip = 0; ; skip += 100) {
      const page = await other.listDocuments(db, col, { q, sort, skip, limit: 100 });
      lines.push(...page.documents.map((document) => stringifyLossless(document)));
      if (page.documents.length < 100) return lines;
    }
  }

  it('Export… writes everything the filter matches, past the loaded page, in the view’s sort, exactly', async () => {
    const file = join(folder, 'kept.ndjson');
    const prompts = await exportFrom(fromPage({ type: 'exportView' }), [{ pick: 'NDJSON' }, { file }]);
    assert.deepEqual(prompts.errors, []);
    assert.equal(prompts.unanswered, 0);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    assert.equal(lines.length, 130, 'not bounded by the view’s page of 10');
    assert.deepEqual(lines, await expectedLines({ keep: true }, { n: -1 }));
    assert.ok(
      lines.some((line) => line.startsWith('{"_id":9007199254740993,')),
      'the int64 _id is exact',
    );
    assert.ok(
      lines.every((line) => line.includes('"big":9223372036854775807') && line.includes('"at":{"$date":"2024-02-29T12:00:00.000Z"}')),
    );
    assert.ok(
      prompts.infos.some((text) => /Exported 130 documents of the filter on viewexporttests\.items/.test(text)),
      prompts.infos.join('\n'),
    );
  });

  it('Export… follows the view’s projection to CSV with the chosen columns', async () => {
    await actOn(view, { type: 'setView', state: { ...(await shownState()), fields: [['n'], ['tags']] } });
    const file = join(folder, 'kept.csv');
    const prompts = await exportFrom(fromPage({ type: 'exportView' }), [{ pick: 'CSV' }, { input: '_id,n,tags' }, { file }]);
    assert.deepEqual(prompts.errors, []);
    const rows = readFileSync(file, 'utf8').trimEnd().split('\r\n');
    assert.equal(rows[0], '_id,n,tags');
    assert.equal(rows.length, 131);
    assert.equal(rows[1].split(',')[1], '129', 'in the view’s sort');
    assert.ok(!readFileSync(file, 'utf8').includes('9223372036854775807'), 'a field outside the projection was exported');
  });

  it('Export Selected… writes exactly the two selected documents, fetched by _id from two pages, in the view’s order', async () => {
    const onLastPage = documentsOf(await actOn(view, { type: 'setView', state: { ...(await shownState()), fields: [], page: 12 } }));
    const int64Row = onLastPage.find((document) => document.n === 7);
    assert.ok(int64Row, 'the row with the int64 _id is on the last page');
    const objectIdRow = documentsOf(await actOn(view, { type: 'setView', state: { ...(await shownState()), page: 0 } }))[2];
    assert.equal(objectIdRow.n, 127);
    const keys = [objectIdRow, int64Row].map((document) => stringifyLossless(document._id));

    const file = join(folder, 'selected.json');
    const prompts = await exportFrom(fromPage({ type: 'exportSelected', keys }), [{ pick: 'JSON array' }, { file }]);
    assert.deepEqual(prompts.errors, []);
    const text = readFileSync(file, 'utf8');
    const written = parseLossless(text) as JsonObject[];
    assert.deepEqual(
      written.map((document) => stringifyLossless(document)),
      await Promise.all([127, 7].map(async (n) => (await expectedLines({ n }, {}))[0])),
    );
    assert.ok(text.includes('9007199254740993') && text.includes('"$oid":"65a1b2c3d4e5f6071829007f"'), text);
    // One notice: the export's notification; the view does not say it again.
    assert.deepEqual(
      prompts.infos
        .filter((message) => /Exported/.test(message))
        .map((message) => /Exported 2 documents of the 2 selected documents of viewexporttests\.items/.test(message)),
      [true],
      prompts.infos.join('\n'),
    );
    assert.ok(!postedBy(view).some((message) => message.type === 'notice' && /Exported/.test(message.text)), 'the view repeats the notice');
  });

  it('Export Selected… from the rows’ context menu, its save dialog cancelled, writes nothing; a malformed export argument is refused with its reason', async () => {
    const before = readdirSync(folder).sort();
    // What the page puts in the menu's context when a row is right-clicked (rowContextMenu.ts).
    const context = { webviewSection: 'row', preventDefaultContextMenuItems: true, selectedKeys: ['"own-8"'] };
    const dismissed = await exportFrom(
      () => vscode.commands.executeCommand('dbhost.exportSelectedRows', context),
      [{ pick: 'NDJSON' }, { dismiss: true }],
    );
    assert.equal(dismissed.unanswered, 0, 'the menu’s Export Selected… did not ask its format and file');
    assert.deepEqual(dismissed.errors, []);
    assert.deepEqual(readdirSync(folder).sort(), before);

    const prompts = new FakePrompts([]);
    answerPrompts(prompts);
    try {
      await vscode.commands.executeCommand('dbhost.exportDocuments', {
        accountId,
        db,
        col,
        scope: { kind: 'ids', ids: '"own-8"', fields: {} },
      });
    } finally {
      answerPrompts(undefined);
    }
    assert.match(
      prompts.errors.join('\n'),
      /^scope\.ids must be a non-empty array: Export Documents cannot use the arguments it was given\./m,
    );
    assert.equal(prompts.questions.length, 0, 'it asked something before refusing');
  });
});
