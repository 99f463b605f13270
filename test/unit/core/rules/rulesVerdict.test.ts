import * as assert from 'node:assert/strict';
import { concernsField, pathKeys, violationText, writeVerdict } from '../../../../src/core/rules/rulesVerdict';
import { CompiledRules } from '../../../../src/core/validation/collectionRules';
import type { Violation } from '../../../../src/core/validation/rulesTypes';

const broken: Violation[] = [
  { path: 'price', rule: 'properties.price.minimum', kind: 'schema', message: 'price: must be a number ≥ 0 (found -3)' },
];

describe('what the service does with a document that breaks the rules', () => {
  it('says the violation cause first, then its rule, as the diagnostics do', () => {
    const [violation] = CompiledRules.compile({ $jsonSchema: { properties: { price: { minimum: 0 } } } }).violations({ price: -3 });
    assert.equal(violationText(violation), 'price: must be a number ≥ 0 (found -3) (rule: properties.price.minimum)');
  });

  it('refuses under strict and error, writes with a warning under warn, and accepts a document that keeps them', () => {
    assert.equal(writeVerdict({ validationLevel: 'strict', validationAction: 'error' }, broken, true), 'refused');
    assert.equal(writeVerdict({ validationLevel: 'strict', validationAction: 'warn' }, broken, false), 'warned');
    assert.equal(writeVerdict({ validationLevel: 'strict', validationAction: 'error' }, [], false), 'accepted');
  });

  it('checks nothing when off', () => {
    assert.equal(writeVerdict({ validationLevel: 'off', validationAction: 'error' }, broken), 'accepted');
  });

  it('under moderate, checks an insert and an update of a document that kept the rules, not one that already broke them', () => {
    const moderate = { validationLevel: 'moderate', validationAction: 'error' } as const;
    assert.equal(writeVerdict(moderate, broken), 'refused', 'an insert');
    assert.equal(writeVerdict(moderate, broken, false), 'refused', 'an update of a valid document');
    assert.equal(writeVerdict(moderate, broken, true), 'accepted', 'an update of a document that broke the rules already');
  });
});

describe('which field a violation concerns', () => {
  it('is the field itself, a field inside it, or a field holding it; never a sibling or the document', () => {
    assert.ok(concernsField(pathKeys('price'), ['price']));
    assert.ok(concernsField(pathKeys('tags.2'), ['tags']));
    assert.ok(concernsField(pathKeys('address'), ['address', 'city']));
    assert.ok(!concernsField(pathKeys('address.zip'), ['address', 'city']));
    assert.ok(!concernsField(pathKeys('pricey'), ['price']));
    assert.ok(!concernsField(pathKeys(''), ['price']));
  });
});
