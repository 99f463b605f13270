import assert from 'node:assert/strict';
import { stringifyExtended } from '../../../../src/service/bson/extendedJson';
import { ObjectId } from '../../../../src/service/bson/objectId';
import { parseStoredJson } from '../../../../src/service/bson/storedJson';
import { isPlainJson, stringifyStored } from '../../../../src/service/bson/plainJson';
import { SeededRandom } from '../../../support/seededRandom';

function randomValue(random: SeededRandom, depth: number): unknown {
  const kind = random.int(0, depth > 3 ? 5 : 7);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random.int(-1e6, 1e6) / random.int(1, 7);
    case 2:
      return random.text(random.int(0, 6), ['a', 'é', '"', '\\', '\n', '\u2028', '\ud83d\ude00']);
    case 3:
      return random.int(0, 1) === 1;
    case 4:
      return new ObjectId(`65a0000000000000000000${random.int(10, 99)}`);
    case 5:
      return -0;
    case 6:
      return Array.from({ length: random.int(0, 4) }, () => randomValue(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(0, 4) }, (_, i) => [`k${i}${random.text(2, ['x', '$', '.'])}`, randomValue(random, depth + 1)]),
      );
  }
}

describe('adversarial budget: large bodies are written without a per-value callback', () => {
  it('writes plain JSON values exactly as the extended-JSON writer does', () => {
    const random = new SeededRandom(1_911);
    for (let i = 0; i < 2_000; i++) {
      const value = { _id: i, v: randomValue(random, 0) };
      assert.equal(isPlainJson(value), true);
      assert.equal(stringifyStored(value as never), stringifyExtended(value));
    }
  });

  it('leaves dates and 64-bit integers to the extended-JSON writer, and refuses non-finite numbers and array holes', () => {
    const sparse: unknown[] = [1];
    sparse[3] = 2;
    for (const odd of [new Date(0), 9007199254740993n, Object.create(null) as object]) {
      const value = { _id: 1, nested: [{ odd }] };
      assert.equal(isPlainJson(value), false);
      assert.equal(stringifyStored(value as never), stringifyExtended(value));
    }
    for (const odd of [Number.NaN, Number.POSITIVE_INFINITY, sparse]) {
      const value = { _id: 1, nested: [{ odd }] };
      assert.equal(isPlainJson(value), false);
      assert.throws(() => stringifyStored(value as never), /cannot be written faithfully/);
    }
  });
});

describe('adversarial budget: a body of long numbers is parsed by the engine unless it needs the exact parse', () => {
  it('keeps integers past 2^53 exact, and reads 16-digit numbers within it as numbers', () => {
    const text =
      '{"safe":[1234567890123456,9007199254740991,-9007199254740991,0.1234567890123456,1.0000000000000001],"exact":{"a":[9007199254740993]}}';
    const parsed = parseStoredJson(text) as { safe: unknown[]; exact: { a: unknown[] } };
    assert.deepEqual(parsed.safe, [1234567890123456, 9007199254740991, -9007199254740991, 0.1234567890123456, 1]);
    assert.deepEqual(parsed.exact.a, [9007199254740993n]);
    assert.deepEqual(
      parseStoredJson('{"big":[12345678901234567890123]}'),
      { big: [Number('12345678901234567890123')] },
      'beyond 64 bits: a double, as in the database',
    );
    assert.deepEqual(parseStoredJson('{"n":1234567890123456,"m":[-9223372036854775808]}'), {
      n: 1234567890123456,
      m: [-9223372036854775808n],
    });
  });
});
