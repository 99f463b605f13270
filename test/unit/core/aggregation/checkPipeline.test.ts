import * as assert from 'node:assert/strict';
import { checkPipeline } from '../../../../src/core/aggregation/checkPipeline';
import { pipelineWrite } from '../../../../src/core/aggregation/pipelineWrite';
import { LosslessNumber } from '../../../../src/core/json/lossless';

const only = (pipeline: unknown, database?: string) => {
  const problems = checkPipeline(pipeline, database === undefined ? {} : { database });
  assert.equal(problems.length, 1, `expected one problem, got ${JSON.stringify(problems)}`);
  return problems[0]!;
};

describe('checkPipeline', () => {
  it('passes a pipeline of the supported stages with their operators', () => {
    const pipeline = [
      { $match: { status: 'paid', total: { $gt: 10 }, $or: [{ region: 'eu' }, { $expr: { $gt: ['$total', '$limit'] } }] } },
      { $addFields: { net: { $subtract: ['$total', { $ifNull: ['$tax', 0] }] }, year: { $year: '$createdAt' } } },
      { $unwind: { path: '$items', includeArrayIndex: 'position' } },
      { $lookup: { from: 'customers', localField: 'customerId', foreignField: '_id', as: 'customer' } },
      { $group: { _id: { region: '$region', year: '$year' }, revenue: { $sum: '$net' }, orders: { $sum: 1 } } },
      { $project: { revenue: 1, label: { $concat: ['$_id.region', '-'] }, nested: { a: 1 } } },
      { $sort: { revenue: -1, _id: new LosslessNumber('1') } },
      { $facet: { top: [{ $limit: 3 }], count: [{ $count: 'n' }] } },
      { $replaceRoot: { newRoot: { $mergeObjects: ['$$ROOT', { extra: { $literal: '$notAField' } }] } } },
      { $bucket: { groupBy: '$n', boundaries: [0, 10], default: 'more', output: { total: { $sum: 1 } } } },
      { $sortByCount: '$_id' },
      { $sample: { size: 5 } },
      { $skip: 0 },
      { $unset: ['a', 'b.c'] },
      { $out: 'summary' },
    ];
    assert.deepEqual(checkPipeline(pipeline, { database: 'shop' }), []);
  });

  it('names an unknown stage at its key, cause first, with the stage index and the likely intent', () => {
    const problem = only([{ $match: {} }, { $grup: { _id: null } }]);
    assert.deepEqual({ stage: problem.stage, path: problem.path, atKey: problem.atKey }, { stage: 1, path: [1, '$grup'], atKey: true });
    assert.match(problem.message, /^Unknown stage "\$grup" in stage 2: .*did you mean "\$group"/);
  });

  it('names an unknown accumulator and an unknown expression operator where they are written', () => {
    const accumulator = only([{ $group: { _id: '$region', revenue: { $summ: '$total' } } }]);
    assert.deepEqual(accumulator.path, [0, '$group', 'revenue', '$summ']);
    assert.match(accumulator.message, /^Unknown accumulator "\$summ" in stage 1 \(\$group\): .*did you mean "\$sum"/);
    const expression = only([{ $match: {} }, { $project: { x: { $add: [1, { $multiplyy: [2, 3] }] } } }]);
    assert.deepEqual(expression.path, [1, '$project', 'x', '$add', 1, '$multiplyy']);
    assert.match(expression.message, /^Unknown expression operator "\$multiplyy" in stage 2 \(\$project\)/);
  });

  it('names an unknown query operator inside $match', () => {
    const problem = only([{ $match: { total: { $gtt: 3 } } }]);
    assert.deepEqual(problem.path, [0, '$match', 'total', '$gtt']);
    assert.match(problem.message, /^Unknown query operator "\$gtt" in stage 1 \(\$match\).*"\$gt"/);
  });

  it('refuses a stage that is not an object of one key', () => {
    assert.match(only([{ $match: {}, $limit: 3 }]).message, /^A stage must be an object with exactly one key.* "\$match", "\$limit"/);
    assert.match(only([{}]).message, /it is empty/);
    assert.match(only(['$match']).message, /^A stage must be an object/);
    assert.match(only({ $match: {} }).message, /^A pipeline is an array of stages/);
  });

  it('refuses the JavaScript operators wherever they are', () => {
    for (const pipeline of [
      [{ $match: { $where: 'this.a > 1' } }],
      [{ $addFields: { x: { $function: { body: 'function () {}', args: [], lang: 'js' } } } }],
      [{ $group: { _id: null, x: { $accumulator: {} } } }],
      [{ $facet: { a: [{ $match: { $where: 'true' } }] } }],
    ]) {
      assert.match(only(pipeline).message, /is refused: it runs JavaScript sent with the pipeline/);
    }
  });

  it('refuses $out or $merge before the last stage, inside $facet, or into another database', () => {
    assert.match(only([{ $out: 'x' }, { $match: {} }]).message, /^\$out must be the last stage in stage 1/);
    assert.match(only([{ $facet: { a: [{ $merge: { into: 'x' } }] } }]).message, /^\$merge cannot be inside \$facet/);
    assert.match(
      only([{ $out: { db: 'other', coll: 'x' } }], 'shop').message,
      /writes into another database \(other\).*its own database, shop/,
    );
    assert.deepEqual(checkPipeline([{ $out: { db: 'shop', coll: 'x' } }], { database: 'shop' }), []);
  });

  it('refuses prototype names as field paths', () => {
    assert.match(only([{ $addFields: { '__proto__.x': 1 } }]).message, /names "__proto__", which is never a field name/);
    assert.match(only([{ $project: { a: '$constructor.prototype' } }]).message, /names "constructor"/);
    assert.match(only([{ $unwind: '$a.__proto__' }]).message, /names "__proto__"/);
  });

  it('checks the shapes of the counting stages and of $lookup', () => {
    assert.match(only([{ $limit: 0 }]).message, /^\$limit takes a whole number greater than 0/);
    assert.match(only([{ $skip: -1 }]).message, /^\$skip takes a whole number, 0 or more/);
    assert.match(only([{ $count: '$n' }]).message, /^\$count takes a field name/);
    assert.match(only([{ $group: { total: { $sum: 1 } } }]).message, /^Missing "_id", the group key/);
    assert.match(only([{ $lookup: { from: { db: 'other', coll: 'x' }, as: 'x' } }]).message, /same database/);
    assert.match(only([{ $sort: { a: 2 } }]).message, /direction of "a" must be 1 or -1/);
  });

  it('stops at a nesting deeper than it walks, without a stack overflow', () => {
    let expression: unknown = '$a';
    for (let depth = 0; depth < 5000; depth++) expression = { $add: [expression, 1] };
    assert.match(only([{ $addFields: { x: expression } }]).message, /nests deeper than 100 levels/);
  });
});

describe('pipelineWrite', () => {
  it('names the stage and collection a pipeline writes into, and nothing for a read', () => {
    assert.deepEqual(pipelineWrite([{ $match: {} }, { $out: 'summary' }]), { stage: '$out', collection: 'summary' });
    assert.deepEqual(pipelineWrite([{ $merge: { into: { db: 'shop', coll: 'totals' } } }]), {
      stage: '$merge',
      db: 'shop',
      collection: 'totals',
    });
    assert.deepEqual(pipelineWrite([{ $merge: 'totals' }]), { stage: '$merge', collection: 'totals' });
    assert.equal(pipelineWrite([{ $match: { $out: 'x' } }, { $group: { _id: null } }]), undefined);
    assert.equal(pipelineWrite('not a pipeline'), undefined);
  });

  it('counts a misplaced write stage as a write too', () => {
    assert.deepEqual(pipelineWrite([{ $out: 'x' }, { $match: {} }]), { stage: '$out', collection: 'x' });
  });
});
