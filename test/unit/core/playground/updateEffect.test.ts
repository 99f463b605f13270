import * as assert from 'node:assert/strict';
import type { UpdateRequest } from '../../../../src/core/playground/playgroundRequest';
import { describeUpdateEffect } from '../../../../src/core/playground/updateEffect';

const update = (flags: { multi?: boolean; upsert?: boolean }): UpdateRequest => ({
  kind: 'update',
  database: 'shop',
  collection: 'orders',
  update: { criteria: { status: 'open' }, object: { $set: { status: 'closed' } }, ...flags },
});

describe('describeUpdateEffect', () => {
  it('says all matching documents change with multi', () => {
    const effect = describeUpdateEffect(update({ multi: true }), { total: 1234, anyMatch: true });
    assert.equal(effect.message, 'Update all 1,234 matching documents of shop.orders?');
    assert.ok(effect.changesSomething);
  });

  it('says only one of several changes without multi', () => {
    const effect = describeUpdateEffect(update({}), { total: 3, anyMatch: true });
    assert.equal(effect.message, 'Update 1 of the 3 matching documents of shop.orders?');
    assert.match(effect.detail, /"multi" is false: only the first match is updated/);
  });

  it('offers to insert with upsert when nothing matches, and sends nothing otherwise', () => {
    const upsert = describeUpdateEffect(update({ upsert: true }), { total: 0, anyMatch: false });
    assert.equal(upsert.changesSomething, true);
    assert.match(upsert.message, /Insert one new document/);
    const nothing = describeUpdateEffect(update({ multi: true }), { total: 0, anyMatch: false });
    assert.equal(nothing.changesSomething, false);
    assert.match(nothing.message, /nothing to update/);
  });

  it('notes that upsert does nothing when documents match', () => {
    assert.match(describeUpdateEffect(update({ upsert: true }), { total: 1, anyMatch: true }).detail, /"upsert" has no effect/);
  });

  it('says so when the service gave no count', () => {
    const effect = describeUpdateEffect(update({ multi: true }), { total: undefined, anyMatch: true });
    assert.match(effect.detail, /did not say how many/);
  });
});
