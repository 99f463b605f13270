import * as assert from 'node:assert/strict';
import type { ExplainAnswer } from '../../../../src/core/api/explainTypes';
import { explainPageView } from '../../../../src/core/indexes/explainPageView';
import type { ExplainLabels } from '../../../../src/core/indexes/explainViewMessages';
import { parseExplainHostMessage, parseExplainPageMessage } from '../../../../src/core/indexes/explainViewMessages';
import { planStages } from '../../../../src/core/indexes/planStages';

const scan: ExplainAnswer = {
  ns: 'shop.orders',
  query: { k: 7 },
  sort: { n: -1 },
  limit: 20,
  plan: { stage: 'COLLSCAN', index: null, key: null, sortInMemory: true, countFromIndex: false },
  keysExamined: 0,
  docsExamined: 100000,
  returned: 20,
  count: 10000,
  millis: 66,
  ok: 1,
};
const walk: ExplainAnswer = {
  ...scan,
  plan: { stage: 'IXSCAN', index: 'k_1_n_-1', key: { k: 1, n: -1 }, bounds: { k: '[7, 7]' }, direction: 'forward', countFromIndex: true },
  keysExamined: 20,
  docsExamined: 20,
  candidates: ['k_1_n_-1', 'k_1'],
};
const suggestion = { kind: 'create' as const, spec: { k: 1 as const, n: -1 as const }, name: 'k_1_n_-1', why: 'Equality, sort, range.' };
const labels: ExplainLabels = {
  beforeAfter: 'Before → after:',
  plan: 'Plan',
  suggested: 'Suggested index',
  refused: 'It cannot be created from here:',
  createIndex: 'Create Index k_1_n_-1 and Explain Again',
  explainAgain: 'Explain Again',
  query: 'The query',
  raw: 'As the service sent it',
  working: 'Working…',
};
const figure = (stage: { figures: [string, string][] }, name: string) => stage.figures.find(([shown]) => shown === name)?.[1];

describe('the explain view: the plan as stages, before → after on top', () => {
  it('draws a scan sorted in memory as RETURN > SORT > COLLSCAN, each with its numbers', () => {
    const stages = planStages(scan);
    assert.deepEqual(
      stages.map((stage) => [stage.depth, stage.name]),
      [
        [0, 'RETURN'],
        [1, 'SORT'],
        [2, 'COLLSCAN'],
      ],
    );
    assert.equal(figure(stages[0], 'Returned'), '20');
    assert.equal(figure(stages[0], 'Matching in all'), '10,000');
    assert.equal(figure(stages[0], 'Time on the service'), '66 ms');
    assert.match(stages[1].note, /^in memory by \{"n":-1\}/);
    assert.equal(figure(stages[2], 'Documents examined'), '100,000');
  });

  it('draws an index walk as FETCH over IXSCAN with its keys, bounds and direction, and the indexes considered', () => {
    const stages = planStages(walk);
    assert.deepEqual(
      stages.map((stage) => [stage.depth, stage.name]),
      [
        [0, 'RETURN'],
        [1, 'FETCH'],
        [2, 'IXSCAN'],
      ],
    );
    assert.equal(figure(stages[0], 'Matching in all'), '10,000 (from the index)');
    assert.equal(figure(stages[0], 'Indexes considered'), 'k_1_n_-1, k_1');
    assert.equal(stages[2].note, 'walks index k_1_n_-1');
    assert.equal(figure(stages[2], 'Keys examined'), '20');
    assert.equal(figure(stages[2], 'Bounds'), 'k [7, 7]');
    assert.equal(figure(stages[2], 'Direction'), 'forward');
  });

  it('draws an $or as one index walk per branch under the OR (and a branch it cannot read as none)', () => {
    const or: ExplainAnswer = {
      ...scan,
      plan: { stage: 'OR', branches: [{ index: 'a_1', bounds: { a: '[1, 1]' } }, { index: 'b_1', bounds: { b: '[2, 2]' } }, 'odd'] },
    };
    const stages = planStages(or);
    assert.deepEqual(
      stages.slice(-3).map((stage) => [stage.depth, stage.name, stage.note]),
      [
        [1, 'OR', 'one index walk per branch of the $or'],
        [2, 'IXSCAN', 'walks index a_1'],
        [2, 'IXSCAN', 'walks index b_1'],
      ],
    );
  });

  it('puts before → after on top once an index was created, and keeps the answer as sent one click away', () => {
    const view = explainPageView({ db: 'shop', col: 'orders', query: { q: { k: 7 } }, answer: walk, before: scan, suggestion }, labels);
    assert.equal(view.beforeAfter, 'Was: scanned 100,000, sorted in memory; now: used index k_1_n_-1, examined 20 keys');
    assert.equal(view.summary, 'Used index k_1_n_-1: examined 20 keys and 20 documents to return 20.');
    assert.ok(view.raw.includes('"docsExamined": 20'));
    assert.deepEqual(view.suggestion, { type: 'create', spec: '{"k":1,"n":-1}', name: 'k_1_n_-1', why: 'Equality, sort, range.' });
    assert.equal(explainPageView({ db: 'shop', col: 'orders', query: {}, answer: scan, suggestion }, labels).beforeAfter, undefined);
  });

  it('sends the page only what its schema holds, and the page may send only ready and its two buttons', () => {
    const view = explainPageView({ db: 'shop', col: 'orders', query: {}, answer: scan, suggestion, refusal: 'Read-only' }, labels);
    assert.deepEqual(parseExplainHostMessage({ type: 'show', view }), { type: 'show', view });
    assert.equal(parseExplainHostMessage({ type: 'show', view: { ...view, html: '<img>' } }), undefined);
    assert.equal(
      parseExplainHostMessage({ type: 'show', view: { ...view, stages: [{ depth: -1, name: 'X', note: '', figures: [] }] } }),
      undefined,
    );
    assert.deepEqual(parseExplainPageMessage({ type: 'createIndex' }), { type: 'createIndex' });
    assert.equal(parseExplainPageMessage({ type: 'createIndex', spec: { evil: 1 } }), undefined);
    assert.equal(parseExplainPageMessage({ type: 'runCommand', command: 'dbhost.removeAccount' }), undefined);
    assert.equal(parseExplainPageMessage(JSON.parse('{"type":"ready","__proto__":{"polluted":true}}')), undefined);
  });
});
