import assert from 'node:assert/strict';
import type { RawAnswer, InProcessService } from '../../../support/testService';
import { errorText, jsonBody, startServiceInProcess } from '../../../support/testService';

const KEY = 'budget-regex-key-51c0';
const DOCS = '/databases/texts/collections/words/documents';
/** Against the catastrophic patterns below, a backtracking engine tries about 2^n ways to split this before failing. */
const SLOW_INPUT = `${'a'.repeat(3000)}!`;

/** Patterns that take exponential time on a backtracking engine: the linear engine answers them. */
const CATASTROPHIC = [
  '^(a|a)*$',
  '(a+)+$',
  '^(a*)*b',
  '(x+x+)+y',
  '^(a|aa)+$',
  '^(\\w+\\s?)*$',
  '(.*a){12}$',
  '^([a-z]+)*!x',
  '(a{1,}){2,}$',
];

describe('adversarial budget: regular expressions run on a linear-time engine (RE2)', function () {
  this.timeout(60_000);
  let running: InProcessService;

  const find = (q: unknown): Promise<RawAnswer> => running.raw('GET', `${DOCS}?q=${encodeURIComponent(JSON.stringify(q))}`);
  const ids = async (q: unknown): Promise<unknown[]> => {
    const answer = await find(q);
    assert.equal(answer.status, 200, answer.text);
    return (answer.json as { _id: unknown }[]).map((doc) => doc._id).sort();
  };
  const assertRefused = (answer: RawAnswer, feature: RegExp) => {
    assert.equal(answer.status, 400, answer.text);
    assert.match(errorText(answer), /regular-expression engine \(RE2/);
    assert.match(errorText(answer), feature);
  };

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    await running.raw('POST', '/databases', { body: jsonBody({ name: 'texts', slug: 'sandbox' }) });
    for (const [id, text] of [
      [1, 'abcdef'],
      [2, 'ABC'],
      [3, 'xaxxb'],
      [4, SLOW_INPUT],
      [5, '^(a+)+$'],
    ] as const) {
      assert.equal(
        (await running.raw('POST', DOCS, { body: jsonBody({ document: { _id: id, text, list: [text] }, safe: true }) })).status,
        200,
      );
    }
  });
  after(async () => running.stop());

  it('answers catastrophic patterns (in $regex, $not, $elemMatch, $expr) with the right documents instead of stalling', async () => {
    for (const pattern of CATASTROPHIC) {
      assert.deepEqual(await ids({ _id: 4, text: { $regex: pattern } }), [], pattern);
      assert.deepEqual(await ids({ _id: 4, text: { $not: { $regex: pattern } } }), [4], pattern);
      assert.deepEqual(await ids({ _id: 4, list: { $elemMatch: { $regex: pattern } } }), [], pattern);
      assert.deepEqual(await ids({ _id: 4, $expr: { $regexMatch: { input: '$text', regex: pattern } } }), [], pattern);
    }
    assert.deepEqual(await ids({ text: { $regex: '^(a+)+!$' } }), [4]);
  });

  it('runs patterns built while the query runs ($literal, $concat, a field) on the same engine', async () => {
    assert.deepEqual(await ids({ $expr: { $regexMatch: { input: '$text', regex: { $literal: '^(a+)+$' } } } }), []);
    assert.deepEqual(await ids({ $expr: { $regexMatch: { input: '$text', regex: { $concat: ['^(a', '+)+', { $literal: '$' }] } } } }), []);
    // Each document's text as the pattern: only document 4's (the slow input itself) matches it, and document 5's ^(a+)+$ fails fast.
    assert.deepEqual(await ids({ $expr: { $regexMatch: { input: SLOW_INPUT, regex: '$text' } } }), [4]);
    const refused = await find({ $expr: { $regexMatch: { input: '$text', regex: { $concat: ['(a)', '\\1'] } } } });
    assertRefused(refused, /backreferences/);
  });

  it('finds matches and groups with $regexFind and $regexFindAll', async () => {
    const answer = await running.raw(
      'GET',
      `${DOCS}?q=${encodeURIComponent(JSON.stringify({ _id: 3 }))}&fields=${encodeURIComponent(JSON.stringify({ m: { $regexFindAll: { input: '$text', regex: 'x(a|b)?' } }, f: { $regexFind: { input: '$text', regex: 'A(X)', options: 'i' } } }))}`,
    );
    assert.equal(answer.status, 200, answer.text);
    const [doc] = answer.json as { m: unknown; f: unknown }[];
    assert.deepEqual(doc.m, [
      { match: 'xa', idx: 0, captures: ['a'] },
      { match: 'x', idx: 2, captures: [null] },
      { match: 'xb', idx: 3, captures: ['b'] },
    ]);
    assert.deepEqual(doc.f, { match: 'ax', idx: 1, captures: ['x'] });
  });

  it('still answers ordinary regular expressions, with options', async () => {
    assert.deepEqual(await ids({ text: { $regex: '^abc' } }), [1]);
    assert.deepEqual(await ids({ text: { $regex: 'a.*b' } }), [1, 3]);
    assert.deepEqual(await ids({ text: { $regex: '^abc', $options: 'i' } }), [1, 2]);
    assert.deepEqual(await ids({ text: { $regex: '^(ab)+c' } }), [1]);
    assert.deepEqual(await ids({ text: { $regex: '\\(a\\+\\)' } }), [5]);
  });

  it('refuses, naming the feature, what RE2 cannot run: backreferences, lookaround, atomic groups, possessive quantifiers, \\Z, huge counts, option x', async () => {
    const refused: [string, RegExp, string?][] = [
      ['(a)\\1', /backreferences/],
      ['(?<n>a)\\k<n>', /backreferences/],
      ['a(?=b)', /lookahead/],
      ['a(?!b)', /lookahead/],
      ['(?<=a)b', /lookbehind/],
      ['(?<!a)b', /lookbehind/],
      ['(?>a+)b', /atomic groups/],
      ['a++b', /possessive/],
      ['abc\\Z', /\\G and \\Z/],
      ['a{1001}', /repetition count over 1000/],
      ['abc', /option "x"/, 'x'],
    ];
    for (const [pattern, feature, options] of refused) {
      const condition = options ? { $regex: pattern, $options: options } : { $regex: pattern };
      if (options) {
        const answer = await find({ text: condition });
        assert.equal(answer.status, 400, answer.text);
        continue;
      }
      assertRefused(await find({ text: condition }), feature);
      assertRefused(await find({ $expr: { $regexMatch: { input: '$text', regex: pattern } } }), feature);
      assertRefused(await find({ $expr: { $regexFindAll: { input: '$text', regex: { $literal: pattern } } } }), feature);
    }
  });

  it('refuses in every place a pattern can be written: update criteria, $pull, projection, before changing anything', async () => {
    const projection = encodeURIComponent(JSON.stringify({ list: { $elemMatch: { $regex: '(a)\\1' } } }));
    assertRefused(await running.raw('GET', `${DOCS}?fields=${projection}`), /backreferences/);
    assertRefused(
      await running.raw('PUT', DOCS, {
        body: jsonBody({ criteria: { text: { $regex: 'a(?=b)' } }, object: { $set: { hit: true } }, multi: true }),
      }),
      /lookahead/,
    );
    assertRefused(
      await running.raw('PUT', `${DOCS}/4`, { body: jsonBody({ document: { $pull: { list: { $regex: '(?<=a)!' } } } }) }),
      /lookbehind/,
    );
    assert.deepEqual(await ids({ hit: true }), []);
    assert.deepEqual(await ids({ list: SLOW_INPUT }), [4]);
  });
});
