import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { JsonSyntaxError, LosslessNumber, isJsonObject, parseLossless, stringifyLossless } from '../../../../src/core/json/lossless';

function syntaxError(text: string, options?: { rejectDuplicateKeys?: boolean }): JsonSyntaxError {
  try {
    parseLossless(text, options);
  } catch (error) {
    assert.ok(error instanceof JsonSyntaxError, `expected a JsonSyntaxError, got ${String(error)}`);
    return error;
  }
  assert.fail(`expected ${JSON.stringify(text)} to be rejected`);
}

describe('core/json/lossless', () => {
  describe('numbers keep their text', () => {
    for (const text of [
      '9007199254740993',
      '-9007199254740993',
      '123456789012345678901234567890',
      '1.50',
      '1e400',
      '-1e400',
      '-0',
      '1E5',
      '1e-7',
      '0.1000000000000000055511151231257827',
      '-0.0',
    ]) {
      it(`${text} survives parse → stringify`, () => {
        const document = `{"n":${text},"list":[${text}]}`;
        assert.equal(stringifyLossless(parseLossless(document)), document);
      });
    }

    it('keeps numbers that a JS number represents exactly as plain numbers', () => {
      assert.deepEqual(parseLossless('[0, 1, -3, 1.5, 2.25, 1e+21, 1e21, 100]'), [
        0,
        1,
        -3,
        1.5,
        2.25,
        1e21,
        new LosslessNumber('1e21'),
        100,
      ]);
      assert.equal(typeof parseLossless('42'), 'number');
    });

    it('turns a too-large integer into a LosslessNumber with its exact text', () => {
      const value = parseLossless('9007199254740993');
      assert.ok(value instanceof LosslessNumber);
      assert.equal(value.text, '9007199254740993');
    });

    it('round trips any integer text exactly', () => {
      fc.assert(
        fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (n) => {
          assert.equal(stringifyLossless(parseLossless(`[${n}]`)), `[${n}]`);
        }),
      );
    });

    it('round trips arbitrary JSON documents written by JSON.stringify', () => {
      fc.assert(
        fc.property(fc.jsonValue(), (value) => {
          const text = JSON.stringify(value);
          assert.equal(stringifyLossless(parseLossless(text)), text);
          const pretty = JSON.stringify(value, null, 2);
          assert.equal(stringifyLossless(parseLossless(pretty), 2), pretty);
        }),
      );
    });
  });

  describe('syntax errors point at the problem', () => {
    it('reports offset, line and column of an unexpected character', () => {
      const error = syntaxError('{\n  "a": 1,\n  "b": tru\n}');
      assert.equal(error.offset, 19);
      assert.equal(error.line, 3);
      assert.equal(error.column, 8);
      assert.match(error.message, /line 3, column 8/);
    });

    it('counts CRLF and lone CR as one line break each', () => {
      const crlf = syntaxError('{\r\n"a": 1,\r\n}');
      assert.deepEqual([crlf.line, crlf.column, crlf.offset], [3, 1, 12]);
      const cr = syntaxError('[1,\r\r  x]');
      assert.deepEqual([cr.line, cr.column], [3, 3]);
    });

    it('names a trailing comma', () => {
      const error = syntaxError('{"a": 1,}');
      assert.match(error.message, /Unexpected character "}", expected a property name/);
      assert.equal(error.column, 9);
    });

    it('names a missing colon, comma and bracket', () => {
      assert.match(syntaxError('{"a" 1}').message, /expected ':'/);
      assert.match(syntaxError('[1 2]').message, /expected ',' or '\]'/);
      assert.match(syntaxError('{"a": 1').message, /Unexpected end of text, expected ',' or '}'/);
    });

    it('points at the start of an unterminated string', () => {
      const error = syntaxError('{"a": "abc');
      assert.equal(error.offset, 6);
      assert.match(error.message, /Unterminated string/);
    });

    it('points at an invalid escape, not at the string start', () => {
      const error = syntaxError('["ok", "bad \\x escape"]');
      assert.equal(error.offset, 12);
      assert.match(error.message, /Invalid escape/);
      assert.equal(syntaxError('"\\u12G4"').offset, 1);
    });

    it('accepts every valid escape', () => {
      assert.equal(parseLossless('"\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\ud83d\\ude00"'), '" \\ / \b \f \n \r \t é 😀');
    });

    it('refuses raw control characters in strings', () => {
      assert.match(syntaxError('"a\tb"').message, /Control character/);
    });

    it('refuses text after the value and an empty text', () => {
      assert.match(syntaxError('{} {}').message, /after the end of the value/);
      assert.match(syntaxError('   ').message, /Unexpected end of text/);
    });

    it('refuses numbers JSON does not allow', () => {
      for (const text of ['01', '1.', '.5', '+1', '-', '1e', 'NaN', 'Infinity']) syntaxError(text);
    });

    it('reports a whole astral character, not half of it', () => {
      assert.match(syntaxError('[😀]').message, /Unexpected character "😀"/);
    });

    it('names an unexpected quote or backslash without escaping it', () => {
      const error = syntaxError('{"a": 1\n  "b": 2}');
      assert.equal(error.message, `Unexpected character '"', expected ',' or '}' at line 2, column 3`);
      assert.match(syntaxError('[\\]').message, /Unexpected character '\\'/);
    });

    it('tolerates a byte order mark at the start', () => {
      assert.deepEqual(parseLossless('\uFEFF{"a": 1}'), { a: 1 });
    });
  });

  describe('nesting', () => {
    it('parses and writes 1000 levels', () => {
      const text = '['.repeat(1000) + ']'.repeat(1000);
      assert.equal(stringifyLossless(parseLossless(text)), text);
      const objects = '{"a":'.repeat(1000) + '1' + '}'.repeat(1000);
      assert.equal(stringifyLossless(parseLossless(objects)), objects);
    });

    it('refuses deeper nesting with a syntax error instead of overflowing the stack', () => {
      const error = syntaxError('['.repeat(100_000) + ']'.repeat(100_000));
      assert.match(error.message, /Nesting deeper than 1000 levels/);
      assert.equal(error.offset, 1001);
    });
  });

  describe('keys', () => {
    it('keeps the last of duplicate keys by default, in the first position, like JSON.parse', () => {
      const text = '{"a": 1, "b": 2, "a": 3}';
      const parsed = parseLossless(text);
      assert.deepEqual(parsed, JSON.parse(text));
      assert.deepEqual(Object.keys(parsed as object), ['a', 'b']);
    });

    it('refuses duplicate keys on request, pointing at the second one', () => {
      const error = syntaxError('{"a": 1,\n "a": 2}', { rejectDuplicateKeys: true });
      assert.match(error.message, /Duplicate property "a"/);
      assert.deepEqual([error.line, error.column], [2, 2]);
      assert.doesNotThrow(() => parseLossless('{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}', { rejectDuplicateKeys: true }));
    });

    it('keeps "__proto__" as an ordinary key without touching prototypes', () => {
      const parsed = parseLossless('{"__proto__": {"polluted": true}, "constructor": 1}');
      assert.ok(isJsonObject(parsed));
      assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
      assert.deepEqual(Object.keys(parsed), ['__proto__', 'constructor']);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
      assert.equal(stringifyLossless(parsed), '{"__proto__":{"polluted":true},"constructor":1}');
    });

    it('detects duplicate keys that only an inherited name would shadow', () => {
      assert.doesNotThrow(() => parseLossless('{"toString": 1, "hasOwnProperty": 2}', { rejectDuplicateKeys: true }));
      assert.throws(() => parseLossless('{"__proto__": 1, "__proto__": 2}', { rejectDuplicateKeys: true }), JsonSyntaxError);
    });
  });

  describe('stringifyLossless', () => {
    it('matches JSON.stringify for plain values and indents', () => {
      const value = { a: [1, 'two', null, true, { b: [] }], c: {}, d: undefined, e: () => 1, f: Number.NaN, g: [undefined] };
      assert.equal(stringifyLossless(value), JSON.stringify(value));
      assert.equal(stringifyLossless(value, 2), JSON.stringify(value, null, 2));
      assert.equal(stringifyLossless(value, '\t'), JSON.stringify(value, null, '\t'));
      assert.equal(stringifyLossless(value, 20), JSON.stringify(value, null, 20));
      assert.equal(stringifyLossless(new Date(0)), JSON.stringify(new Date(0)));
    });

    it('writes LosslessNumbers verbatim and bigints as digits', () => {
      assert.equal(stringifyLossless({ n: new LosslessNumber('1.50'), b: 12345678901234567890n }), '{"n":1.50,"b":12345678901234567890}');
    });

    it('refuses a circular structure with a TypeError but allows shared subtrees', () => {
      const cycle: Record<string, unknown> = {};
      cycle.self = cycle;
      assert.throws(() => stringifyLossless(cycle), TypeError);
      const shared = { x: 1 };
      assert.equal(stringifyLossless([shared, shared]), '[{"x":1},{"x":1}]');
    });

    it('gives a LosslessNumber its numeric value for ordinary JSON.stringify and arithmetic', () => {
      const n = new LosslessNumber('1.50');
      assert.equal(JSON.stringify({ n }), '{"n":1.5}');
      assert.equal(+n, 1.5);
    });
  });
});
