import * as assert from 'node:assert/strict';
import type { ExplainAnswer } from '../../../../src/core/api/explainTypes';
import { LosslessNumber } from '../../../../src/core/json/lossless';
import { beforeAndAfter, planInShort, planInWords } from '../../../../src/core/indexes/planInWords';

function explain(plan: Partial<ExplainAnswer['plan']>, figures: Partial<ExplainAnswer>): ExplainAnswer {
  return {
    ns: 'shop.orders',
    query: {},
    sort: null,
    skip: 0,
    limit: 20,
    plan: { stage: 'COLLSCAN', index: null, key: null, sortInMemory: false, countFromIndex: false, ...plan },
    keysExamined: 0,
    docsExamined: 0,
    returned: 0,
    ok: 1,
    ...figures,
  };
}

const fullScan = explain({}, { docsExamined: 100_000, returned: 20, count: 100, millis: 66.4 });
const byIndex = explain(
  { stage: 'IXSCAN', index: 'k_1', key: { k: 1 }, direction: 'forward', bounds: { k: '[7, 7]' } },
  { keysExamined: 100, docsExamined: 100, returned: 20, count: 100, millis: 0.4, candidates: ['k_1'] },
);

describe('an explain in words', () => {
  it('says a full scan read every document to return a few, and that no index serves the query', () => {
    const words = planInWords(fullScan);
    assert.equal(words.summary, 'Scanned all 100,000 documents to return 20 (no index serves this query)');
    assert.ok(words.details.includes('100 documents match in all'), words.details.join(' | '));
    assert.ok(words.details.includes('Took 66 ms on the service'), words.details.join(' | '));
  });

  it('names the index used and the keys and documents it examined', () => {
    assert.equal(planInWords(byIndex).summary, 'Used index k_1: examined 100 keys and 100 documents to return 20');
    assert.ok(planInWords(byIndex).details.includes('Took 0.4 ms on the service'));
  });

  it('says when the index alone answered, without reading documents', () => {
    const covered = explain({ stage: 'IXSCAN', index: 'k_1' }, { keysExamined: 1, docsExamined: 0, returned: 1 });
    assert.equal(planInWords(covered).summary, 'Used index k_1: examined 1 key and no document (the index alone answered) to return 1');
  });

  it('says when the page came from documents in stored order and the index gave only the count', () => {
    const wide = explain(
      { stage: 'IXSCAN', index: 'n_-1', key: { n: -1 }, countFromIndex: true, pageReadInNaturalOrder: true },
      { keysExamined: 0, docsExamined: 41, returned: 20, count: 50_000 },
    );
    const details = planInWords(wide).details;
    assert.ok(
      details.includes(
        'So many documents match that the page came from reading documents in stored order (41 documents); the index gave the count',
      ),
      details.join(' | '),
    );
    assert.ok(details.includes('50,000 documents match in all, counted from the index'), details.join(' | '));
    assert.ok(!planInWords(byIndex).details.some((line) => line.includes('stored order')));
  });

  it('names the index of each branch of a $or walked as a union', () => {
    const union = explain(
      { stage: 'OR', branches: [{ index: 'k_1' }, { index: 'n_-1' }] },
      { keysExamined: 40, docsExamined: 38, returned: 5, count: 38 },
    );
    assert.equal(
      planInWords(union).summary,
      'Used indexes k_1, n_-1, one walk per branch of the $or: examined 40 keys and 38 documents to return 5',
    );
  });

  it('says a lookup by _id found the document, or that none has it', () => {
    assert.equal(
      planInWords(explain({ stage: 'IDHACK' }, { keysExamined: 1, docsExamined: 1, returned: 1 })).summary,
      'Found by _id: returned 1 document',
    );
    assert.equal(planInWords(explain({ stage: 'IDHACK' }, { returned: 0 })).summary, 'Found by _id: no document has it');
  });

  it('says how many documents were sorted in memory, and by what', () => {
    const sorted = explain({ sortInMemory: true }, { sort: { n: -1 }, docsExamined: 5000, returned: 20, count: 5000 });
    assert.ok(planInWords(sorted).details.includes('Sorted 5,000 documents in memory by {"n":-1}: no index gives this order'));
  });

  it('says the index gave the order, walked backward when it did, and counted from the index', () => {
    const walked = explain(
      { stage: 'IXSCAN', index: 'n_1', direction: 'backward', countFromIndex: true },
      { sort: { n: -1 }, keysExamined: 20, docsExamined: 20, returned: 20, count: 100_000 },
    );
    const details = planInWords(walked).details;
    assert.ok(details.includes('Walked n_1 backward to give the requested order'), details.join(' | '));
    assert.ok(details.includes('The index gave the order: nothing was sorted in memory'), details.join(' | '));
    assert.ok(details.includes('100,000 documents match in all, counted from the index'), details.join(' | '));
  });

  it('names the other indexes the planner considered', () => {
    const considered = explain(
      { stage: 'IXSCAN', index: 'k_1' },
      { candidates: ['k_1', 'k_1_s_1'], keysExamined: 1, docsExamined: 1, returned: 1 },
    );
    assert.ok(planInWords(considered).details.includes('Also considered: k_1_s_1'));
  });

  it('reads exact numbers as the lossless parser gives them, and says when a figure is missing', () => {
    const exact = explain({}, { docsExamined: new LosslessNumber('1234567'), returned: new LosslessNumber('3') });
    assert.equal(planInWords(exact).summary, 'Scanned all 1,234,567 documents to return 3 (no index serves this query)');
    const missing = explain({}, { docsExamined: undefined, returned: 3 });
    assert.equal(planInWords(missing).summary, 'Scanned the whole collection to return 3 (no index serves this query)');
  });

  it('describes a stage it does not know as it came', () => {
    assert.match(
      planInWords(explain({ stage: 'SORT_MERGE', index: 'a_1' }, { keysExamined: 4, docsExamined: 2, returned: 2 })).summary,
      /^Ran a SORT_MERGE plan on index a_1: examined 4 keys and 2 documents to return 2$/,
    );
  });

  it('compares before and after in one line', () => {
    assert.equal(planInShort(fullScan), 'scanned 100,000');
    assert.equal(beforeAndAfter(fullScan, byIndex), 'was: scanned 100,000; now: used index k_1, examined 100 keys');
    const sorted = explain({ sortInMemory: true }, { docsExamined: 10 });
    assert.equal(planInShort(sorted), 'scanned 10, sorted in memory');
  });
});
