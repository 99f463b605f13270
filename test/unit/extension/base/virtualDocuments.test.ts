import '../../../support/vscodeFake/install';
import * as assert from 'node:assert/strict';
import { fakeWorkspace, resetFake, workspace } from '../../../support/vscodeFake/vscode';
import { VirtualDocuments } from '../../../../src/extension/base/virtualDocuments';

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
    fakeWorkspace.close(kept);
    assert.equal((await workspace.openTextDocument(kept)).getText(), PREVIEW.gone);
    assert.equal((await workspace.openTextDocument(other)).getText(), '[1]', 'closing one document let go of another');
  });

  it('serves several kinds at once, each with its own note once closed', async () => {
    const log = documents.keep(LOG, 'a.log', 'log');
    const preview = documents.keep(PREVIEW, 'a.jsonc', 'preview');
    assert.equal(log.scheme, 'dbhost-log');
    assert.equal(preview.scheme, 'dbhost-preview');
    fakeWorkspace.close(log);
    fakeWorkspace.close(preview);
    assert.equal((await workspace.openTextDocument(log)).getText(), LOG.gone);
    assert.equal((await workspace.openTextDocument(preview)).getText(), PREVIEW.gone);
  });

  it('gives its schemes back when disposed', async () => {
    const log = documents.keep(LOG, 'a.log', 'log');
    documents.dispose();
    await assert.rejects(workspace.openTextDocument(log), /no provider/);
  });
});
