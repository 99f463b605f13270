import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Doc, Value } from '../../../../src/service/bson/extendedJson';
import { RequestBudget } from '../../../../src/service/query/budget';
import { findPage } from '../../../../src/service/query/engine';
import type { QueryIndex } from '../../../../src/service/query/indexes/queryIndex';
import { sortInSteps } from '../../../../src/service/query/indexes/steppedSort';
import { findPageSliced } from '../../../../src/service/query/slicedScan';
import { CollectionData } from '../../../../src/service/query/collectionData';
import type { IndexSpec } from '../../../../src/service/query/indexes/indexSpec';

const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom('a', 'b'),
  fc.constant(null),
  fc.constantFrom(9007199254740993n, 2n),
);
const value: fc.Arbitrary<Value> = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.record({ x: scalar }, { requiredKeys: [] }) },
);
const document = fc.record({ a: value, b: value }, { requiredKeys: [] });
const INDEXES: IndexSpec[] = [
  { name: 'a_1', key: { a: 1 } },
  { name: 'b_-1_a_1', key: { b: -1, a: 1 } },
  { name: 'a.x_1', key: { 'a.x': 1 } },
];

/** A write to the collection: a document put under an id (an insert or a replacement), or a delete. */
type Write = { put: number; doc: Doc } | { delete: number };
const write: fc.Arbitrary<Write> = fc.oneof(
  fc.tuple(fc.nat({ max: 40 }), document).map(([id, doc]) => ({ put: id, doc })),
  fc.nat({ max: 40 }).map((id) => ({ delete: id })),
);

function apply(collection: CollectionData, change: Write): void {
  if ('put' in change) collection.put({ _id: change.put, ...change.doc });
  else collection.delete(change.delete);
}

/** What an index holds, in order: each key with its document's id and place, and its counts. */
function contentOf(index: QueryIndex): unknown {
  return {
    keys: ((all) => all.items.map((item, i) => [all.keys[i], item.doc._id, item.seq]))(index.tree.keyedItems()),
    multikeyDocs: index.multikeyDocs,
    unsortableDocs: index.unsortableDocs,
    unkeyed: [...index.unkeyed].map((entry) => entry.doc._id).sort(),
  };
}

describe('service: indexes built in the background after a start', () => {
  it('sorts a step at a time into the order of a stable sort', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.nat()), { maxLength: 200 }),
        fc.integer({ min: 1, max: 9 }),
        (items, block) => {
          const compare = (a: [number, number], b: [number, number]) => a[0] - b[0];
          const expected = [...items].sort(compare);
          const steps = sortInSteps([...items], compare, block, 3);
          let step = steps.next();
          while (!step.done) step = steps.next();
          assert.deepEqual(step.value, expected);
        },
      ),
    );
  });

  it('hold what indexes kept by every write hold, whatever writes come between the steps of their builds', () => {
    fc.assert(
      fc.property(
        fc.array(write, { maxLength: 40 }),
        fc.subarray(INDEXES, { minLength: 1 }),
        fc.array(fc.tuple(fc.nat({ max: 6 }), write), { maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        (loaded, indexes, during, stepSize) => {
          // As the service's start-up loads the files: writes, indexes among them, then the builds with writes between steps.
          const started = new CollectionData(true);
          const kept = new CollectionData();
          for (const index of indexes) {
            started.addIndex(index);
            kept.addIndex(index);
          }
          for (const change of loaded) {
            apply(started, change);
            apply(kept, change);
          }
          const waiting = started.finishReplay();
          assert.deepEqual(
            waiting.map((index) => index.name),
            indexes.map((index) => index.name),
          );
          const builds = waiting.map((index) => started.buildSteps(index, { gather: stepSize, sortBlock: stepSize }));
          const running = new Set(builds.keys());
          let next = 0;
          while (running.size > 0) {
            const [steps, change] = during[next++] ?? [Infinity, undefined];
            for (const i of running) {
              for (let step = 0; step < steps; step++) {
                if (builds[i].next().done) {
                  waiting[i].build = undefined;
                  running.delete(i);
                  break;
                }
              }
            }
            if (change) {
              apply(started, change);
              apply(kept, change);
            }
          }
          for (const index of indexes)
            assert.deepEqual(contentOf(started.queryIndex(index.name)!), contentOf(kept.queryIndex(index.name)!));
          assert.deepEqual(
            started
              .queryIndex('_id_')!
              .tree.keyedItems()
              .items.map((item) => item.doc._id),
            kept.entries.map((entry) => entry.doc._id).sort((a, b) => Number(a) - Number(b)),
          );
          assert.equal(started.dataSize, kept.dataSize, 'sizes measured later add up to the same');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('answers queries while its indexes build as a scan does, and by the index once built', async () => {
    const collection = new CollectionData(true);
    collection.addIndex({ name: 'k_1', key: { k: 1 } });
    for (let id = 0; id < 3000; id++) collection.put({ _id: id, k: id % 50 });
    const [index] = collection.finishReplay();
    const request = { q: { k: { $in: [3, 7] } }, sort: { k: -1 }, skip: 0, limit: 30 };
    const steps = collection.buildSteps(index);
    let plans = 0;
    for (let step = steps.next(); ; step = steps.next()) {
      if (plans++ % 10 === 0) {
        const planned = await findPageSliced(collection, request, new RequestBudget());
        assert.equal(planned.plan.stage, 'COLLSCAN', 'an index still building is left alone');
        assert.deepEqual(planned.documents, findPage(collection, request).documents);
      }
      if (step.done) break;
    }
    index.build = undefined;
    const planned = await findPageSliced(collection, request, new RequestBudget());
    assert.equal(planned.plan.index?.name, 'k_1', planned.plan.stage);
    assert.deepEqual(planned.documents, findPage(collection, request).documents);
    assert.equal(planned.total, 120);
  });

  it('measures the sizes the load left a step at a time, writes between steps included, to what every write measured', () => {
    const started = new CollectionData(true);
    const kept = new CollectionData();
    for (let id = 0; id < 2000; id++) {
      started.put({ _id: id, s: 'x'.repeat(id % 37) });
      kept.put({ _id: id, s: 'x'.repeat(id % 37) });
    }
    started.finishReplay();
    const steps = started.measureSteps();
    for (let step = 0; step < 3; step++) steps.next();
    for (const collection of [started, kept]) {
      collection.put({ _id: 5, s: 'longer than before' });
      collection.put({ _id: 1999, s: 'not measured yet' });
      collection.delete(6);
      collection.delete(1998);
      collection.put({ _id: 'new', s: 'y' });
    }
    while (!steps.next().done);
    assert.equal(started.dataSize, kept.dataSize);
    assert.equal(started.get(1999)!.size, kept.get(1999)!.size);
  });
});
