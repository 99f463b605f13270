import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { Aggregator } from 'mingo/aggregator';
import { stringifyExtended } from '../../../../src/service/bson/extendedJson';
import { MINGO_OPTIONS } from '../../../../src/service/query/boundedMingo';
import type { Json } from './aggregationHarness';
import { AggregationService } from './aggregationHarness';

/*
 * Random documents and random pipelines of the supported stages: the service's answer over HTTP (planned
 * leading stages, slices, an index on "a") equals the query engine's own evaluation of the whole pipeline
 * in memory. `$sample` is random and `$count` of nothing differs on purpose (the database answers no
 * document; the engine a count of 0), so neither is drawn.
 */

const small = fc.integer({ min: -5, max: 5 });
const documents = fc
  .array(
    fc.record(
      {
        a: small,
        b: fc.oneof(small, fc.constantFrom('x', 'y'), fc.constant(null)),
        arr: fc.array(fc.oneof(small, fc.constantFrom('p', 'q')), { maxLength: 3 }),
        o: fc.record({ x: small }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    ),
    { minLength: 0, maxLength: 10 },
  )
  .map((docs) => docs.map((doc, index) => ({ _id: index, ...doc }) as Json));

const field = fc.constantFrom('a', 'b', 'o.x', '_id');
const stage: fc.Arbitrary<Json> = fc.oneof(
  fc.record({ f: field, n: small }).map(({ f, n }) => ({ $match: { [f]: { $gte: n } } })),
  small.map((n) => ({ $match: { $or: [{ a: n }, { arr: 'p' }] } })),
  fc.record({ f: field, d: fc.constantFrom(1, -1) }).map(({ f, d }) => ({ $sort: { [f]: d } })),
  fc.integer({ min: 1, max: 6 }).map((n) => ({ $limit: n })),
  fc.integer({ min: 0, max: 4 }).map((n) => ({ $skip: n })),
  fc.constantFrom({ $project: { a: 1, o: 1 } }, { $project: { s: { $add: [{ $ifNull: ['$a', 0] }, 1] } } }, { $project: { arr: 0 } }),
  fc.constantFrom(
    { $addFields: { c: { $multiply: [{ $ifNull: ['$a', 0] }, 2] } } },
    { $set: { 'o.y': '$a' } },
    { $set: { n: { $size: { $ifNull: ['$arr', []] } } } },
  ),
  fc.constantFrom({ $unset: 'b' }, { $unset: ['o.x', 'arr'] }),
  fc.record({ key: fc.constantFrom('$a', '$b', null, '$o.x', { k: '$a' }) }).map(({ key }) => ({
    $group: { _id: key, n: { $sum: 1 }, t: { $sum: '$a' }, m: { $max: '$b' }, ids: { $push: '$_id' }, first: { $first: '$a' } },
  })),
  fc.constantFrom({ $unwind: '$arr' }, { $unwind: { path: '$arr', includeArrayIndex: 'i', preserveNullAndEmptyArrays: true } }),
  fc.constantFrom({ $sortByCount: '$a' }, { $sortByCount: '$b' }),
  fc.constant({ $bucket: { groupBy: '$a', boundaries: [-5, 0, 6], default: 'other', output: { n: { $sum: 1 } } } }),
  fc.constant({ $replaceWith: { k: '$a', id: '$_id' } }),
  fc.constant({ $lookup: { from: 'same', localField: 'a', foreignField: 'a', as: 'peers' } }),
  fc.constant({
    $facet: { low: [{ $match: { a: { $lt: 0 } } }, { $project: { a: 1 } }], all: [{ $group: { _id: null, n: { $sum: 1 } } }] },
  }),
);
const pipelines = fc.array(stage, { minLength: 1, maxLength: 4 });

describe('local service: aggregation equals the query engine’s own evaluation (property)', function () {
  this.timeout(300_000);
  let service: AggregationService;
  let run = 0;

  before(async () => {
    service = await AggregationService.start('prop');
  });
  after(() => service.stop());

  it('for random documents and pipelines of the supported stages', async () => {
    await fc.assert(
      fc.asyncProperty(documents, pipelines, async (docs, pipeline) => {
        const col = `c${++run}`;
        await service.seed(col, docs);
        await service.createIndex(col, { a: 1 });
        const withSame = pipeline.map((s) => JSON.parse(JSON.stringify(s).replaceAll('"from":"same"', `"from":"${col}"`)) as Json);
        const answer = await service.aggregate(col, { pipeline: withSame, limit: 100 });
        let expected: unknown[];
        try {
          expected = new Aggregator(withSame, {
            ...MINGO_OPTIONS,
            collectionResolver: (name: string) => (name === col ? docs : []),
          } as never).run(docs.map((doc) => structuredClone(doc)));
        } catch (error) {
          // What the engine refuses (a $size of a number), the service refuses with a 400 naming the stage.
          assert.equal(
            answer.status,
            400,
            `${JSON.stringify(withSame)}: the engine threw ${(error as Error).message}, the service answered ${answer.text}`,
          );
          assert.match(answer.text, /stage \d+ \(\$\w+\)/);
          return;
        }
        assert.equal(answer.status, 200, `${JSON.stringify(withSame)} → ${answer.text}`);
        assert.deepEqual(answer.json, JSON.parse(stringifyExtended(expected)), JSON.stringify(withSame));
        assert.equal(answer.headers.get('X-Service-Count'), String(expected.length));
      }),
      { numRuns: 60 },
    );
  });
});
