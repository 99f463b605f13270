import * as assert from 'node:assert/strict';
import { parsePlayground } from '../../../../src/core/playground/parsePlayground';
import { allProblems } from '../../../../src/core/playground/playgroundRequest';

const problemsOf = (text: string) =>
  allProblems(parsePlayground(text)).map((problem) => ({
    text: text.slice(problem.range.offset, problem.range.offset + problem.range.length),
    message: problem.message,
  }));

describe('parsePlayground: pipelines', () => {
  it('reads a query holding a pipeline and a page size as an aggregation, with the range of each stage', () => {
    const text = `{
      "database": "shop", "collection": "orders", "limit": 50,
      "pipeline": [
        {"$match": {"status": "paid"}},
        {"$group": {"_id": "$region", "revenue": {"$sum": "$total"}}},
      ]
    }`;
    const [entry] = parsePlayground(text).entries;
    assert.deepEqual(entry!.problems, []);
    assert.deepEqual(entry!.request, {
      kind: 'aggregate',
      database: 'shop',
      collection: 'orders',
      limit: 50,
      pipeline: [{ $match: { status: 'paid' } }, { $group: { _id: '$region', revenue: { $sum: '$total' } } }],
    });
    assert.deepEqual(
      entry!.stageRanges!.map((range) => text.slice(range.offset, range.offset + range.length)),
      ['{"$match": {"status": "paid"}}', '{"$group": {"_id": "$region", "revenue": {"$sum": "$total"}}}'],
    );
  });

  it('puts an unknown operator at its own key, cause first, and sends nothing', () => {
    const text = '{"database": "shop", "collection": "orders", "pipeline": [{"$match": {}}, {"$group": {"_id": null, "n": {"$summ": 1}}}]}';
    const parsed = parsePlayground(text);
    assert.equal(parsed.entries[0]!.request, undefined);
    assert.deepEqual(problemsOf(text), [
      {
        text: '"$summ"',
        message:
          'Unknown accumulator "$summ" in stage 2 ($group): an accumulator is one of $sum, $avg, $min, $max, $count, $first, $last, $push, $addToSet… (did you mean "$sum"?)',
      },
    ]);
  });

  it('marks an unknown stage at its name and a malformed stage as a whole', () => {
    const text = '{"database": "d", "collection": "c", "pipeline": [{"$grup": {}}, {"$match": {}, "$limit": 1}]}';
    const problems = problemsOf(text);
    assert.equal(problems.length, 2);
    assert.equal(problems[0]!.text, '"$grup"');
    assert.match(problems[0]!.message, /^Unknown stage "\$grup" in stage 1: .*did you mean "\$group"/);
    assert.equal(problems[1]!.text, '{"$match": {}, "$limit": 1}');
    assert.match(problems[1]!.message, /^A stage must be an object with exactly one key/);
  });

  it('refuses the find parameters beside a pipeline, a pipeline that is not an array, and $out into another database', () => {
    assert.match(
      problemsOf('{"database": "d", "collection": "c", "q": {}, "pipeline": []}')[0]!.message,
      /^"q" does not go with "pipeline"/,
    );
    assert.match(problemsOf('{"database": "d", "collection": "c", "pipeline": {}}')[0]!.message, /^"pipeline" must be an array of stages/);
    assert.match(
      problemsOf('{"database": "d", "collection": "c", "pipeline": [{"$out": {"db": "other", "coll": "x"}}]}')[0]!.message,
      /writes into another database \(other\)/,
    );
  });
});
