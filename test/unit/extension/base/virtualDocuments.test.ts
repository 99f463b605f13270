import '../../../support/vscodeFake/install';
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Uri, fakeWorkspace, resetFake, workspace } from '../../../support/vscodeFake/vscode';
import { VirtualDocuments } from '../../../../src/extension/base/virtualDocuments';

const extensionFolder = resolve(__dirname, '..', '..', '..', '..', 'src', 'extension');

const LOG = { scheme: 'dbhost-log', gone: 'This log snapshot was closed; run "Show Logs" again for a new one.\n' };
const PREVIEW = { scheme: 'dbhost-preview', gone: '// This preview was closed: preview the update again for a new one.\n' };

describe('read-only snapshots: one lifetime for every kind', () => {
  let documents: VirtualDocuments;

  beforeEach(() => {
    resetFake();
    documents = new VirtualDocuments();
  });
  afterEach(() => documents.dispose());

  it('opens each snapshot with its own text, under an address of its own, though two have the same name', async () => {
    const first = documents.keep(LOG, 'shop/primary.log', 'first\n');
    const second = documents.keep(LOG, 'shop/primary.log', 'second\n');
    assert.notEqual(first.toString(), second.toString());
    assert.equal(first.path, '/shop_primary.log', 'a slash in the name must not make folders of the tab');
    assert.equal((await workspace.openTextDocument(first)).getText(), 'first\n');
    assert.equal((await workspace.openTextDocument(second)).getText(), 'second\n');
  });

  it('lets the text go when its document closes: opened again, it says why and how to get a new one', async () => {
    const kept = documents.keep(PREVIEW, 'orders before.jsonc', '[]');
    const other = documents.keep(PREVIEW, 'orders after.jsonc', '[1]');
    assert.equal((await workspace.openTextDocument(kept)).getText(), '[]');
    await fakeWorkspace.close(kept);
    assert.equal((await workspace.openTextDocument(kept)).getText(), PREVIEW.gone);
    assert.equal((await workspace.openTextDocument(other)).getText(), '[1]', 'closing one document let go of another');
  });

  it('serves several kinds at once, each with its own note once closed', async () => {
    const log = documents.keep(LOG, 'a.log', 'log');
    const preview = documents.keep(PREVIEW, 'a.jsonc', 'preview');
    assert.equal(log.scheme, 'dbhost-log');
    assert.equal(preview.scheme, 'dbhost-preview');
    await fakeWorkspace.close(log);
    await fakeWorkspace.close(preview);
    assert.equal((await workspace.openTextDocument(log)).getText(), LOG.gone);
    assert.equal((await workspace.openTextDocument(preview)).getText(), PREVIEW.gone);
  });

  it('gives its schemes back when disposed', async () => {
    const log = documents.keep(LOG, 'a.log', 'log');
    documents.dispose();
    await assert.rejects(workspace.openTextDocument(log), /no provider/);
  });
});

describe('live documents: held state and computed text, under the same lifetime rule', () => {
  const RESULTS = {
    scheme: 'dbhost-results',
    text: (state: { rows: number }) => `${state.rows} rows\n`,
    gone: '// closed: run it again\n',
  };
  let documents: VirtualDocuments;
  /** Addresses the extension chooses itself (the fake's Uri, as the code under test makes them). */
  const at = (scheme: string, path: string) => Uri.from({ scheme, path }) as never;

  beforeEach(() => {
    resetFake();
    documents = new VirtualDocuments();
  });
  afterEach(() => documents.dispose());

  it("shows a held document's state, and new state replaces the text of the same open document", async () => {
    const results = documents.held(RESULTS);
    const uri = at('dbhost-results', '/orders results.jsonc');
    const shown = await results.show(uri, { rows: 3 });
    assert.equal(shown.getText(), '3 rows\n');
    const again = await results.show(uri, { rows: 5 });
    assert.equal(again, shown, 'a second document was opened instead of replacing the text of the first');
    assert.equal(shown.getText(), '5 rows\n');
  });

  it("lets a held document's state go when its document closes: opened again, it says so, and nothing replaces it", async () => {
    const results = documents.held(RESULTS);
    const closing = at('dbhost-results', '/orders results.jsonc');
    const staying = at('dbhost-results', '/users results.jsonc');
    const first = { rows: 3 };
    await results.show(closing, first);
    await results.show(staying, { rows: 1 });
    await fakeWorkspace.close(closing);
    assert.equal(results.stateOf(closing), undefined, 'the closed document kept its state');
    assert.equal((await workspace.openTextDocument(closing)).getText(), RESULTS.gone);
    assert.equal(results.replace(closing, first, { rows: 4 }), false, 'late results were held for a closed document');
    assert.equal((await workspace.openTextDocument(closing)).getText(), RESULTS.gone);
    assert.deepEqual(results.stateOf(staying), { rows: 1 }, 'closing one document let go of another');
  });

  it('keeps what an open document shows when VS Code closes and opens it again at once (Change Language Mode)', async () => {
    const results = documents.held(RESULTS);
    const uri = at('dbhost-results', '/orders results.jsonc');
    const shown = { rows: 3 };
    await results.show(uri, shown);
    const kept = documents.keep({ scheme: 'dbhost-preview', gone: 'gone\n' }, 'orders before.jsonc', '[]');
    await workspace.openTextDocument(kept);
    await fakeWorkspace.changeLanguage(uri);
    await fakeWorkspace.changeLanguage(kept);
    assert.equal(results.stateOf(uri), shown, 'the results were let go while their tab still showed them');
    assert.equal(results.replace(uri, shown, { rows: 4 }), true);
    assert.equal((await workspace.openTextDocument(kept)).getText(), '[]');
  });

  it('replaces held state only while it is still the state shown', async () => {
    const results = documents.held(RESULTS);
    const uri = at('dbhost-results', '/orders preview.jsonc');
    const counting = { rows: 100 };
    const document = await results.show(uri, counting);
    assert.equal(results.replace(uri, counting, { rows: 120 }), true);
    await until(() => document.getText() === '120 rows\n');
    assert.equal(results.replace(uri, counting, { rows: 130 }), false, 'a stale count overwrote newer results');
  });

  it('computes a document from its address each time it is read, and an open one again when refreshed', async () => {
    let version = 1;
    documents.computed({ scheme: 'dbhost-details', text: (uri) => Promise.resolve(`${uri.path} v${version}\n`) });
    const uri = at('dbhost-details', '/shop (database).json');
    const document = await workspace.openTextDocument(uri);
    assert.equal(document.getText(), '/shop (database).json v1\n');
    version = 2;
    documents.refresh(uri);
    await until(() => document.getText() === '/shop (database).json v2\n');
    await fakeWorkspace.close(uri);
    version = 3;
    assert.equal((await workspace.openTextDocument(uri)).getText(), '/shop (database).json v3\n', 'a computed document kept old text');
  });

  it("refreshes only the document named: another scheme's or address's stays as it is", async () => {
    let version = 1;
    documents.computed({ scheme: 'dbhost-schema', text: (uri) => `${uri.path} v${version}\n` });
    const results = documents.held(RESULTS);
    const report = await workspace.openTextDocument(at('dbhost-schema', '/a'));
    const other = await workspace.openTextDocument(at('dbhost-schema', '/b'));
    const held = await results.show(at('dbhost-results', '/r'), { rows: 1 });
    version = 2;
    documents.refresh(at('dbhost-schema', '/a'));
    await until(() => report.getText() === '/a v2\n');
    assert.equal(other.getText(), '/b v1\n');
    assert.equal(held.getText(), '1 rows\n');
  });

  it('serves a scheme once, and gives it back when its kind is disposed', async () => {
    const results = documents.held(RESULTS);
    assert.throws(() => documents.computed({ scheme: 'dbhost-results', text: () => '' }), /dbhost-results is served already/);
    results.dispose();
    await assert.rejects(workspace.openTextDocument(at('dbhost-results', '/r')), /no provider/);
    const again = documents.held(RESULTS);
    assert.equal((await again.show(at('dbhost-results', '/r'), { rows: 2 })).getText(), '2 rows\n');
  });

  it('is the only module of the extension that registers a content provider', () => {
    const registrars = readdirSync(extensionFolder, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /\bregisterTextDocumentContentProvider\b/.test(readFileSync(join(extensionFolder, file), 'utf8')))
      .map((file) => file.replaceAll('\\', '/'));
    assert.deepEqual(registrars, ['base/virtualDocuments.ts']);
  });
});

/** Waits for what the fake does after a change event (it reads the provider again, asynchronously). */
async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 100 && !condition(); turn++) await new Promise((resolve) => setImmediate(resolve));
  assert.ok(condition(), 'the document never showed the new text');
}
