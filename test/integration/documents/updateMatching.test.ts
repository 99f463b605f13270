import * as assert from 'node:assert/strict';
import { newObjectId } from '../../../src/core/documents/objectId';
import { db, col, runAnswered, documentsAccountForSuite } from './documentsAccount';

describe('Documents as files: Update Matching Documents', function () {
  this.timeout(60_000);
  const account = documentsAccountForSuite('Update matching tests');

  it('updates matching documents after showing how many match and asking', async () => {
    const batch = newObjectId();
    for (const status of ['draft', 'draft', 'draft', 'done'])
      await account.other.createDocument(db, col, { batch, status }, { safe: true });

    const { prompts } = await runAnswered(
      [
        { input: `{"batch": "${batch}", "status": "draft"}` },
        { input: '{"$set": {"status": "published"}}' },
        { pick: 'Update all matching documents' },
        { confirm: true },
      ],
      'dbhost.updateMatchingDocuments',
      { accountId: account.accountId, db, col },
    );
    assert.match(prompts.questions[2].title ?? '', /3 documents match/);
    assert.match(prompts.questions[3].message ?? '', new RegExp(`Update all 3 documents in ${db}\\.${col}\\?`));
    const writes = account.proxy.writes();
    assert.equal(writes.length, 1);
    assert.deepEqual(JSON.parse(writes[0].body), {
      criteria: { batch, status: 'draft' },
      object: { $set: { status: 'published' } },
      multi: true,
      upsert: false,
      safe: true,
    });
    assert.equal((await account.other.listDocuments(db, col, { q: { batch, status: 'published' } })).total, 3);
    assert.equal((await account.other.listDocuments(db, col, { q: { batch, status: 'done' } })).total, 1);
    assert.match(prompts.infos[0] ?? '', /The service answered/);
  });
});
