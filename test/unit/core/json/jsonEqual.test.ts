import * as assert from 'node:assert/strict';
import { jsonEqual } from '../../../../src/core/json/jsonEqual';
import { LosslessNumber, parseLossless } from '../../../../src/core/json/lossless';

const same = (a: string, b: string) => jsonEqual(parseLossless(a), parseLossless(b));

describe('core/json/jsonEqual', () => {
  it('compares numbers by their JSON text', () => {
    assert.ok(same('1.50', '1.50'));
    assert.ok(!same('1.50', '1.5'));
    assert.ok(!same('1e2', '100'));
    assert.ok(same('9007199254740993', '9007199254740993'));
    assert.ok(!same('9007199254740993', '9007199254740992'));
    assert.ok(jsonEqual(new LosslessNumber('2'), 2));
    assert.ok(!same('1', '"1"'));
  });

  it('ignores key order but not array order', () => {
    assert.ok(same('{"a": 1, "b": {"c": 2, "d": 3}}', '{"b": {"d": 3, "c": 2}, "a": 1}'));
    assert.ok(!same('[1, 2]', '[2, 1]'));
    assert.ok(!same('{"a": 1}', '{"a": 1, "b": 1}'));
    assert.ok(!same('{"a": null}', '{"b": null}'));
  });

  it('tells null, empty objects, empty arrays and scalars apart', () => {
    for (const [a, b] of [
      ['null', '{}'],
      ['{}', '[]'],
      ['[]', '""'],
      ['false', 'null'],
      ['0', 'false'],
      ['{"0": 1}', '[1]'],
    ])
      assert.ok(!same(a, b), `${a} vs ${b}`);
  });

  it('looks only at own keys', () => {
    assert.ok(!same('{"toString": 1}', '{"x": 1}'));
    assert.ok(same('{"__proto__": {"a": 1}}', '{"__proto__": {"a": 1}}'));
    assert.ok(!same('{"__proto__": {"a": 1}}', '{"__proto__": {"a": 2}}'));
  });
});
