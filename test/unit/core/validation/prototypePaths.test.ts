import * as assert from 'node:assert/strict';
import { CompiledRules } from '../../../../src/core/validation/collectionRules';
import { RulesLimitError } from '../../../../src/core/validation/rulesTypes';

const check = (validator: unknown, doc: unknown) =>
  CompiledRules.compile(validator)
    .violations(doc as Record<string, unknown>)
    .map((violation) => violation.message);

describe("collection rules: an attacker's schemas and documents", () => {
  it('never takes an inherited member for a field a document has', () => {
    const schema = { $jsonSchema: { required: ['constructor', 'toString', '__proto__'] } };
    assert.deepEqual(check(schema, {}), ['constructor: is required', 'toString: is required', '__proto__: is required']);
  });

  it('checks a property named __proto__ or constructor as an own field, never the prototype', () => {
    const schema = JSON.parse(
      '{"$jsonSchema": {"properties": {"__proto__": {"bsonType": "string"}, "constructor": {"bsonType": "string"}}}}',
    );
    assert.deepEqual(check(schema, {}), []);
    assert.deepEqual(check(schema, JSON.parse('{"__proto__": 1, "constructor": 2}')), [
      '__proto__: must be a string (found an int 1)',
      'constructor: must be a string (found an int 2)',
    ]);
    assert.equal(({} as Record<string, unknown>).bsonType, undefined);
  });

  it('refuses a schema keyword named after an inherited member', () => {
    for (const keyword of ['constructor', 'toString', '__proto__', 'prototype'])
      assert.throws(() => CompiledRules.compile(JSON.parse(`{"$jsonSchema": {"${keyword}": {}}}`)), /which the rules do not support/);
  });

  it('counts an own __proto__ field as additional, and ignores prototype members of the document', () => {
    const schema = { $jsonSchema: { properties: { a: {} }, additionalProperties: false } };
    assert.deepEqual(check(schema, JSON.parse('{"a": 1, "__proto__": {"polluted": true}}')), [
      '__proto__: is not allowed (the schema allows only the fields it lists in properties)',
    ]);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('compares values with own members named like prototype members in enum and uniqueItems', () => {
    const schema = {
      $jsonSchema: {
        properties: { t: { uniqueItems: true, items: { enum: JSON.parse('[{"constructor": 1}, {"prototype": 2}]') as unknown[] } } },
      },
    };
    assert.deepEqual(check(schema, JSON.parse('{"t": [{"constructor": 1}, {"prototype": 2}]}')), []);
    assert.deepEqual(check(schema, JSON.parse('{"t": [{"constructor": 1}, {"constructor": 1}]}')), [
      't: must not repeat an item (item 1 repeats item 0)',
    ]);
  });

  it('checks a huge or sparse array within bounds and stops an over-long check with a limit error', () => {
    const schema = { $jsonSchema: { properties: { a: { items: { bsonType: 'int' } } } } };
    let spent = 0;
    assert.deepEqual(CompiledRules.compile(schema).violations({ a: new Array(1000).fill(1) }, { spent: (steps) => (spent += steps) }), []);
    assert.ok(spent > 1000, `the check of 1,000 items took ${spent} steps`);
    const holey: number[] = new Array<number>(3);
    holey[0] = 1;
    holey[2] = 3;
    // A hole is an absent value, which an int schema does not accept.
    assert.deepEqual(check(schema, { a: holey }), ['a.1: must be an int (found undefined)']);
    const compiled = CompiledRules.compile(schema);
    assert.throws(() => compiled.violations({ a: new Array(1_000_000) }, { maxSteps: 100_000 }), /took more than 100000 steps/);
    assert.throws(() => compiled.violations({ a: new Array(1_000_000) }, { maxSteps: 100_000 }), RulesLimitError);
  });

  it('compares a deeply nested value within bounds instead of overflowing the stack', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    const schema = { $jsonSchema: { properties: { a: { enum: [1] } } } };
    assert.throws(() => check(schema, { a: deep }), RulesLimitError);
  });

  it('reports at most 100 violations of a large document', () => {
    const schema = { $jsonSchema: { properties: { a: { items: { bsonType: 'string' } } } } };
    assert.equal(check(schema, { a: new Array(5000).fill(1) }).length, 100);
  });
});
