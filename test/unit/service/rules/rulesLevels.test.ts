import assert from 'node:assert/strict';
import type { InProcessService } from '../../../support/testService';
import { startServiceInProcess, temporaryDirectory } from '../../../support/testService';
import { assertRefused, PRICE_RULES, RulesCalls } from './rulesService';

const MINIMUM = 'properties.price.minimum';
const WARNINGS = 'x-service-validation-warnings';

describe('local service: collection rules by level and action, across a copy and a restart (issue 33)', function () {
  this.timeout(60_000);
  const dataDir = temporaryDirectory('rules');
  let running: InProcessService;
  let calls: RulesCalls;
  const start = async () => {
    running = await startServiceInProcess({ apiKeys: ['rules-key'], dataDir, keepData: true, empty: true });
    calls = new RulesCalls(running, 'shop');
  };

  before(async () => {
    await start();
    await calls.createDatabase();
  });
  after(async () => {
    await running.stop();
    // The last start removes what the test kept.
    running = await startServiceInProcess({ apiKeys: ['rules-key'], dataDir, empty: true });
    await running.stop();
  });

  it('moderate: an update of a document that broke the rules already is written; one that kept them is checked', async () => {
    await calls.createCollection('moderate', { validator: PRICE_RULES, validationLevel: 'moderate' }, [
      { _id: 'old', name: 'Old', price: -5 },
      { _id: 'good', name: 'Good', price: 5 },
    ]);
    assert.equal((await calls.update('moderate', 'old', { $set: { note: 'still negative' } })).status, 200);
    assertRefused(await calls.update('moderate', 'good', { $set: { price: -1 } }), 'price: must be a number ≥ 0 (found -1)', MINIMUM);
    assertRefused(
      await calls.insert('moderate', { _id: 'new', name: 'New', price: -1 }),
      'price: must be a number ≥ 0 (found -1)',
      MINIMUM,
    );
    assert.deepEqual(
      (await calls.documents('moderate')).map((doc) => [doc._id, doc.price, doc.note]),
      [
        ['good', 5, undefined],
        ['old', -5, 'still negative'],
      ],
    );
  });

  it('warn: a write that breaks the rules is stored, and the answer lists the violations and counts them in a header', async () => {
    await calls.createCollection('warned', { validator: PRICE_RULES, validationAction: 'warn' });
    const answer = await calls.insert('warned', { _id: 'w', name: 'W', price: -1 });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.headers.get(WARNINGS), '1');
    assert.deepEqual(answer.json, {
      ok: 1,
      validationWarnings: [{ _id: 'w', path: 'price', rule: MINIMUM, kind: 'schema', message: 'price: must be a number ≥ 0 (found -1)' }],
    });
    const clean = await calls.insert('warned', { _id: 'v', name: 'V', price: 1 });
    assert.deepEqual([clean.json, clean.headers.get(WARNINGS)], [{ ok: 1 }, null]);
    const bulk = await calls.bulk('warned', { criteria: {}, object: { $unset: { name: '' } }, multi: true });
    assert.equal(bulk.headers.get(WARNINGS), '2');
    assert.equal((await calls.documents('warned')).length, 2);
  });

  it('off: nothing is checked, and the rules stay shown', async () => {
    await calls.createCollection('off', { validator: PRICE_RULES, validationLevel: 'off' });
    const answer = await calls.insert('off', { _id: 'o', price: 'free' });
    assert.deepEqual([answer.status, answer.json], [200, { ok: 1 }]);
    assert.equal((await calls.stats('off')).validationLevel, 'off');
  });

  it('Copy Database takes the rules along, and refuses a copy with a document a strict collection refuses', async () => {
    const copy = (to: string) => calls.json('POST', '/copy_database', { from: 'shop', to });
    // `moderate` keeps its old document in the copy; `warned` copies its two documents without a name, and says so.
    const first = await copy('shop_copy');
    assert.equal(first.status, 200, first.text);
    assert.equal((first.json as { copy: boolean }).copy, true);
    assert.equal(first.headers.get(WARNINGS), '2');
    const stats = await calls.stats('moderate', 'shop_copy');
    assert.deepEqual([stats.validator, stats.validationLevel], [PRICE_RULES, 'moderate']);
    assert.deepEqual(
      (await calls.documents('moderate', 'shop_copy')).map((doc) => doc._id),
      ['good', 'old'],
    );
    const inCopy = await calls.json('POST', '/databases/shop_copy/collections/moderate/documents', { document: { price: -1 } });
    assert.equal(inCopy.status, 400, inCopy.text);

    await calls.createCollection('strict_old', undefined, [{ _id: 'x', name: 'X', price: -9 }]);
    await calls.ok('PUT', calls.path('strict_old'), { validator: PRICE_RULES });
    assertRefused(await copy('shop_copy2'), 'price: must be a number ≥ 0 (found -9)', MINIMUM);
    assert.equal((await calls.json('GET', '/databases/shop_copy2')).status, 404);
    await calls.ok('PUT', calls.path('strict_old'), { validationLevel: 'moderate' });
    assert.equal(((await copy('shop_copy2')).json as { copy: boolean }).copy, true);
  });

  it('keeps the rules across a restart, and enforces them after it', async () => {
    await calls.createCollection('kept', { validator: { ...PRICE_RULES, code: { $exists: true } }, validationAction: 'error' });
    await running.stop();
    await start();
    const stats = await calls.stats('kept');
    assert.deepEqual(
      [stats.validator, stats.validationLevel, stats.validationAction],
      [{ ...PRICE_RULES, code: { $exists: true } }, 'strict', 'error'],
    );
    assertRefused(await calls.insert('kept', { name: 'K', price: -1, code: 1 }), 'price: must be a number ≥ 0 (found -1)', MINIMUM);
    assertRefused(
      await calls.insert('kept', { name: 'K', price: 1 }),
      'code: must satisfy {"$exists":true} (the field is missing)',
      'code',
    );
    assert.equal((await calls.stats('warned')).validationAction, 'warn');
    assert.equal((await calls.stats('moderate', 'shop_copy')).validationLevel, 'moderate');
  });
});
