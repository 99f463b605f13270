import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { col, command, guardedAccountForSuite } from './guardedAccount';

describe('Guardrails: Confirm writes send exactly what was confirmed, and Normal sends without asking', function () {
  this.timeout(120_000);
  const account = guardedAccountForSuite('guardconfirm');
  const { db, target } = account;

  it('Confirm writes shows the exact body and the match count, and sends exactly that on Send', async () => {
    await account.other.createCollection(db, 'renameme');
    await account.setGuardrails({ mode: 'confirm', tag: 'production' });
    const seen = await command('dbhost.renameCollection', target({ col: 'renameme' }), [{ input: 'renamed2' }, { confirm: true }]);
    assert.deepEqual(seen.messages, []);
    const writes = account.proxy.writes();
    assert.equal(writes.length, 1);
    const detail = seen.questions[1].detail ?? '';
    assert.equal(detail.split('\n')[0], `PUT ${writes[0].path}`);
    assert.equal(detail.split('\n')[1], writes[0].body, 'the confirmation does not show the body byte for byte');
    assert.deepEqual(
      (await account.other.listCollections(db)).map((record) => record.name).filter((name) => name.startsWith('rename')),
      ['renamed2'],
    );
  });

  it('Confirm writes asks once for a command that asks first: its question names the account, and Send sends', async () => {
    await account.setGuardrails({ mode: 'confirm', tag: 'production' });
    const seen = await command('dbhost.updateMatchingDocuments', target({ col }), [
      { input: '{"name": "Ada"}' },
      { input: '{"$set": {"seen": true}}' },
      { confirm: true },
    ]);
    assert.deepEqual(seen.messages, []);
    assert.equal(seen.questions.filter((question) => question.kind === 'confirm').length, 1);
    assert.match(seen.questions[2].text, /^\[production\] Update 1 of 1 document in /);
    assert.equal(account.proxy.writes().length, 1);
    assert.equal((await account.other.listDocuments(db, col, { q: { seen: true } })).total, 1);
  });

  it("Confirm writes asks once for a whole import, in the import's own question, not once per document", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'dbhost-guarded-import-'));
    try {
      const file = join(folder, 'people.ndjson');
      writeFileSync(
        file,
        ['{"_id": "imp-1", "name": "Grace"}', '{"_id": "imp-2", "name": "Alan"}', '{"_id": "imp-3", "name": "Edsger"}', ''].join('\n'),
      );
      await account.setGuardrails({ mode: 'confirm', tag: 'production' });
      const seen = await command('dbhost.importDocuments', target({ col }), [{ file }, { confirm: true }]);
      assert.deepEqual(seen.messages, []);
      const confirmations = seen.questions.filter((question) => question.kind === 'confirm');
      assert.equal(confirmations.length, 1, `asked ${JSON.stringify(confirmations.map((q) => q.text))}`);
      assert.match(confirmations[0].text, /^\[production\] Import 3 documents from people\.ndjson/);
      assert.equal(account.proxy.writes().length, 3);
      assert.equal((await account.other.listDocuments(db, col, { q: { _id: { $in: ['imp-1', 'imp-2', 'imp-3'] } } })).total, 3);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('Normal sends writes without asking', async () => {
    await account.setGuardrails({});
    const seen = await command('dbhost.createCollection', target(), [{ input: 'normalcol' }]);
    assert.deepEqual(seen.messages, []);
    assert.equal(account.proxy.writes().length, 1);
    await account.other.deleteCollection(db, 'normalcol');
  });
});
