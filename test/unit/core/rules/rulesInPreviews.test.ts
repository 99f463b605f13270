import * as assert from 'node:assert/strict';
import { previewRuleBreaks, previewRulesText } from '../../../../src/core/bulk/previewRules';
import type { UpdatePreview } from '../../../../src/core/bulk/updatePreview';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { dryRun } from '../../../../src/core/transfer/dryRun';
import { newIdSeed } from '../../../../src/core/transfer/importIds';
import type { ParsedRecord } from '../../../../src/core/transfer/parsedRecord';
import { dryRunText } from '../../../../src/core/transfer/reportText';
import { CompiledRules } from '../../../../src/core/validation/collectionRules';
import type { ValidationAction, ValidationLevel } from '../../../../src/core/validation/rulesTypes';

const compiled = CompiledRules.compile({
  $jsonSchema: { required: ['name'], properties: { price: { bsonType: 'number', minimum: 0 } } },
});
const check = (validationLevel: ValidationLevel, validationAction: ValidationAction) => ({
  rules: { validationLevel, validationAction },
  violations: (document: JsonObject) => compiled.violations(document),
});

describe('the rules in a bulk update’s preview', () => {
  const preview: UpdatePreview = {
    matched: 3,
    computedBy: 'service',
    sample: [
      { _id: 'a', before: { _id: 'a', name: 'A', price: 1 }, after: { _id: 'a', name: 'A', price: -1 } },
      { _id: 'b', before: { _id: 'b', price: 1 }, after: { _id: 'b', price: -1 } },
      { _id: 'c', before: { _id: 'c', name: 'C', price: 1 }, after: { _id: 'c', name: 'C', price: 2 } },
    ],
  };

  it('lists each previewed document the update makes break refusing rules, with its path and rule, and says the whole update is refused', () => {
    const breaks = previewRuleBreaks(preview, check('strict', 'error'));
    assert.equal(breaks?.verdict, 'refused');
    assert.deepEqual(
      breaks?.broken.map((item) => item.at),
      [0, 1],
    );
    const text = previewRulesText('shop.products', preview, breaks);
    assert.match(
      text,
      /^2 of the 3 previewed documents, as updated, break the rules of shop\.products, which refuse them: the service will refuse the whole update and write nothing\./,
    );
    assert.match(text, /\n {2}_id "a": price: must be a number ≥ 0 \(found -1\) \(rule: properties\.price\.minimum\)/);
  });

  it('under moderate, leaves out a document that already broke the rules, as the service does', () => {
    const breaks = previewRuleBreaks(preview, check('moderate', 'error'));
    assert.deepEqual(
      breaks?.broken.map((item) => item.at),
      [0],
    );
  });

  it('under warn, says the service writes them with a warning; and says so when every previewed document keeps the rules', () => {
    const breaks = previewRuleBreaks(preview, check('strict', 'warn'));
    assert.match(previewRulesText('d.c', preview, breaks), /which warn: the service will write them with a warning/);
    const kept: UpdatePreview = { ...preview, sample: [preview.sample[2]] };
    assert.equal(previewRuleBreaks(kept, check('strict', 'error')), undefined);
    assert.match(previewRulesText('d.c', kept, undefined), /^The sampled documents, as updated, keep the rules of d\.c/);
  });

  it('checks the document an upsert would insert', () => {
    const upsert: UpdatePreview = { matched: 0, computedBy: 'service', sample: [], upsert: { after: { _id: 'n', price: 3 } } };
    const breaks = previewRuleBreaks(upsert, check('moderate', 'error'));
    assert.deepEqual(breaks?.broken, [{ at: 'upsert', text: '_id "n": name: is required (rule: required)' }]);
  });
});

describe('the rules in an import’s dry run', () => {
  async function* records(): AsyncGenerator<ParsedRecord> {
    yield { line: 1, document: { _id: 1, name: 'ok', price: 1 } };
    yield { line: 2, document: { _id: 2, name: 'cheap', price: -5 } };
    yield { line: 3, error: 'not valid JSON' };
    yield { line: 4, document: { _id: 3, price: 2 } };
  }

  it('counts and lists the documents that break the rules, by line and _id, and says the service refuses each, the rest imported', async () => {
    const report = await dryRun({ records: records(), idSeed: newIdSeed(), rules: (document) => compiled.violations(document) });
    assert.equal(report.ruleBreakCount, 2);
    const text = dryRunText(report, { isNew: false, rules: { where: 'shop.products', refuses: true } });
    assert.match(
      text,
      /2 documents break the rules of shop\.products: the service will refuse each of them, and the import lists them as not stored in the report at the end; the others are imported\./,
    );
    assert.match(
      text,
      /\n {2}line 2, _id 2: price: must be a number ≥ 0 \(found -5\) \(rule: properties\.price\.minimum\)\n {2}line 4, _id 3: name: is required/,
    );
  });

  it('says what rules that warn do, and that every document keeps them when none breaks them', async () => {
    const report = await dryRun({ records: records(), idSeed: newIdSeed(), rules: (document) => compiled.violations(document) });
    assert.match(
      dryRunText(report, { isNew: false, rules: { where: 'd.c', refuses: false } }),
      /which warn: the service will store each of them with a warning/,
    );
    const clean = await dryRun({ records: records(), idSeed: newIdSeed(), rules: () => [] });
    assert.match(dryRunText(clean, { isNew: false, rules: { where: 'd.c', refuses: true } }), /Every document keeps the rules of d\.c\./);
    assert.doesNotMatch(dryRunText(clean, { isNew: false }), /rules/);
  });
});
