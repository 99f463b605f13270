import * as assert from 'node:assert/strict';
import type { Doc } from '../../../../src/service/bson/extendedJson';
import { RequestBudget } from '../../../../src/service/query/budget';
import { MemoryMeter } from '../../../../src/service/query/aggregation/memoryMeter';
import type { PipelineContext } from '../../../../src/service/query/aggregation/runPipeline';
import { runStages } from '../../../../src/service/query/aggregation/runPipeline';
import { parsePipeline } from '../../../../src/service/query/aggregation/validatePipeline';

const DOCS: Doc[] = Array.from({ length: 20_000 }, (_, i) => ({ _id: i, k: i % 97, tags: [i % 3, i % 5], name: `n${i}` }));

function contextOf(budget = new RequestBudget()): PipelineContext {
  return { budget, meter: new MemoryMeter(), readCollection: () => Promise.resolve(DOCS.slice(0, 50)) };
}

/** What happened first: the pipeline's end, or another request's turn of the event loop. */
async function orderOf(pipeline: unknown[]): Promise<string[]> {
  const order: string[] = [];
  const run = runStages(DOCS, parsePipeline(pipeline, 'shop'), contextOf()).then(() => order.push('pipeline'));
  await new Promise((resolve) => setImmediate(resolve));
  order.push('other request');
  await run;
  return order;
}

describe('local service: a long pipeline lets other requests run', function () {
  this.timeout(60_000);

  for (const pipeline of [
    [{ $match: { k: { $gte: 3 } } }],
    [{ $addFields: { double: { $multiply: ['$k', 2] } } }],
    [{ $project: { name: 1 } }],
    [{ $unwind: '$tags' }],
    [{ $group: { _id: '$k', n: { $sum: 1 } } }],
    [{ $sort: { name: -1 } }],
    [{ $sortByCount: '$k' }],
    [{ $lookup: { from: 'other', localField: 'k', foreignField: 'k', as: 'same' } }],
  ]) {
    const name = Object.keys(pipeline[0])[0];
    it(`${name} over 20,000 documents runs in slices`, async () => {
      assert.deepEqual(await orderOf(pipeline), ['other request', 'pipeline'], `${name} held the event loop to the end`);
    });
  }

  it('leaves the documents it was given as they were', async () => {
    const given = DOCS.slice(0, 500);
    const before = JSON.stringify(given);
    await runStages(
      DOCS,
      parsePipeline([{ $set: { 'tags.0': 'x' } }, { $unwind: { path: '$tags', includeArrayIndex: 'at' } }, { $unset: 'name' }], 'shop'),
      contextOf(),
    );
    assert.equal(JSON.stringify(given), before);
  });

  it('refuses a pipeline that runs past the time limit, naming the stage and saying to narrow the pipeline', async () => {
    const narrowing = { what: 'the pipeline', how: 'a more selective leading $match' };
    const budget = new RequestBudget(Number.MAX_SAFE_INTEGER, 0, narrowing);
    await assert.rejects(
      runStages(DOCS, parsePipeline([{ $match: { k: 1 } }, { $group: { _id: '$k' } }], 'shop'), contextOf(budget)),
      (error: Error) => {
        assert.match(
          error.message,
          /^stage 1 \(\$match\): The request ran past the local service's time limit for one request \(0 ms.*narrow the pipeline/,
        );
        return true;
      },
    );
  });
});
