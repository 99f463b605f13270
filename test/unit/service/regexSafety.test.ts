import assert from 'node:assert/strict';
import { nestedQuantifier } from '../../../src/service/query/regexSafety';
import type { RawAnswer, TestService } from './serviceHarness';
import { errorText, jsonBody, startTestService } from './serviceHarness';

const KEY = 'regex-safety-key-92be';
const DOCS = '/databases/texts/collections/words/documents';
/** Against `(a+)+$` this string makes a backtracking engine try about 2^40 splits. */
const SLOW_INPUT = `${'a'.repeat(40)}!`;

describe('regular expressions that backtrack exponentially', () => {
  it('finds the repeated group that holds a repetition', () => {
    const cases: [string, string][] = [
      ['(a+)+$', '(a+)+'],
      ['^(a*)*b', '(a*)*'],
      ['(?:a+)+', '(?:a+)+'],
      ['(?<word>\\w+\\s?)+$', '(?<word>\\w+\\s?)+'],
      ['([a-z]+)*x', '([a-z]+)*'],
      ['(a{1,}){2,}', '(a{1,}){2,}'],
      ['(x+x+)+y', '(x+x+)+'],
      ['((ab)*c)+', '((ab)*c)+'],
      ['((a+))+', '((a+))+'],
      ['(a.*?)+?z', '(a.*?)+?'],
      ['(\\d+){3}', '(\\d+){3}'],
    ];
    for (const [pattern, nested] of cases) assert.equal(nestedQuantifier(pattern), nested, pattern);
  });

  it('lets ordinary patterns through', () => {
    const patterns = ['^abc', 'a.*b', '(ab)+', '(colou?r )+', '(a+)', '(a+)?', 'a{2}', '(a{2})+', '[(+]+', '\\(a+\\)+', '[a)]+(b)+', '^\\d{3}-\\d{4}$', '(?=a+)b', 'x{,3}', '(a|b)*c', ''];
    for (const pattern of patterns) assert.equal(nestedQuantifier(pattern), undefined, pattern);
  });
});

describe('local service: $regex', function () {
  this.timeout(30_000);
  let running: TestService;

  const find = (q: unknown): Promise<RawAnswer> => running.raw('GET', `${DOCS}?q=${encodeURIComponent(JSON.stringify(q))}`);
  const ids = async (q: unknown): Promise<unknown[]> => {
    const answer = await find(q);
    assert.equal(answer.status, 200, answer.text);
    return (answer.json as { _id: unknown }[]).map((doc) => doc._id).sort();
  };
  const assertRefused = (answer: RawAnswer) => {
    assert.equal(answer.status, 400, answer.text);
    assert.match(errorText(answer), /repeats a group that itself repeats \(\(a\+\)\+\).*refused/);
  };

  before(async () => {
    running = await startTestService({ apiKeys: [KEY], empty: true });
    await running.raw('POST', '/databases', { body: jsonBody({ name: 'texts', slug: 'sandbox' }) });
    for (const [id, text] of [
      [1, 'abcdef'],
      [2, 'ABC'],
      [3, 'xaxxb'],
      [4, SLOW_INPUT],
    ]) {
      assert.equal((await running.raw('POST', DOCS, { body: jsonBody({ document: { _id: id, text, list: [text] }, safe: true }) })).status, 200);
    }
  });
  after(async () => running.stop());

  it('refuses a nested repetition in a query, an update criteria, a $pull and a projection, before matching anything', async () => {
    assertRefused(await find({ text: { $regex: '(a+)+$' } }));
    assertRefused(await find({ $or: [{ _id: 9 }, { text: { $not: { $regex: '(a+)+$' } } }] }));
    assertRefused(await find({ $expr: { $regexMatch: { input: '$text', regex: '(a+)+$' } } }));
    const projection = encodeURIComponent(JSON.stringify({ list: { $elemMatch: { $regex: '(a+)+$' } } }));
    assertRefused(await running.raw('GET', `${DOCS}?fields=${projection}`));
    assertRefused(await running.raw('PUT', DOCS, { body: jsonBody({ criteria: { text: { $regex: '(a+)+$' } }, object: { $set: { hit: true } }, multi: true }) }));
    assertRefused(await running.raw('PUT', `${DOCS}/4`, { body: jsonBody({ document: { $pull: { list: { $regex: '(a+)+$' } } } }) }));
    assert.deepEqual(await ids({ hit: true }), []);
  });

  it('still answers ordinary regular expressions, with options', async () => {
    assert.deepEqual(await ids({ text: { $regex: '^abc' } }), [1]);
    assert.deepEqual(await ids({ text: { $regex: 'a.*b' } }), [1, 3]);
    assert.deepEqual(await ids({ text: { $regex: '^abc', $options: 'i' } }), [1, 2]);
    assert.deepEqual(await ids({ text: { $regex: '^(ab)+c' } }), [1]);
  });
});
