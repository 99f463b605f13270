import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { JsonSyntaxError, LosslessNumber, parseExactly, parseLossless } from '../../../../src/core/json/lossless';
import type { ParseOptions } from '../../../../src/core/json/lossless';

/** The same JSON value: same types, -0 apart from 0, LosslessNumbers by text, keys in the same order, same prototypes. */
function assertSameJson(actual: unknown, expected: unknown, at = '$'): void {
  if (expected instanceof LosslessNumber) {
    assert.ok(actual instanceof LosslessNumber, `${at}: expected LosslessNumber(${expected.text}), got ${String(actual)}`);
    assert.equal(actual.text, expected.text, at);
    return;
  }
  if (typeof expected !== 'object' || expected === null) {
    assert.ok(Object.is(actual, expected), `${at}: expected ${String(expected)}, got ${String(actual)}`);
    return;
  }
  assert.ok(typeof actual === 'object' && actual !== null, `${at}: expected an object or array`);
  assert.equal(Object.getPrototypeOf(actual), Object.getPrototypeOf(expected), `${at}: prototype`);
  assert.deepEqual(Reflect.ownKeys(actual), Reflect.ownKeys(expected), `${at}: keys`);
  for (const key of Object.keys(expected)) {
    assertSameJson(
      Object.getOwnPropertyDescriptor(actual, key)?.value,
      Object.getOwnPropertyDescriptor(expected, key)?.value,
      `${at}.${key}`,
    );
  }
}

/** parseLossless (fast path where it can) against the exact parser: same value, or the same JsonSyntaxError. */
function assertAgrees(text: string, options?: ParseOptions): void {
  let expected: unknown;
  let expectedError: JsonSyntaxError | undefined;
  try {
    expected = parseExactly(text, options);
  } catch (error) {
    assert.ok(error instanceof JsonSyntaxError, `the exact parser threw ${String(error)}`);
    expectedError = error;
  }
  if (expectedError) {
    assert.throws(
      () => parseLossless(text, options),
      (error: unknown) =>
        error instanceof JsonSyntaxError && error.message === expectedError.message && error.offset === expectedError.offset,
      `expected ${JSON.stringify(text.slice(0, 200))} to fail with ${expectedError.message}`,
    );
    return;
  }
  assertSameJson(parseLossless(text, options), expected);
}

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((list) => list.join(''));

/** Number tokens as JSON allows them, weighted towards the ones JS would rewrite: long, trailing zeros, exponents, -0, tiny. */
const numberToken = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('', '-'),
      fc.oneof(
        fc.constant('0'),
        fc.tuple(fc.constantFrom(...'123456789'), digits(0, 24)).map(([a, b]) => a + b),
      ),
    )
    .map(([sign, int]) => sign + int),
  fc
    .tuple(
      fc.constantFrom('', '-'),
      fc.oneof(
        fc.constant('0'),
        fc.tuple(fc.constantFrom(...'123456789'), digits(0, 18)).map(([a, b]) => a + b),
      ),
      fc.oneof(
        fc.constant(''),
        digits(1, 20).map((d) => `.${d}`),
        fc.constantFrom('.0', '.50', '.000000', '.0000001', '.000001', '.1000000000000000055511151231257827'),
      ),
      fc.oneof(
        fc.constant(''),
        fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), digits(1, 3)).map((parts) => parts.join('')),
      ),
    )
    .map((parts) => parts.join('')),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.integer().map(String),
  fc.constantFrom(
    '-0',
    '-0.0',
    '0.0',
    '1e21',
    '1e+21',
    '9007199254740993',
    '9007199254740992',
    '123456789012345',
    '1234567890123456',
    '0.1',
    '100',
    '5e-324',
    '1.7976931348623157e308',
    '1e400',
  ),
);

/** Strings that look like numbers or JSON to a regex scan: dates, "key: 1.0", escaped colons, digits. */
const trickyString = fc
  .oneof(
    fc.string(),
    fc.constantFrom(
      '2024-01-01T00:00:07.000Z',
      'a:1.0',
      ': -0',
      ',[1e5',
      'x\\u003ay',
      'value 1.50',
      '12345678901234567890',
      '__proto__',
      'constructor',
      ':',
    ),
    numberToken,
    fc.string({ unit: fc.constantFrom(...'0123456789.-eE:,[ ') }),
  )
  .map((s) => JSON.stringify(s).replace(/:/g, (colon) => (s.length % 3 === 0 ? '\\u003a' : colon)));

const whitespace = fc.constantFrom('', ' ', '\n  ', '\t', '\r\n');
const key = fc
  .oneof(fc.constantFrom('a', 'b', 'n', '__proto__', 'a:b', '1', '10', 'x\\u003a'), fc.string({ maxLength: 4 }))
  .map((k) => (k.includes('\\') ? `"${k}"` : JSON.stringify(k)));

/** JSON text with tricky numbers and strings, repeated keys now and then, and varied whitespace. */
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4, withCrossShrink: true },
    numberToken,
    trickyString,
    fc.constantFrom('true', 'false', 'null'),
    fc.tuple(whitespace, fc.array(tie('value'), { maxLength: 5 })).map(([ws, items]) => `[${ws}${items.join(`,${ws}`)}${ws}]`),
    fc
      .tuple(whitespace, fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }))
      .map(([ws, members]) => `{${ws}${members.map(([k, v]) => `${k}${ws}:${ws}${v}`).join(`,${ws}`)}${ws}}`),
  ),
})).value;

/** Valid text with one character removed, replaced or inserted: mostly invalid JSON. */
const brokenText = fc
  .tuple(jsonText, fc.nat(), fc.constantFrom('', '"', ',', ':', '[', '}', '0', '-', '.', 'e', '\u0001', '\uFEFF'), fc.constantFrom(0, 1))
  .map(([text, at, ch, drop]) => {
    const i = text.length === 0 ? 0 : at % text.length;
    return text.slice(0, i) + ch + text.slice(i + drop);
  });

describe('core/json/lossless fast path', () => {
  it('gives exactly what the exact parser gives on JSON with tricky numbers and strings', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        assertAgrees(text);
        assertAgrees(text, { rejectDuplicateKeys: true });
      }),
      { numRuns: 1000 },
    );
  });

  it('fails like the exact parser on broken JSON', () => {
    fc.assert(
      fc.property(brokenText, (text) => {
        assertAgrees(text);
        assertAgrees(text, { rejectDuplicateKeys: true });
      }),
      { numRuns: 1000 },
    );
  });

  it('agrees on every JSON value JSON.stringify writes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        assertAgrees(JSON.stringify(value));
        assertAgrees(JSON.stringify(value, null, 2), { rejectDuplicateKeys: true });
      }),
    );
  });

  it('keeps each number a JS number would change, alone in otherwise plain text', () => {
    const plain = { date: '2024-01-01T00:00:00.000Z', note: 'a: 1.0, -0', list: Array.from({ length: 50 }, (_, i) => i * 1.25) };
    for (const token of [
      '9007199254740993',
      '-0',
      '2.50',
      '0.0',
      '1e3',
      '1E-2',
      '0.0000001',
      '1234567.1234567891',
      '100000000000000000000000',
    ]) {
      for (const text of [JSON.stringify({ ...plain, n: 0 }).replace('"n":0', `"n":${token}`), `[${token}]`, ` ${token} `]) {
        const value = parseLossless(text);
        const found = (
          Array.isArray(value)
            ? value[0]
            : typeof value === 'object' && value !== null && !(value instanceof LosslessNumber)
              ? value.n
              : value
        ) as LosslessNumber;
        assert.ok(found instanceof LosslessNumber, `${token} in ${text.slice(0, 40)}…`);
        assert.equal(found.text, token);
      }
    }
  });

  it('refuses a duplicate key even when every number is plain', () => {
    assert.throws(() => parseLossless('{"a": "x:y", "b": {"c": 1, "c": 2}}', { rejectDuplicateKeys: true }), /Duplicate property "c"/);
    assert.throws(() => parseLossless('{"a": "x\\u003ay", "a": 1}', { rejectDuplicateKeys: true }), /Duplicate property "a"/);
    assert.deepEqual(parseLossless('{"a": "x:y", "a": 2}'), { a: 2 });
  });

  it('makes "__proto__" an own property, not the prototype', () => {
    const value = parseLossless('{"__proto__": {"polluted": 1}, "list": [{"__proto__": null}]}') as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(value), Object.prototype);
    assert.ok(Object.hasOwn(value, '__proto__'));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('refuses nesting deeper than 1000 levels as the exact parser does, at any size', () => {
    for (const depth of [999, 1000, 1001, 1002]) {
      for (const pad of ['', ' '.repeat(3000)]) {
        assertAgrees(`${'['.repeat(depth)}1${']'.repeat(depth)}${pad}`);
        assertAgrees(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}${pad}`, { rejectDuplicateKeys: true });
        assertAgrees(`${'['.repeat(depth)}${']'.repeat(depth)}${pad}`);
      }
    }
    assert.throws(() => parseLossless(`${'['.repeat(1001)}1${']'.repeat(1001)}${' '.repeat(3000)}`), /Nesting deeper than 1000 levels/);
  });

  it('accepts a byte order mark as the exact parser does', () => {
    assertAgrees('\uFEFF{"a": [1, 2.5]}');
  });
});
