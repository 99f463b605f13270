import assert from 'node:assert/strict';
import type { InProcessService } from '../../../support/testService';
import { startServiceInProcess } from '../../../support/testService';
import { assertRefused, PRICE_RULES, RulesCalls } from './rulesService';

const MINIMUM = 'properties.price.minimum';

describe('local service: collection rules (issue 33)', function () {
  this.timeout(60_000);
  let running: InProcessService;
  let calls: RulesCalls;

  before(async () => {
    running = await startServiceInProcess({ empty: true });
    calls = new RulesCalls(running, 'shop');
    await calls.createDatabase();
  });
  after(async () => running.stop());

  describe('setting and reading', () => {
    it('sets a validator with PUT on the collection and shows it, strict and error unless given, in its statistics', async () => {
      await calls.createCollection('settings', { validator: PRICE_RULES });
      const stats = await calls.stats('settings');
      assert.deepEqual([stats.validator, stats.validationLevel, stats.validationAction], [PRICE_RULES, 'strict', 'error']);
      await calls.ok('PUT', calls.path('settings'), { validationAction: 'warn' });
      const changed = await calls.stats('settings');
      assert.deepEqual([changed.validator, changed.validationLevel, changed.validationAction], [PRICE_RULES, 'strict', 'warn']);
    });

    it('removes the rules with an empty validator, and shows none for a collection without', async () => {
      await calls.createCollection('removed', { validator: PRICE_RULES });
      await calls.ok('PUT', calls.path('removed'), { validator: {} });
      const stats = await calls.stats('removed');
      assert.equal(stats.validator, undefined);
      assert.equal(stats.validationLevel, undefined);
      assert.equal((await calls.insert('removed', { price: -1 })).status, 200);
    });

    it('still renames with {"name"}, and the rules go with the collection', async () => {
      await calls.createCollection('before', { validator: PRICE_RULES });
      await calls.ok('PUT', calls.path('before'), { name: 'after' });
      assert.deepEqual((await calls.stats('after')).validator, PRICE_RULES);
      assertRefused(await calls.insert('after', { name: 'x', price: -1 }), 'price: must be a number ≥ 0 (found -1)', MINIMUM);
    });

    it('answers an invalid validator with a 400 that says why, and keeps the rules it had', async () => {
      await calls.createCollection('invalid', { validator: PRICE_RULES });
      const cases: [unknown, RegExp][] = [
        [
          { validator: { $jsonSchema: { properties: { a: { bsonType: 'integer' } } } } },
          /^Invalid validator: \$jsonSchema\.properties\.a\.bsonType names the unknown type "integer"/,
        ],
        [
          { validator: { $jsonSchema: { properties: { a: { pattern: '(a+)+\\1' } } } } },
          /properties\.a\.pattern is not a pattern the linear-time regular-expression engine \(RE2\) accepts/,
        ],
        [{ validator: { price: { $bogus: 1 } } }, /^Invalid validator: The validator's condition on "price" is invalid/],
        [{ validator: PRICE_RULES, validationLevel: 'sometimes' }, /"validationLevel" must be one of "strict", "moderate", "off"/],
        [{ validator: [1] }, /"validator" must be a JSON object/],
        [{ validator: PRICE_RULES, name: 'other' }, /^Send "name" \(to rename the collection\) or "validator"/],
      ];
      for (const [body, pattern] of cases) {
        const answer = await calls.json('PUT', calls.path('invalid'), body);
        assert.equal(answer.status, 400, answer.text);
        assert.match((answer.json as { error: string }).error, pattern);
      }
      assert.deepEqual((await calls.stats('invalid')).validator, PRICE_RULES);
      assert.equal((await calls.json('PUT', calls.path('missing'), { validator: PRICE_RULES })).status, 404);
    });

    it('refuses a validator nested too deep or naming __proto__ with a 400, not a crash', async () => {
      await calls.createCollection('attacked');
      const nestedNot = (levels: number) => {
        let deep: Record<string, unknown> = { bsonType: 'object' };
        for (let level = 0; level < levels; level++) deep = { not: deep };
        return { validator: { $jsonSchema: deep } };
      };
      const nested = await calls.json('PUT', calls.path('attacked'), nestedNot(40));
      assert.equal(nested.status, 400, nested.text);
      assert.match((nested.json as { error: string }).error, /nested deeper than 32 levels of subschemas/);
      const text = `{"validator": {"$jsonSchema": ${'{"not": '.repeat(20_000)}{}${'}'.repeat(20_000)}}}`;
      const deeper = await running.raw('PUT', calls.path('attacked'), { body: text });
      assert.equal(deeper.status, 400, deeper.text);
      const proto = await running.raw('PUT', calls.path('attacked'), {
        body: '{"validator": {"$jsonSchema": {"properties": {"__proto__": {"bsonType": "string"}}}}}',
      });
      assert.equal(proto.status, 400, proto.text);
      assert.match((proto.json as { error: string }).error, /__proto__/);
      assert.equal((await calls.stats('attacked')).validator, undefined);
    });
  });

  describe('every write path', () => {
    before(async () => calls.createCollection('prices', { validator: PRICE_RULES }, []));

    it('refuses an insert that breaks the rules, naming the path and rule, and stores a valid one', async () => {
      assertRefused(
        await calls.insert('prices', { _id: 'bad', name: 'Lamp', price: -3 }),
        'price: must be a number ≥ 0 (found -3)',
        MINIMUM,
      );
      assertRefused(await calls.insert('prices', { _id: 'bad', price: 3 }), 'name: is required', 'required');
      assert.equal((await calls.insert('prices', { _id: 'lamp', name: 'Lamp', price: 12 })).status, 200);
      assert.deepEqual(await calls.documents('prices'), [{ _id: 'lamp', name: 'Lamp', price: 12 }]);
    });

    it('refuses an update by id that would break the rules and leaves the document as it was', async () => {
      assertRefused(await calls.update('prices', 'lamp', { $set: { price: -1 } }), 'price: must be a number ≥ 0 (found -1)', MINIMUM);
      assertRefused(await calls.update('prices', 'lamp', { price: 5 }), 'name: is required', 'required');
      assert.deepEqual(await calls.documents('prices'), [{ _id: 'lamp', name: 'Lamp', price: 12 }]);
      assert.equal((await calls.update('prices', 'lamp', { $inc: { price: 1 } })).status, 200);
      assert.deepEqual(await calls.documents('prices'), [{ _id: 'lamp', name: 'Lamp', price: 13 }]);
    });

    it('refuses a whole bulk update when one document it would write breaks the rules', async () => {
      assert.equal((await calls.insert('prices', { _id: 'cheap', name: 'Cheap', price: 1 })).status, 200);
      const answer = await calls.bulk('prices', { criteria: {}, object: { $inc: { price: -5 } }, multi: true });
      assertRefused(answer, 'price: must be a number ≥ 0 (found -4)', MINIMUM);
      assert.deepEqual(
        (await calls.documents('prices')).map((doc) => doc.price),
        [1, 13],
      );
      assert.equal((await calls.bulk('prices', { criteria: {}, object: { $inc: { price: 1 } }, multi: true })).status, 200);
      assert.deepEqual(
        (await calls.documents('prices')).map((doc) => doc.price),
        [2, 14],
      );
    });

    it('refuses an upsert that would insert a document breaking the rules', async () => {
      const answer = await calls.bulk('prices', { criteria: { _id: 'new' }, object: { $set: { price: 4 } }, upsert: true });
      assertRefused(answer, 'name: is required', 'required');
      assert.equal((await calls.documents('prices')).length, 2);
      const good = await calls.bulk('prices', { criteria: { _id: 'new' }, object: { $set: { name: 'New', price: 4 } }, upsert: true });
      assert.equal(good.status, 200, good.text);
      assert.equal((await calls.documents('prices')).length, 3);
    });

    it('refuses $out and $merge into a collection whose rules a result breaks, writing nothing', async () => {
      await calls.createCollection('source', undefined, [{ _id: 'a', name: 'A', price: -2 }]);
      const out = await calls.json('POST', calls.path('source', '/aggregate'), { pipeline: [{ $out: 'prices' }] });
      assert.equal(out.status, 400, out.text);
      assert.match((out.json as { error: string }).error, /price: must be a number ≥ 0 \(found -2\) \(rule: properties\.price\.minimum\)/);
      const merge = await calls.json('POST', calls.path('source', '/aggregate'), { pipeline: [{ $merge: { into: 'prices' } }] });
      assert.equal(merge.status, 400, merge.text);
      assert.match((merge.json as { error: string }).error, /price: must be a number ≥ 0 \(found -2\)/);
      assert.equal((await calls.documents('prices')).length, 3);
      const fixed = [{ $set: { price: 2 } }, { $merge: { into: 'prices' } }];
      assert.equal((await calls.json('POST', calls.path('source', '/aggregate'), { pipeline: fixed })).status, 200);
      assert.equal((await calls.documents('prices')).length, 4);
    });

    it("checks a query condition of the validator with the service's matcher", async () => {
      await calls.createCollection('stock', { validator: { count: { $gte: 0 }, $or: [{ kind: 'a' }, { kind: 'b' }] } });
      const answer = await calls.insert('stock', { _id: 1, count: -1, kind: 'a' });
      assertRefused(answer, 'count: must satisfy {"$gte":0} (found -1)', 'count');
      assertRefused(
        await calls.insert('stock', { _id: 1, count: 1, kind: 'c' }),
        '(document): must satisfy [{"kind":"a"},{"kind":"b"}]',
        '$or',
      );
      assert.equal((await calls.insert('stock', { _id: 1, count: 1, kind: 'b' })).status, 200);
    });
  });
});
