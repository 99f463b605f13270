import * as assert from 'node:assert/strict';
import { applyEdits } from 'jsonc-parser';
import { CompiledRules } from '../../../../src/core/validation/collectionRules';
import { parseLossless } from '../../../../src/core/json/lossless';
import type { Violation } from '../../../../src/core/validation/rulesTypes';
import { violationRange } from '../../../../src/core/rules/violationPlaces';
import { violationFixes } from '../../../../src/core/rules/violationFixes';

const validator = {
  $jsonSchema: {
    bsonType: 'object',
    required: ['name', 'price'],
    properties: {
      name: { bsonType: 'string' },
      price: { bsonType: 'number', minimum: 0 },
      qty: { bsonType: 'int' },
      sku: { bsonType: 'string' },
      address: {
        bsonType: 'object',
        required: ['city', 'since'],
        properties: { city: { bsonType: 'string' }, since: { bsonType: 'date' } },
      },
      tags: { bsonType: 'array', items: { bsonType: 'string' } },
      owner: { bsonType: 'objectId' },
    },
  },
};
const rules = CompiledRules.compile(validator);
const violationsOf = (text: string): Violation[] => rules.violations(parseLossless(text) as Record<string, unknown>);
const at = (text: string, path: string) => {
  const range = violationRange(text, path);
  return range && text.slice(range.offset, range.offset + range.length);
};
const fixed = (text: string, violation: Violation) =>
  violationFixes(text, violation, validator, new Date('2026-01-02T03:04:05.000Z')).map((fix) => ({
    title: fix.title,
    text: applyEdits(text, fix.edits),
  }));

describe('Rules violations in a document’s text: where they are, and their quick fixes', () => {
  it('puts each violation at its value: a field, a nested field, an array element', () => {
    const text =
      '{\n  "name": "Lamp",\n  "price": -3,\n  "address": {"city": 7, "since": {"$date": "2020-01-01T00:00:00Z"}},\n  "tags": ["a", 5]\n}';
    assert.deepEqual(
      violationsOf(text).map((violation) => [violation.path, at(text, violation.path)]),
      [
        ['price', '-3'],
        ['address.city', '7'],
        ['tags.1', '5'],
      ],
    );
  });

  it('puts a missing field at the name of the object that should hold it, the document’s opening brace at the top', () => {
    const text = '{"address": {"city": "Oslo"}}';
    const paths = violationsOf(text).map((violation) => violation.path);
    assert.deepEqual(paths, ['name', 'price', 'address.since']);
    assert.deepEqual(violationRange(text, 'name'), { offset: 0, length: 1 });
    assert.equal(at(text, 'address.since'), '"address"');
  });

  it('reads a field named like a prototype member as a field, never the prototype', () => {
    const text = '{"constructor": {"prototype": 1}, "__proto__": 2}';
    assert.equal(at(text, 'constructor.prototype'), '1');
    assert.equal(at(text, '__proto__'), '2');
    assert.equal(at(text, 'constructor.prototype.__proto__'), '"prototype"');
    assert.equal(violationRange('[1]', ''), undefined);
  });

  it('converts a number written as a string where a number is required, and a number where a string is', () => {
    const text = '{"name": 12, "price": "12.5", "qty": "3"}';
    const [name, price, qty] = violationsOf(text);
    assert.deepEqual(fixed(text, price), [{ title: 'Convert "12.5" to 12.5', text: '{"name": 12, "price": 12.5, "qty": "3"}' }]);
    assert.deepEqual(fixed(text, qty), [{ title: 'Convert "3" to 3', text: '{"name": 12, "price": "12.5", "qty": 3}' }]);
    assert.deepEqual(fixed(text, name), [{ title: 'Convert 12 to "12"', text: '{"name": "12", "price": "12.5", "qty": "3"}' }]);
  });

  it('offers no conversion that would not satisfy the rule: words, a fraction for an int', () => {
    const text = '{"name": "a", "price": "twelve", "qty": "3.5"}';
    for (const violation of violationsOf(text)) assert.deepEqual(fixed(text, violation), [], violation.message);
  });

  it('adds a missing required field with a value of its type, nested too; none for a type without an obvious value', () => {
    const text = '{\n  "price": 1,\n  "address": {\n    "city": "Oslo"\n  }\n}';
    const [name, since] = violationsOf(text);
    assert.deepEqual(fixed(text, name), [
      { title: 'Add "name": ""', text: '{\n  "price": 1,\n  "address": {\n    "city": "Oslo"\n  },\n  "name": ""\n}' },
    ]);
    const added = fixed(text, since);
    assert.equal(added[0].title, 'Add "since": {"$date":"2026-01-02T03:04:05.000Z"}');
    assert.deepEqual((parseLossless(added[0].text) as { address: unknown }).address, {
      city: 'Oslo',
      since: { $date: '2026-01-02T03:04:05.000Z' },
    });
    assert.deepEqual(
      violationsOf(added[0].text).map((violation) => violation.path),
      ['name'],
    );
    const owned = { $jsonSchema: { required: ['owner'], properties: { owner: { bsonType: 'objectId' } } } };
    const [owner] = CompiledRules.compile(owned).violations({});
    assert.deepEqual(violationFixes('{}', owner, owned), []);
  });
});
