import * as assert from 'node:assert/strict';
import { errorText } from '../../../support/testService';
import type { Json } from './aggregationHarness';
import { AggregationService } from './aggregationHarness';

const ITEMS = Array.from({ length: 50 }, (_, i) => ({ _id: i, name: i % 2 ? 'pear' : 'apple', text: `${'a'.repeat(40)}!` }));

describe('local service: aggregation refusals', function () {
  this.timeout(120_000);
  let service: AggregationService;

  before(async () => {
    service = await AggregationService.start('shop');
    await service.seed('items', ITEMS);
    await service.createDatabase('other');
    await service.seed('elsewhere', [{ _id: 1 }], undefined, 'other');
  });
  after(() => service.stop());

  const refused = async (pipeline: unknown[], status = 400): Promise<string> => {
    const answer = await service.refusal('items', { pipeline });
    assert.equal(answer.status, status, answer.error);
    return answer.error;
  };

  it('refuses $where, $function and $accumulator anywhere in the pipeline, naming the stage', async () => {
    const where = await refused([{ $match: { name: 'pear' } }, { $match: { $and: [{ $where: 'this.a > 1' }] } }]);
    assert.match(where, /^stage 2 \(\$match\): \$where is refused: it runs JavaScript/);
    const fn = await refused([{ $addFields: { x: { $cond: [true, { $function: { body: 'return 1', args: [], lang: 'js' } }, 0] } } }]);
    assert.match(fn, /^stage 1 \(\$addFields\): \$function is refused: it runs JavaScript/);
    const acc = await refused([{ $group: { _id: null, x: { $accumulator: { init: 'function() {}' } } } }]);
    assert.match(acc, /^stage 1 \(\$group\): \$accumulator is refused/);
    const nested = await refused([{ $facet: { a: [{ $match: { $expr: { $function: {} } } }] } }]);
    assert.match(nested, /^stage 1 \(\$facet\) facet "a" stage 1 \(\$match\): \$function is refused/);
    const inLookup = await refused([{ $lookup: { from: 'items', pipeline: [{ $match: { $where: '1' } }], as: 'x' } }]);
    assert.match(inLookup, /^stage 1 \(\$lookup\) stage 1 \(\$match\): \$where is refused/);
  });

  it('names the stage (counted from 1) of an unknown stage, an unknown operator or a malformed stage', async () => {
    assert.match(
      await refused([{ $match: {} }, { $frobnicate: 1 }]),
      /^stage 2 \(\$frobnicate\): unknown stage; the local service runs \$match/,
    );
    assert.match(await refused([{ $project: { x: { $frob: 1 } } }]), /^stage 1 \(\$project\): unknown operator \$frob/);
    assert.match(await refused([{ $match: {}, $limit: 1 }]), /^stage 1: a stage must be an object with exactly one stage name/);
    assert.match(await refused([{ $match: {} }, { $group: { total: { $sum: 1 } } }]), /^stage 2 \(\$group\): a \$group needs an "_id"/);
    assert.match(await refused([{ $sort: { a: 2 } }]), /^stage 1 \(\$sort\): the direction of "a" must be 1 or -1/);
    assert.match(await refused([{ $limit: -1 }]), /^stage 1 \(\$limit\): the argument must be a positive integer/);
    assert.match(await refused([{ $group: { _id: null, x: { $sum: { $add: 'x' } } } }]), /^stage 1 \(\$group\): /);
  });

  it('refuses a body that is not JSON, or without an array of stages', async () => {
    const bad = await service.running.raw('POST', '/databases/shop/collections/items/aggregate', { body: '{"pipeline": [' });
    assert.equal(bad.status, 400);
    assert.ok(errorText(bad).length > 0);
    assert.match((await service.refusal('items', {})).error, /needs "pipeline"/);
    assert.match((await service.refusal('items', { pipeline: { $match: {} } })).error, /"pipeline" must be an array of stages/);
    assert.match((await service.refusal('items', { pipeline: '[{"$match": ' })).error, /"pipeline" is not valid JSON/);
  });

  it('refuses a $lookup into another database, and $out or $merge into another database or not last', async () => {
    assert.match(
      await refused([{ $lookup: { from: { db: 'other', coll: 'elsewhere' }, localField: '_id', foreignField: '_id', as: 'x' } }]),
      /another database is refused/,
    );
    assert.match(
      await refused([{ $out: { db: 'other', coll: 'elsewhere' } }]),
      /^stage 1 \(\$out\): it may write only into a collection of database "shop".*another database is refused/,
    );
    assert.match(
      await refused([{ $merge: { into: { db: 'other', coll: 'copied' } } }]),
      /^stage 1 \(\$merge\): .*another database is refused/,
    );
    assert.match(await refused([{ $out: 'copy' }, { $match: {} }]), /^stage 1 \(\$out\): \$out must be the last stage/);
    assert.match(await refused([{ $facet: { a: [{ $out: 'copy' }] } }]), /\$out cannot be used inside \$facet or \$lookup/);
    assert.deepEqual(await service.documents('elsewhere', 'other'), [{ _id: 1 }]);
    const collections = (await service.running.raw('GET', '/databases/other/collections')).json as Json[];
    assert.deepEqual(
      collections.map((c) => c.name).filter((name) => !String(name).startsWith('system.')),
      ['elsewhere'],
    );
    assert.equal((await service.running.raw('GET', '/databases/shop/collections/copy')).status, 404);
  });

  it('refuses a "limit" over the result page limit, saying how to read further', async () => {
    const answer = await service.refusal('items', { pipeline: [], limit: 101 });
    assert.match(answer.error, /"limit" may be at most 100.*result page limit.*\$skip and \$limit/);
  });

  it('refuses a pipeline over the work limit, saying to narrow the pipeline', async () => {
    const error = await refused([{ $addFields: { r: { $range: [0, 100_000] } } }, { $project: { n: { $size: '$r' } } }]);
    assert.match(
      error,
      /^stage 1 \(\$addFields\): The request needs more work than the local service allows one request.*narrow the pipeline/,
    );
  });

  it('refuses a stage whose documents exceed the memory limit ($unwind, $group), saying how to narrow the pipeline', async () => {
    const pad = 'x'.repeat(100_000);
    const unwound = await refused([
      { $limit: 2 },
      { $addFields: { r: { $range: [0, 1000] }, pad } },
      { $unwind: '$r' },
      { $sort: { r: 1 } },
    ]);
    assert.match(
      unwound,
      /^stage 3 \(\$unwind\): the documents built by this stage exceed 100 MB, the local service's memory limit.*narrow the pipeline/,
    );
    const grouped = await refused([
      { $limit: 1 },
      { $project: { r: { $range: [0, 600] } } },
      { $unwind: '$r' },
      { $group: { _id: null, all: { $push: { r: '$r', pad: 'y'.repeat(200_000) } } } },
    ]);
    assert.match(grouped, /^stage 4 \(\$group\): the documents built by this stage exceed 100 MB/);
  });

  it('refuses regular expressions the linear-time engine cannot run, and answers catastrophic ones without stalling', async () => {
    assert.match(await refused([{ $match: { name: { $regex: '(a)\\1' } } }]), /^stage 1 \(\$match\): .*backreferences/);
    assert.match(
      await refused([{ $addFields: { m: { $regexMatch: { input: '$name', regex: '(?<=a)p' } } } }]),
      /^stage 1 \(\$addFields\): .*lookbehind/,
    );
    const matched = await service.results('items', [{ $match: { text: { $regex: '^(a+)+$' } } }, { $count: 'n' }]);
    assert.deepEqual(matched, []);
    const flagged = await service.results('items', [
      { $limit: 1 },
      { $project: { m: { $regexMatch: { input: '$text', regex: '^(a+)+!$' } } } },
    ]);
    assert.deepEqual(flagged, [{ _id: 0, m: true }]);
  });

  it('answers 404 for a collection that does not exist, like the documents list', async () => {
    const answer = await service.aggregate('missing', { pipeline: [] });
    assert.equal(answer.status, 404);
    assert.match(errorText(answer), /Collection "missing" does not exist/);
  });
});
