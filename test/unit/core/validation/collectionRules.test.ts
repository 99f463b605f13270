import * as assert from 'node:assert/strict';
import { CompiledRules, readRulesSettings } from '../../../../src/core/validation/collectionRules';
import { InvalidRulesError } from '../../../../src/core/validation/rulesTypes';
import { parseLossless } from '../../../../src/core/json/lossless';

const rules = (validator: unknown) => CompiledRules.compile(validator);
const check = (validator: unknown, doc: unknown) => rules(validator).violations(doc as Record<string, unknown>);
const messages = (validator: unknown, doc: unknown) => check(validator, doc).map((violation) => violation.message);

const PRODUCT = {
  $jsonSchema: {
    bsonType: 'object',
    required: ['name', 'price'],
    properties: {
      name: { bsonType: 'string', minLength: 2, maxLength: 20, description: 'what the shop calls it' },
      price: { bsonType: 'number', minimum: 0 },
      code: { bsonType: 'string', pattern: '^[A-Z]{3}-\\d+$' },
      status: { enum: ['draft', 'live'] },
      tags: { bsonType: 'array', items: { bsonType: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
    },
  },
};

describe('collection rules: the checker', () => {
  it('passes a document that keeps every rule', () => {
    assert.deepEqual(check(PRODUCT, { _id: 1, name: 'Lamp', price: 12, code: 'LMP-1', status: 'live', tags: ['a', 'b'] }), []);
  });

  it('names the path, the rule and the cause of a number below its minimum', () => {
    assert.deepEqual(check(PRODUCT, { name: 'Lamp', price: -3 }), [
      { path: 'price', rule: 'properties.price.minimum', kind: 'schema', message: 'price: must be a number ≥ 0 (found -3)' },
    ]);
  });

  it('reports every violation of a document, each at its own path', () => {
    const found = check(PRODUCT, { name: 'L', price: '12', code: 'lamp', status: 'gone', tags: ['a', 'a', 'b', 'c'] });
    assert.deepEqual(
      found.map((violation) => [violation.path, violation.rule]),
      [
        ['name', 'properties.name.minLength'],
        ['price', 'properties.price.bsonType'],
        ['code', 'properties.code.pattern'],
        ['status', 'properties.status.enum'],
        ['tags', 'properties.tags.maxItems'],
        ['tags', 'properties.tags.uniqueItems'],
      ],
    );
    assert.equal(found[1].message, 'price: must be a number (found a string "12")');
    assert.equal(found[3].message, 'status: must be one of "draft", "live" (found "gone")');
  });

  it('reports a missing required field at the field, and an item at its index', () => {
    assert.deepEqual(
      check(PRODUCT, { name: 'Lamp', tags: ['a', 7] }).map((violation) => violation.message),
      ['price: is required', 'tags.1: must be a string (found an int 7)'],
    );
  });

  it('refuses fields beyond properties with additionalProperties: false, and checks them against a schema', () => {
    const closed = { $jsonSchema: { properties: { _id: {}, a: {} }, additionalProperties: false } };
    assert.deepEqual(messages(closed, { _id: 1, a: 1, b: 2 }), [
      'b: is not allowed (the schema allows only the fields it lists in properties)',
    ]);
    const typed = { $jsonSchema: { additionalProperties: { bsonType: 'int' } } };
    assert.deepEqual(
      check(typed, { a: 1, b: 'x' }).map((violation) => violation.rule),
      ['additionalProperties.bsonType'],
    );
  });

  it('keeps exclusive bounds, maximum and multipleOf apart', () => {
    const schema = {
      $jsonSchema: { properties: { n: { minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true, multipleOf: 2 } } },
    };
    assert.deepEqual(messages(schema, { n: 0 }), ['n: must be a number > 0 (found 0)']);
    assert.deepEqual(messages(schema, { n: 10 }), ['n: must be a number < 10 (found 10)']);
    assert.deepEqual(messages(schema, { n: 3 }), ['n: must be a multiple of 2 (found 3)']);
    assert.deepEqual(messages(schema, { n: 4 }), []);
  });

  it('combines schemas with anyOf, allOf, oneOf and not', () => {
    const schema = {
      $jsonSchema: {
        properties: {
          a: { anyOf: [{ bsonType: 'string' }, { bsonType: 'int' }] },
          b: { allOf: [{ minimum: 1 }, { maximum: 5 }] },
          c: { oneOf: [{ minimum: 0 }, { maximum: 10 }] },
          d: { not: { bsonType: 'null' } },
        },
      },
    };
    assert.deepEqual(messages(schema, { a: 'x', b: 3, c: 20, d: 1 }), []);
    assert.deepEqual(
      check(schema, { a: true, b: 9, c: 5, d: null }).map((violation) => [violation.rule, violation.message]),
      [
        ['properties.a.anyOf', 'a: must match at least one of the 2 schemas in anyOf'],
        ['properties.b.allOf.1.maximum', 'b: must be a number ≤ 5 (found 9)'],
        ['properties.c.oneOf', 'c: must match exactly one of the 2 schemas in oneOf (matched 2)'],
        ['properties.d.not', 'd: must not match the schema in not'],
      ],
    );
  });

  it('tells types apart as the database does, for extended JSON and exact numbers', () => {
    const schema = {
      $jsonSchema: {
        properties: { id: { bsonType: 'objectId' }, at: { bsonType: 'date' }, big: { bsonType: 'long' }, ratio: { bsonType: 'double' } },
      },
    };
    const doc = parseLossless(
      '{"id": {"$oid": "5f0000000000000000000001"}, "at": {"$date": "2024-01-01T00:00:00Z"}, "big": 9007199254740993, "ratio": 1.50}',
    );
    assert.deepEqual(check(schema, doc), []);
    assert.deepEqual(messages(schema, { id: '5f0000000000000000000001' }), [
      'id: must be an objectId (found a string "5f0000000000000000000001")',
    ]);
    assert.deepEqual(messages({ $jsonSchema: { properties: { n: { bsonType: 'int' } } } }, { n: 1.5 }), [
      'n: must be an int (found a double 1.5)',
    ]);
    assert.deepEqual(messages({ $jsonSchema: { properties: { f: { type: 'boolean' } } } }, { f: 'yes' }), [
      'f: must be a boolean (found a string "yes")',
    ]);
  });

  it('counts a string in characters, not UTF-16 units', () => {
    assert.deepEqual(messages({ $jsonSchema: { properties: { s: { maxLength: 2 } } } }, { s: '😀😀' }), []);
  });

  it('reports a query condition beside $jsonSchema only where a matcher is given', () => {
    const validator = { $jsonSchema: { required: ['price'] }, price: { $gte: 0 } };
    assert.deepEqual(rules(validator).violations({ price: -1 }), [], 'without a matcher the condition is left to the service');
    const withMatcher = CompiledRules.compile(validator, {
      compileQuery: (condition) => (doc) => typeof doc.price === 'number' && doc.price >= ((condition.price as { $gte: number }).$gte ?? 0),
    });
    assert.deepEqual(withMatcher.violations({ price: -1 }), [
      { path: 'price', rule: 'price', kind: 'query', message: 'price: must satisfy {"$gte":0} (found -1)' },
    ]);
  });
});

describe('collection rules: invalid validators', () => {
  const refusal = (validator: unknown) => {
    try {
      rules(validator);
    } catch (error) {
      assert.ok(error instanceof InvalidRulesError, String(error));
      return error.message;
    }
    assert.fail('the validator was accepted');
  };

  it('says what is wrong and where', () => {
    assert.equal(refusal([]), 'The validator must be a JSON object, such as {"$jsonSchema": {…}}');
    assert.match(
      refusal({ $jsonSchema: { properties: { a: { bsonType: 'integer' } } } }),
      /^\$jsonSchema\.properties\.a\.bsonType names the unknown type "integer"/,
    );
    assert.equal(refusal({ $jsonSchema: { required: 'a' } }), '$jsonSchema.required must be a non-empty array of field names');
    assert.equal(refusal({ $jsonSchema: { minimum: '0' } }), '$jsonSchema.minimum must be a finite number');
    assert.equal(refusal({ $jsonSchema: { exclusiveMinimum: true } }), '$jsonSchema.exclusiveMinimum needs "minimum" beside it');
    assert.equal(
      refusal({ $jsonSchema: { properties: { a: { format: 'email' } } } }),
      '$jsonSchema.properties.a uses the keyword "format", which the rules do not support',
    );
    assert.equal(refusal({ $where: 'true' }), 'The validator cannot use $where');
  });

  it('refuses a catastrophic pattern by its feature, before any document is checked', () => {
    assert.match(
      refusal({ $jsonSchema: { properties: { a: { pattern: '^(a+)+\\1$' } } } }),
      /^\$jsonSchema\.properties\.a\.pattern is not a pattern the linear-time/,
    );
  });

  it('checks a pattern like (a+)+$ in time linear in the input', () => {
    const compiled = rules({ $jsonSchema: { properties: { a: { pattern: '^(a+)+$' } } } });
    assert.equal(compiled.violations({ a: `${'a'.repeat(100_000)}!` }).length, 1);
  });

  it('refuses schemas nested too deep or too many, instead of overflowing the stack', () => {
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 10_000; level++) deep = { not: deep };
    assert.match(refusal({ $jsonSchema: deep }), /is nested deeper than 32 levels of subschemas$/);
    const wide: Record<string, unknown> = {};
    for (let field = 0; field < 5000; field++) wide[`f${field}`] = {};
    assert.equal(refusal({ $jsonSchema: { properties: wide } }), '$jsonSchema holds more than 2000 schemas');
  });

  it('reads level and action, strict and error unless given', () => {
    assert.deepEqual(readRulesSettings({ validator: { a: 1 } }), {
      validator: { a: 1 },
      validationLevel: 'strict',
      validationAction: 'error',
    });
    assert.throws(
      () => readRulesSettings({ validator: {}, validationLevel: 'lax' }),
      /"validationLevel" must be one of "strict", "moderate", "off"/,
    );
  });
});
