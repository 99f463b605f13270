import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CompiledRules } from '../../../../src/core/validation/collectionRules';
import type { InProcessService } from '../../../support/testService';
import { startServiceInProcess } from '../../../support/testService';
import { RulesCalls } from './rulesService';

const VALIDATOR = {
  $jsonSchema: {
    bsonType: 'object',
    required: ['name'],
    properties: {
      _id: { bsonType: 'int' },
      count: {},
      name: { bsonType: 'string', minLength: 2, pattern: '^[A-Z]' },
      price: { bsonType: ['int', 'double'], minimum: 0, exclusiveMinimum: true, maximum: 100 },
      tags: { bsonType: 'array', items: { enum: ['a', 'b', 'c'] }, maxItems: 3, uniqueItems: true },
      size: { anyOf: [{ bsonType: 'string' }, { bsonType: 'int', multipleOf: 2 }] },
    },
    additionalProperties: { bsonType: 'bool' },
  },
  count: { $gte: 0 },
};

const value = fc.oneof(
  fc.integer({ min: -5, max: 120 }),
  fc.double({ min: -5, max: 120, noNaN: true }),
  fc.constantFrom('Ab', 'a', 'A', 'Zed', ''),
  fc.boolean(),
);
/** Mostly a value the rules take, sometimes any value: so that both outcomes come up. */
const mostly = (good: fc.Arbitrary<unknown>) => fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: value });
const documentArbitrary = fc.record(
  {
    name: mostly(fc.constantFrom('Ab', 'Zed')),
    price: mostly(fc.integer({ min: 1, max: 100 })),
    tags: fc.oneof(
      fc.constant(['a', 'b']),
      fc.array(fc.oneof(fc.constantFrom('a', 'b', 'c', 'd'), fc.integer({ min: 0, max: 2 })), { maxLength: 4 }),
    ),
    size: mostly(fc.constantFrom('L', 4)),
    count: mostly(fc.integer({ min: 0, max: 9 })),
    extra: mostly(fc.boolean()),
  },
  { requiredKeys: [] },
);

describe('local service: a document the checker passes is stored, one it fails is refused at the same paths (issue 33)', function () {
  this.timeout(120_000);
  let running: InProcessService;
  let calls: RulesCalls;

  before(async () => {
    running = await startServiceInProcess({ empty: true });
    calls = new RulesCalls(running, 'shop');
    await calls.createDatabase();
    await calls.createCollection('checked', { validator: VALIDATOR });
  });
  after(async () => running.stop());

  it('agrees with the extension-side checker on every document', async () => {
    // The extension's checker has no query matcher: the one condition is checked here by hand.
    const checker = CompiledRules.compile(VALIDATOR);
    let id = 0;
    const outcomes = { stored: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(documentArbitrary, async (doc) => {
        const stored = { _id: ++id, ...doc };
        const expected = checker.violations(stored).map((violation) => violation.path);
        if (!(typeof doc.count === 'number' && doc.count >= 0)) expected.push('count');
        const answer = await calls.insert('checked', stored);
        if (expected.length === 0) {
          assert.equal(answer.status, 200, answer.text);
          outcomes.stored++;
          return;
        }
        assert.equal(answer.status, 400, answer.text);
        const paths = (answer.json as { violations: { path: string }[] }).violations.map((violation) => violation.path);
        assert.deepEqual(paths, expected);
        outcomes.refused++;
      }),
      { numRuns: 200 },
    );
    assert.ok(outcomes.stored > 0 && outcomes.refused > 0, `only one outcome was tried: ${JSON.stringify(outcomes)}`);
  });
});
