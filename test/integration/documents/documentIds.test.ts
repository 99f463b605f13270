import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { JsonValue } from '../../../src/core/json/lossless';
import { stringifyLossless } from '../../../src/core/json/lossless';
import { actOn, collectionViewOpenedBy, loadedPage } from '../collectionView/viewMessages';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';
import type { ProxiedAccount } from '../support/proxiedAccount';
import { addProxiedAccount } from '../support/proxiedAccount';
import { discard, replaceFirst } from '../support/textEditing';
import { answerPrompts } from '../support/windowPrompts';
import { documentOpenedDuring } from '../support/editors';

const db = 'documentidtests';
const col = 'ids';
const OID = '6563a0c1e4b0a1b2c3d4e5f6';

/** Documents whose `_id`s a path could mix up: a number and its digits as a string, an object id and its hex as a string. */
const NEIGHBOURS: readonly { id: JsonValue; tag: string }[] = [
  { id: 42, tag: 'number' },
  { id: '42', tag: 'string' },
  { id: { $oid: OID }, tag: 'oid' },
  { id: OID, tag: 'hex' },
];

/**
 * Each feature that names one document by its `_id` (documents as files, Open Document by _id, the collection
 * view's save and multi-row delete, Undo Last Change) reaches the document of that exact `_id`, never its neighbour.
 */
describe('Documents named by _id: 42, "42", an object id and its hex', function () {
  this.timeout(90_000);
  let proxied: ProxiedAccount | undefined;
  let accountId: string;
  let other: DbHostApi;

  /** `_id=tag` of every document, as the service holds them. */
  const tags = async () =>
    (await other.listDocuments(db, col, { limit: 100 })).documents.map((doc) => `${stringifyLossless(doc._id)}=${String(doc.tag)}`).sort();
  const all = (suffix = '') => ['"42"=string', `"${OID}"=hex`, '42=number', `{"$oid":"${OID}"}=oid`].map((entry) => `${entry}${suffix}`);

  before(async () => {
    await activateExtension();
    proxied = await addProxiedAccount({ label: 'Document id tests', db, col });
    ({ accountId, other } = proxied);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await proxied?.remove();
  });

  beforeEach(async () => {
    // Each deleted by the _id it has: a path naming an absent string _id falls back to a number or an object id.
    for (const { _id } of (await other.listDocuments(db, col, { limit: 100 })).documents) await other.deleteDocument(db, col, _id ?? null);
    for (const { id, tag } of NEIGHBOURS) await other.createDocument(db, col, { _id: id, tag }, { safe: true });
  });

  it('opens, saves and deletes each one as a file', async () => {
    const documents: vscode.TextDocument[] = [];
    for (const { id, tag } of NEIGHBOURS) {
      let errors: string[] = [];
      const opened = await documentOpenedDuring(`Open Document ${stringifyLossless(id)}`, async () => {
        ({ errors } = (await runScripted([], 'dbhost.openDocument', { accountId, db, col, docId: id })).prompts);
      });
      assert.deepEqual(errors, [], `${stringifyLossless(id)} did not open`);
      const document = await vscode.workspace.openTextDocument(opened);
      assert.match(
        document.getText(),
        new RegExp(`"tag": "${tag}"`),
        `${stringifyLossless(id)} opened ${document.uri.toString()}: ${document.getText()}`,
      );
      documents.push(document);
    }
    assert.equal(new Set(documents.map((document) => document.uri.toString())).size, NEIGHBOURS.length, 'two documents share a file');
    for (const [index, { tag }] of NEIGHBOURS.entries()) {
      await replaceFirst(documents[index], `"${tag}"`, `"${tag}!"`);
      assert.equal(await documents[index].save(), true);
    }
    assert.deepEqual(await tags(), all('!'));
    for (const index of [0, 2]) {
      const { prompts } = await runScripted([{ confirm: true }], 'dbhost.deleteDocument', documents[index].uri);
      assert.match(prompts.infos[0] ?? '', /^Deleted the document /);
    }
    assert.deepEqual(await tags(), ['"42"=string!', `"${OID}"=hex!`]);
  });

  it('Open Document by _id reads 42 typed bare as the number and "42" quoted as the string, likewise an object id', async () => {
    for (const [typed, tag] of [
      ['42', 'number'],
      ['"42"', 'string'],
      [OID, 'oid'],
      [`"${OID}"`, 'hex'],
    ]) {
      const opened = await documentOpenedDuring(`Open Document by _id ${typed}`, () =>
        runScripted([{ input: typed }], 'dbhost.openDocumentById', { accountId, db, col }),
      );
      const document = await vscode.workspace.openTextDocument(opened);
      assert.match(document.getText(), new RegExp(`"tag": "${tag}"`), typed);
      await discard(document);
    }
  });

  it('Copy _id gives the text Open Document by _id reads back as the same document', async () => {
    const copied: string[] = [];
    for (const { id, tag } of NEIGHBOURS) {
      await vscode.commands.executeCommand('dbhost.copyDocumentId', { accountId, db, col, docId: id });
      const text = await vscode.env.clipboard.readText();
      copied.push(text);
      const opened = await documentOpenedDuring(`Open Document by _id ${text}`, () =>
        runScripted([{ input: text }], 'dbhost.openDocumentById', { accountId, db, col }),
      );
      const document = await vscode.workspace.openTextDocument(opened);
      assert.match(document.getText(), new RegExp(`"tag": "${tag}"`), text);
      await discard(document);
    }
    assert.deepEqual(copied, ['42', '"42"', OID, `"${OID}"`]);
  });

  it('the collection view saves each edit to its own row, deletes the rows selected, and Undo puts them back', async () => {
    const view = await collectionViewOpenedBy(() => vscode.commands.executeCommand('dbhost.openCollectionView', { accountId, db, col }));
    await loadedPage(view);
    const act = (message: unknown) => actOn(view, message);
    for (const { id, tag } of NEIGHBOURS) {
      await act({ type: 'edit', key: stringifyLossless(id), path: ['tag'], kind: 'string', text: `${tag}!` });
    }
    await act({ type: 'save' });
    assert.deepEqual(await tags(), all('!'));

    answerPrompts(new FakePrompts([{ confirm: true }]));
    try {
      await act({ type: 'rows', action: 'delete', keys: ['42', `{"$oid":"${OID}"}`] });
    } finally {
      answerPrompts(undefined);
    }
    assert.deepEqual(await tags(), ['"42"=string!', `"${OID}"=hex!`]);

    const { prompts } = await runScripted([{ confirm: true }], 'dbhost.undoLastChange', { accountId, db, col });
    assert.deepEqual(prompts.infos, [`Undid the last change to ${db}.${col}: 2 documents put back.`]);
    assert.deepEqual(await tags(), all('!'));
    view.panel.dispose();
  });
});
