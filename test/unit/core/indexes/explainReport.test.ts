import * as assert from 'node:assert/strict';
import type { ExplainAnswer } from '../../../../src/core/api/explainTypes';
import { explainReport } from '../../../../src/core/indexes/explainReport';
import { checkExplainArgs } from '../../../../src/core/indexes/explainArgs';

const scan: ExplainAnswer = {
  ns: 'shop.orders',
  query: { k: 7 },
  plan: { stage: 'COLLSCAN', index: null, key: null, sortInMemory: false, countFromIndex: false },
  keysExamined: 0,
  docsExamined: 100000,
  returned: 20,
  count: 100,
  millis: 66,
  ok: 1,
};
const walk: ExplainAnswer = {
  ...scan,
  plan: { stage: 'IXSCAN', index: 'k_1', key: { k: 1 }, bounds: { k: '[7, 7]' } },
  keysExamined: 100,
  docsExamined: 100,
};
const suggestion = {
  kind: 'create' as const,
  spec: { k: 1 as const },
  name: 'k_1',
  why: 'Equality, sort, range: the equality on k first.',
};

describe('the explain view', () => {
  it('shows the plan in words first, then the suggestion, the numbers and the answer as sent', () => {
    const text = explainReport({ db: 'shop', col: 'orders', query: { q: { k: 7 } }, answer: scan, suggestion });
    const words = text.indexOf('**Scanned all 100,000 documents to return 20 (no index serves this query).**');
    const suggested = text.indexOf('## Suggested index');
    const numbers = text.indexOf('## Numbers');
    const raw = text.indexOf('## As the service sent it');
    assert.ok(words > 0 && words < suggested && suggested < numbers && numbers < raw, text);
    assert.match(text, /`\{"k":1\}`, named k_1/);
    assert.match(text, /"Create Index k_1 and Explain Again" \(above\)/);
    assert.match(text, /\| Documents examined \| 100,000 \|/);
    assert.ok(text.includes('"docsExamined": 100000'));
  });

  it('leads with before and after once an index was created', () => {
    const text = explainReport({
      db: 'shop',
      col: 'orders',
      query: {},
      answer: walk,
      before: scan,
      suggestion: { kind: 'none', why: 'The index k_1 already serves it.' },
    });
    assert.ok(
      text.startsWith('# Explain: shop.orders\n\n**Before → after:** was: scanned 100,000; now: used index k_1, examined 100 keys'),
      text,
    );
    assert.match(text, /None: The index k_1 already serves it\./);
    assert.match(text, /\| Bounds \| k \[7, 7\] \|/);
  });

  it('says beside the suggestion why the account cannot create it', () => {
    const text = explainReport({
      db: 'shop',
      col: 'orders',
      query: {},
      answer: scan,
      suggestion,
      refusal: 'the account "Prod" is Read-only.',
    });
    assert.match(text, /It cannot be created from here: the account "Prod" is Read-only\./);
    assert.ok(!text.includes('(above)'));
  });

  it('keeps what the service sent inside its code block, whatever backticks it holds', () => {
    const odd: ExplainAnswer = { ...scan, plan: { ...scan.plan, stage: 'X```\n# injected' } };
    const text = explainReport({ db: 'shop', col: 'orders', query: {}, answer: odd, suggestion });
    assert.ok(text.includes('````json'), 'a longer fence');
    const outside = text.split('## As the service sent it')[0];
    assert.ok(
      !outside.split('\n').some((line) => line.startsWith('# injected')),
      'no line of the answer becomes a heading outside its block',
    );
  });
});

describe('the arguments of an explain', () => {
  it('keeps a well-formed request and drops what is absent', () => {
    assert.deepEqual(checkExplainArgs({ accountId: 'a', db: 'shop', col: 'orders', query: { q: { k: 7 }, sort: { n: -1 }, limit: 20 } }), {
      accountId: 'a',
      db: 'shop',
      col: 'orders',
      query: { q: { k: 7 }, sort: { n: -1 }, limit: 20 },
    });
  });

  it('refuses what it cannot send, leading with the cause', () => {
    assert.throws(
      () => checkExplainArgs({ accountId: 'a', db: '', col: 'orders' }),
      /^Error: accountId, db and col must be non-empty strings: Explain cannot/,
    );
    assert.throws(
      () => checkExplainArgs({ accountId: 'a', db: 'shop', col: 'orders', query: { q: '{"k":7}' } }),
      /query\.q must be a JSON object/,
    );
    assert.throws(
      () => checkExplainArgs({ accountId: 'a', db: 'shop', col: 'orders', query: { skip: -1 } }),
      /query\.skip must be a whole number/,
    );
    assert.throws(() => checkExplainArgs('shop.orders'), /must be an object/);
  });
});
