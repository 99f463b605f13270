import * as assert from 'node:assert/strict';
import type { UpdateRequest } from '../../../../src/core/playground/playgroundRequest';
import { describeMatches } from '../../../../src/core/playground/describeMatches';
import { replacesWholeDocuments } from '../../../../src/core/playground/updateEffect';

const update = (
  flags: { multi?: boolean; upsert?: boolean },
  object: UpdateRequest['update']['object'] = { $set: { status: 'closed' } },
): UpdateRequest => ({
  kind: 'update',
  database: 'shop',
  collection: 'orders',
  update: { criteria: { status: 'open' }, object, ...flags },
});

describe('describeMatches: what a playground update will do, in words for its confirmation', () => {
  it('says all matching documents change with multi', () => {
    const effect = describeMatches(update({ multi: true }), 1234);
    assert.equal(effect.message, 'Update all 1,234 matching documents of shop.orders?');
  });

  it('says only one of several changes without multi', () => {
    const effect = describeMatches(update({}), 3);
    assert.equal(effect.message, 'Update 1 of the 3 matching documents of shop.orders?');
    assert.match(effect.detail, /"multi" is false: only the first match is updated/);
  });

  it('offers to insert with upsert when nothing matches', () => {
    const upsert = describeMatches(update({ upsert: true }), 0);
    assert.equal(upsert.message, 'No document of shop.orders matches. Insert one new document?');
    assert.match(upsert.detail, /"upsert" is true: the service inserts a single document/);
  });

  it('notes that upsert does nothing when documents match', () => {
    assert.match(describeMatches(update({ upsert: true }), 1).detail, /"upsert" has no effect/);
  });

  it('knows an object without $ operators replaces the documents whole', () => {
    assert.equal(replacesWholeDocuments({ status: 'closed' }), true);
    assert.equal(replacesWholeDocuments({ $set: { status: 'closed' } }), false);
  });
});
