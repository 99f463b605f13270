import * as assert from 'node:assert/strict';
import { LosslessNumber } from '../../../../src/core/json/lossless';
import { formatSince, indexBuild, indexUsage } from '../../../../src/core/indexes/indexUsage';

const now = new Date(2026, 10, 26, 9, 30);
const fourToday = new Date(2026, 10, 26, 4, 0);

describe('how often an index served a query', () => {
  it('says how many queries it served and since when', () => {
    const usage = indexUsage({ name: 'k_1', accesses: { ops: 12, since: { $date: fourToday.toISOString() } } }, now);
    assert.deepEqual(usage, { description: 'served 12 queries since 04:00', detail: 'Served 12 queries since 04:00.', unused: false });
    assert.equal(
      indexUsage({ name: 'k_1', accesses: { ops: new LosslessNumber('1'), since: fourToday.toISOString() } }, now)?.description,
      'served 1 query since 04:00',
    );
  });

  it('marks an index no query used as unused', () => {
    const usage = indexUsage({ name: 'k_1', accesses: { ops: 0, since: { $date: fourToday.toISOString() } } }, now);
    assert.equal(usage?.unused, true);
    assert.equal(usage?.description, 'unused since 04:00');
    assert.equal(indexUsage({ name: 'k_1', accesses: { ops: 0 } }, now)?.description, 'unused since the service started');
  });

  it('says nothing where the service does not count', () => {
    assert.equal(indexUsage({ name: 'k_1' }, now), undefined);
    assert.equal(indexUsage({ name: 'k_1', accesses: { ops: 'many' } }, now), undefined);
  });

  it('gives the day of a count that began another day', () => {
    assert.equal(formatSince(new Date(2026, 10, 25, 23, 5), now), '25 Nov 23:05');
  });

  it("shows a background build's progress until it is done", () => {
    assert.deepEqual(indexBuild({ name: 'k_1', building: true, progress: { done: 450, total: 1000 } }), {
      description: 'building 45%',
      done: 450,
      total: 1000,
      percent: 45,
    });
    assert.deepEqual(indexBuild({ name: 'k_1', building: true }), { description: 'building' });
    assert.equal(indexBuild({ name: 'k_1' }), undefined);
  });
});
