import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import * as queryOperators from 'mingo/operators/query';
import type { Doc, Value } from '../../../../src/service/bson/extendedJson';
import { ObjectId } from '../../../../src/service/bson/objectId';
import { compileFilter } from '../../../../src/service/query/engine';
import { MINGO_OPTIONS } from '../../../../src/service/query/boundedMingo';
import { fastMembership } from '../../../../src/service/query/inOperands';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFunction = (...args: any[]) => any;

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(0, -0, 1, 1.5, NaN, Infinity, 2),
  fc.constantFrom('', 'a', '1', 'ab'),
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(new Date(0), new Date(1), new Date(NaN)),
  fc.constantFrom(new ObjectId('65a000000000000000000010'), new ObjectId('65a000000000000000000011')),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.record({ x: scalar }, { requiredKeys: [], noNullPrototype: true }) },
);
const operand: fc.Arbitrary<unknown> = fc.oneof({ weight: 6, arbitrary: value }, { weight: 1, arbitrary: fc.constantFrom(/^a/, /b$/i) });

describe('service: $in and $nin look their operands up in a set', () => {
  it('answer as mingo compares each operand, for every kind of value', () => {
    fc.assert(
      fc.property(
        fc.record({ a: value }, { requiredKeys: [], noNullPrototype: true }),
        fc.array(operand, { maxLength: 6 }),
        fc.constantFrom('a', 'a.x'),
        (doc, operands, path) => {
          for (const [name, negated] of [
            ['$in', false],
            ['$nin', true],
          ] as const) {
            const original = (queryOperators as unknown as Record<string, AnyFunction>)[name];
            const expected = (original(path, operands, MINGO_OPTIONS) as AnyFunction)(doc) as boolean;
            const fast = (fastMembership(original, negated)(path, operands, MINGO_OPTIONS) as AnyFunction)(doc) as boolean;
            assert.equal(fast, expected, `${name} ${path}`);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('finds numbers of every kind, dates, object ids and null or missing fields among many operands', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => new ObjectId(`65a0000000000000${i.toString(16).padStart(8, '0')}`));
    const docs: Doc[] = [
      { _id: 1, a: ids[1999] },
      { _id: 2, a: 7n as Value },
      { _id: 3, a: 7.0 },
      { _id: 4, a: new Date(5) },
      { _id: 5, a: null },
      { _id: 6 },
      { _id: 7, a: [new ObjectId('65a0000000000000ffffffff'), ids[3]] },
      { _id: 8, a: 'x' },
    ];
    const matches = (q: Doc) => docs.filter(compileFilter(q)).map((doc) => doc._id);
    assert.deepEqual(matches({ a: { $in: [...ids, 7, new Date(5)] } }), [1, 2, 3, 4, 7]);
    assert.deepEqual(matches({ a: { $in: [...ids, null] } }), [1, 5, 6, 7]);
    assert.deepEqual(matches({ a: { $nin: [...ids, 7n as Value] } }), [4, 5, 6, 8]);
  });
});
