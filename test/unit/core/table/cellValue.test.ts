import * as assert from 'node:assert/strict';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { LosslessNumber, parseLossless, stringifyLossless } from '../../../../src/core/json/lossless';
import { displayText, editText, kindOf, parseCellInput } from '../../../../src/core/table/cellValue';

const doc = (text: string): JsonObject => parseLossless(text) as JsonObject;

describe('table cells: kinds and text', () => {
  it('reads each kind from extended JSON, telling null from missing', () => {
    const d = doc(
      '{"s":"x","i":42,"big":9007199254740993,"d":1.5,"t":{"$date":"2024-05-01T12:00:00.000Z"},"o":{"$oid":"4ffde1398c1a4b6d6c000001"},"n":null,"b":true,"a":[1,2],"e":{"x":1},"dec":{"$numberDecimal":"1.10"},"long":{"$numberLong":"7"}}',
    );
    const kinds = Object.fromEntries(Object.keys(d).map((key) => [key, kindOf(d[key])]));
    assert.deepEqual(kinds, {
      s: 'string',
      i: 'integer',
      big: 'int64',
      d: 'double',
      t: 'date',
      o: 'objectId',
      n: 'null',
      b: 'boolean',
      a: 'array',
      e: 'object',
      dec: 'decimal',
      long: 'int64',
    });
    assert.equal(kindOf(d.absent), 'missing');
    assert.equal(displayText(d.absent), '');
    assert.equal(displayText(d.n), 'null');
  });

  it('shows numbers exactly, int64 beyond 2^53 and trailing zeros included', () => {
    const d = doc('{"big":9007199254740993,"price":1.50,"neg":-9223372036854775808}');
    assert.equal(displayText(d.big), '9007199254740993');
    assert.equal(displayText(d.price), '1.50');
    assert.equal(displayText(d.neg), '-9223372036854775808');
  });

  it('shows dates and ids readably, arrays by length', () => {
    const d = doc('{"t":{"$date":"2024-05-01T12:00:00.000Z"},"o":{"$oid":"4ffde1398c1a4b6d6c000001"},"a":[1,2,3],"e":{}}');
    assert.equal(displayText(d.t), '2024-05-01T12:00:00.000Z');
    assert.equal(displayText(d.o), '4ffde1398c1a4b6d6c000001');
    assert.equal(displayText(d.a), '[3]');
    assert.equal(displayText(d.e), '{}');
  });
});

describe('table cells: parsing what a user typed', () => {
  it('keeps an integer beyond 2^53 exactly', () => {
    const parsed = parseCellInput('int64', '9007199254740993');
    assert.ok(parsed.value instanceof LosslessNumber);
    assert.equal(stringifyLossless(parsed.value), '9007199254740993');
    assert.equal(kindOf(parsed.value), 'int64');
  });

  it('refuses an integer outside 64 bits and text that is not a number', () => {
    assert.match(parseCellInput('int64', '9223372036854775808').error ?? '', /outside the 64-bit integer range/);
    assert.match(parseCellInput('integer', '12a').error ?? '', /not an integer/);
    assert.match(parseCellInput('double', '1,5').error ?? '', /not a number/);
  });

  it('keeps the text of a double', () => {
    assert.equal(stringifyLossless(parseCellInput('double', '1.50').value), '1.50');
    assert.equal(kindOf(parseCellInput('double', '2.5').value), 'double');
  });

  it('accepts only ISO 8601 dates with a zone and sends them as the service writes them', () => {
    assert.deepEqual(parseCellInput('date', '2024-05-01T14:00:00+02:00').value, { $date: '2024-05-01T12:00:00.000Z' });
    assert.match(parseCellInput('date', '2024-05-01').error ?? '', /not an ISO 8601 date and time with a zone/);
    assert.match(parseCellInput('date', 'May 1 2024').error ?? '', /ISO 8601/);
    assert.match(parseCellInput('date', '2024-13-45T00:00:00Z').error ?? '', /ISO 8601/);
  });

  it('accepts object ids of 24 hex digits', () => {
    assert.deepEqual(parseCellInput('objectId', '4FFDE1398C1A4B6D6C000001').value, { $oid: '4ffde1398c1a4b6d6c000001' });
    assert.match(parseCellInput('objectId', '4ffde').error ?? '', /24 hexadecimal digits/);
  });

  it('takes booleans, null, strings, objects and arrays', () => {
    assert.equal(parseCellInput('boolean', 'false').value, false);
    assert.match(parseCellInput('boolean', 'yes').error ?? '', /true or false/);
    assert.equal(parseCellInput('null', 'anything').value, null);
    assert.equal(parseCellInput('string', ' 42 ').value, ' 42 ');
    assert.equal(stringifyLossless(parseCellInput('object', '{"a": 12345678901234567890}').value), '{"a":12345678901234567890}');
    assert.match(parseCellInput('array', '{}').error ?? '', /An array/);
    assert.match(parseCellInput('object', '{"a":1,"a":2}').error ?? '', /Duplicate property/);
  });

  it('edit text gives back the value when parsed as its own kind', () => {
    const d = doc(
      '{"big":9007199254740993,"t":{"$date":"2024-05-01T12:00:00.000Z"},"o":{"$oid":"4ffde1398c1a4b6d6c000001"},"e":{"x":[1,{"y":2}]}}',
    );
    assert.equal(stringifyLossless(parseCellInput('int64', editText(d.big)).value), '9007199254740993');
    assert.deepEqual(parseCellInput('date', editText(d.t)).value, d.t);
    assert.deepEqual(parseCellInput('objectId', editText(d.o)).value, d.o);
    assert.deepEqual(parseCellInput('object', editText(d.e)).value, d.e);
  });
});
