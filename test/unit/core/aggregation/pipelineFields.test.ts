import * as assert from 'node:assert/strict';
import { fieldsAfter } from '../../../../src/core/aggregation/pipelineFields';

const SAMPLED = ['_id', 'region', 'total', 'items', 'items.sku', 'customer', 'customer.name', 'customer.city'];
const paths = (stages: unknown[], count?: number) => fieldsAfter(SAMPLED, stages as never, count).map((field) => field.path);

describe('fieldsAfter', () => {
  it('keeps the sampled fields through stages that only filter or order', () => {
    assert.deepEqual(paths([{ $match: { region: 'eu' } }, { $sort: { total: -1 } }, { $limit: 3 }, { $sample: { size: 2 } }]), SAMPLED);
  });

  it('gives what $group makes, and says which stage made it', () => {
    const fields = fieldsAfter(SAMPLED, [{ $match: {} }, { $group: { _id: '$region', revenue: { $sum: '$total' } } }]);
    assert.deepEqual(fields, [
      { path: '_id', madeBy: 1, stageName: '$group' },
      { path: 'revenue', madeBy: 1, stageName: '$group' },
    ]);
  });

  it('adds, removes and keeps fields as $addFields, $set, $unset, $project, $unwind and $lookup do', () => {
    assert.deepEqual(paths([{ $addFields: { net: 1, 'meta.a': 1 } }, { $unset: ['customer', 'items'] }]), [
      '_id',
      'region',
      'total',
      'net',
      'meta.a',
    ]);
    assert.deepEqual(paths([{ $project: { customer: 1, share: { $divide: ['$total', 2] } } }]), [
      'customer',
      'customer.name',
      'customer.city',
      'share',
      '_id',
    ]);
    assert.deepEqual(paths([{ $project: { items: 0, _id: 0 } }]), ['region', 'total', 'customer', 'customer.name', 'customer.city']);
    assert.deepEqual(paths([{ $project: { total: 1, _id: 0 } }]), ['total']);
    assert.ok(paths([{ $unwind: { path: '$items', includeArrayIndex: 'position' } }]).includes('position'));
    assert.ok(paths([{ $lookup: { from: 'c', localField: 'a', foreignField: 'b', as: 'joined' } }]).includes('joined'));
  });

  it('resets the fields after $count, $sortByCount, $bucket, $facet and $replaceRoot', () => {
    assert.deepEqual(paths([{ $count: 'orders' }]), ['orders']);
    assert.deepEqual(paths([{ $sortByCount: '$region' }]), ['_id', 'count']);
    assert.deepEqual(paths([{ $bucket: { groupBy: '$total', boundaries: [0, 10] } }]), ['_id', 'count']);
    assert.deepEqual(paths([{ $bucket: { groupBy: '$total', boundaries: [0, 10], output: { n: { $sum: 1 } } } }]), ['_id', 'n']);
    assert.deepEqual(paths([{ $facet: { top: [], all: [] } }]), ['top', 'all']);
    assert.deepEqual(paths([{ $replaceRoot: { newRoot: '$customer' } }]), ['name', 'city']);
    assert.deepEqual(paths([{ $replaceWith: { a: '$total', b: { c: 1 } } }]), ['a', 'b.c']);
  });

  it('stops after the count of stages asked for, and passes over an unfinished stage', () => {
    const stages = [{ $group: { _id: '$region', n: { $sum: 1 } } }, { $count: 'groups' }];
    assert.deepEqual(paths(stages, 1), ['_id', 'n']);
    assert.deepEqual(paths([{}, { $match: {} }]), SAMPLED);
  });
});
