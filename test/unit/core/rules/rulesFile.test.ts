import * as assert from 'node:assert/strict';
import { NEW_RULES, RulesFileError, parseRulesFile, rulesFileText } from '../../../../src/core/rules/rulesFile';
import { rulesSuggestions } from '../../../../src/core/rules/rulesCompletion';
import type { FieldSchema } from '../../../../src/core/schema/inferSchema';

describe('Rules file: text, parsing and completion', () => {
  it('writes the rules as the three members and reads back what it wrote, numbers exactly', () => {
    const text = rulesFileText({
      validator: { $jsonSchema: { properties: { price: { minimum: 0 } } } },
      validationLevel: 'moderate',
      validationAction: 'warn',
    });
    assert.deepEqual(Object.keys(JSON.parse(text)), ['validator', 'validationLevel', 'validationAction']);
    const parsed = parseRulesFile(text);
    assert.equal(parsed.validationLevel, 'moderate');
    assert.equal(parsed.validationAction, 'warn');
    assert.equal(JSON.stringify(parsed.validator), '{"$jsonSchema":{"properties":{"price":{"minimum":0}}}}');
    assert.equal(parseRulesFile(rulesFileText(NEW_RULES)).validationLevel, 'strict');
  });

  it('refuses with the cause first: invalid JSON, another member, a validator that is not an object, an unknown level', () => {
    const refusal = (text: string) => {
      try {
        parseRulesFile(text);
      } catch (error) {
        assert.ok(error instanceof RulesFileError);
        return error.message;
      }
      assert.fail(`${text} was accepted`);
    };
    assert.match(refusal('{"validator": {'), /^Not saved: the rules are not valid JSON/);
    assert.match(refusal('[]'), /^Not saved: the rules must be one JSON object/);
    assert.match(refusal('{"validator": {}, "name": "x"}'), /^Not saved: "name" is not a member/);
    assert.match(refusal('{"__proto__": {}, "validator": {}}'), /^Not saved: "__proto__" is not a member/);
    assert.match(refusal('{"validator": "x"}'), /^Not saved: "validator" must be a JSON object/);
    assert.match(refusal('{"validator": {}, "validationLevel": "loose"}'), /"validationLevel" must be one of "strict", "moderate", "off"/);
    assert.match(refusal('{"validator": {}, "validationAction": 1}'), /"validationAction" must be one of "error", "warn"/);
  });

  const fields: FieldSchema[] = [
    { path: 'price', documents: 3, types: [{ type: 'number', count: 3 }] },
    { path: 'address', documents: 2, types: [{ type: 'object', count: 2 }] },
    { path: 'address.city', documents: 2, types: [{ type: 'string', count: 2 }] },
  ] as FieldSchema[];
  const at = (text: string) => rulesSuggestions(text.replace('|', ''), text.indexOf('|'), fields).map((item) => item.label);

  it('completes schema keywords in a schema, sampled fields in properties and required, type names in bsonType', () => {
    assert.ok(at('{"validator": {"$jsonSchema": {"|"}}}').includes('bsonType'));
    assert.ok(at('{"validator": {"$jsonSchema": {"properties": {"price": {"|"}}}}}').includes('minimum'));
    assert.deepEqual(at('{"validator": {"$jsonSchema": {"properties": {"|"}}}}'), ['price', 'address']);
    assert.deepEqual(at('{"validator": {"$jsonSchema": {"properties": {"address": {"properties": {"|"}}}}}}'), ['city']);
    assert.deepEqual(at('{"validator": {"$jsonSchema": {"required": ["|"]}}}'), ['price', 'address']);
    assert.ok(at('{"validator": {"$jsonSchema": {"properties": {"price": {"bsonType": "|"}}}}}').includes('decimal'));
    assert.ok(at('{"validator": {"$jsonSchema": {"anyOf": [{"|"}]}}}').includes('required'));
    assert.deepEqual(at('{"validator": {"|"}}'), ['$jsonSchema']);
    assert.deepEqual(at('{"validationLevel": "|"}'), ['strict', 'moderate', 'off']);
  });

  it('offers nothing where no keyword, type or field goes', () => {
    assert.deepEqual(at('{"validator": {"$jsonSchema": {"enum": ["|"]}}}'), []);
    assert.deepEqual(at('{"validator": {"price": {"|"}}}'), []);
    assert.deepEqual(at('{"|"}'), []);
  });
});
