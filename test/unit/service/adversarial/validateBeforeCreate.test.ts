import assert from 'node:assert/strict';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { KEY_A, assertRefused, seed } from './adversarialHarness';

/**
 * Issue 22: a write checks its criteria and update the same way whether or not its target exists, and a
 * refused write creates nothing (an upsert into a missing collection used to skip the query's checks).
 */
describe('adversarial: a write into a missing collection is checked as one into an existing collection', function () {
  this.timeout(60_000);
  let running: InProcessService;

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY_A], empty: true });
    await seed(running, KEY_A, 'db', 'present', [{ _id: 1, a: 1 }]);
  });
  after(() => running?.stop());

  const collections = async (): Promise<string[]> => {
    const answer = await running.raw('GET', '/databases/db/collections');
    assert.equal(answer.status, 200, answer.text);
    return (answer.json as { name: string }[]).map((collection) => collection.name).sort();
  };

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['an unknown query operator', { criteria: { a: { $bogus: 1 } }, object: { $set: { b: 1 } } }, /bogus|unknown|operator/i],
    ['$where', { criteria: { $where: 'this.a == 1' }, object: { $set: { b: 1 } } }, /where/i],
    ['a prototype path in the criteria', { criteria: { '__proto__.x': 1 }, object: { $set: { b: 1 } } }, /__proto__/],
    ['an unknown update operator', { criteria: { a: 5 }, object: { $bogus: { b: 1 } } }, /Unknown update operator/],
    ['a prototype path in the update', { criteria: { a: 5 }, object: { $set: { 'constructor.x': 1 } } }, /constructor/],
    ['a replacement with a $ field', { criteria: { a: 5 }, object: { $x: 1, y: 2 } }, /mixes|\$/],
    [
      'a replacement with a bad field name',
      { criteria: { a: 5 }, object: { 'b.c': 1 } },
      /cannot contain "\."|multi update needs update operators/,
    ],
  ];

  for (const [what, update, reason] of bad) {
    for (const upsert of [true, false]) {
      for (const multi of [false, true]) {
        it(`${what} (upsert ${upsert}, multi ${multi}): 400 on a missing collection as on an existing one, nothing created`, async () => {
          for (const col of ['present', 'nosuch']) {
            const answer = await running.raw('PUT', `/databases/db/collections/${col}/documents`, {
              body: jsonBody({ ...update, upsert, multi, safe: true }),
            });
            assert.equal(answer.status, 400, `${col}: ${answer.status} ${answer.text}`);
            assertRefused(answer, reason, `${what} on ${col}`);
          }
          assert.deepEqual(await collections(), ['present']);
        });
      }
    }
  }

  it('a bad update matching nothing in an existing collection is refused too', async () => {
    const answer = await running.raw('PUT', '/databases/db/collections/present/documents', {
      body: jsonBody({ criteria: { a: 999 }, object: { $bogus: { b: 1 } }, multi: true, safe: true }),
    });
    assertRefused(answer, /Unknown update operator/, 'no match');
  });

  it('an insert of a bad document into a missing collection is refused and creates nothing', async () => {
    for (const document of [{ $x: 1 }, { 'a.b': 1 }, { _id: [1] }, { constructor: 1 }]) {
      const answer = await running.raw('POST', '/databases/db/collections/fresh/documents', { body: jsonBody({ document, safe: true }) });
      assert.equal(answer.status, 400, `${JSON.stringify(document)}: ${answer.text}`);
    }
    assert.deepEqual(await collections(), ['present']);
  });

  it('a good upsert into a missing collection still creates it with the document', async () => {
    const answer = await running.raw('PUT', '/databases/db/collections/made/documents', {
      body: jsonBody({ criteria: { a: 5 }, object: { $set: { b: 1 } }, upsert: true, safe: true }),
    });
    assert.equal(answer.status, 200, answer.text);
    const listed = await running.raw('GET', '/databases/db/collections/made/documents');
    assert.deepEqual(
      (listed.json as Record<string, unknown>[]).map(({ a, b }) => ({ a, b })),
      [{ a: 5, b: 1 }],
    );
  });
});
