import * as assert from 'node:assert/strict';
import { completionsAt } from '../../../../src/core/playground/completionItems';
import { placeAt } from '../../../../src/core/playground/completionPlace';
import { pipelineDocAt } from '../../../../src/core/playground/pipelineHover';
import { inferSchema } from '../../../support/inferSchema';

const schema = inferSchema([{ _id: 1, region: 'eu', total: 10, customer: { name: 'A' } }]);

function items(textWithCursor: string) {
  const offset = textWithCursor.indexOf('|');
  const text = textWithCursor.replace('|', '');
  const place = placeAt(text, offset);
  return place ? completionsAt(place, { schema }) : [];
}
const labels = (text: string) => items(text).map((item) => item.label);
const query = (pipeline: string) => `{"database": "shop", "collection": "orders", "pipeline": [${pipeline}]}`;

describe('playground completion in pipelines', () => {
  it('offers the stage names at the key of a stage, each with its documentation', () => {
    const found = items(query('{"$match": {}}, {"|"}'));
    assert.ok(found.some((item) => item.label === '$group' && /Groups documents/.test(item.detail)));
    assert.ok(found.some((item) => item.label === '$lookup'));
    assert.equal(found.find((item) => item.label === '$sort')?.insertText, '"$sort"');
  });

  it('offers the sampled fields in $match, and the fields an earlier $group made in a later $sort', () => {
    assert.deepEqual(labels(query('{"$match": {|}}')).slice(0, 5), ['_id', 'region', 'total', 'customer', 'customer.name']);
    const later = items(query('{"$group": {"_id": "$region", "revenue": {"$sum": "$total"}}}, {"$sort": {|}}'));
    assert.deepEqual(
      later.map((item) => [item.label, item.detail]),
      [
        ['_id', 'made by stage 1 ($group)'],
        ['revenue', 'made by stage 1 ($group)'],
      ],
    );
  });

  it('offers "$field" references in expressions, accumulators in $group, operators in expressions', () => {
    assert.deepEqual(labels(query('{"$addFields": {"x": 1}}, {"$group": {"_id": "$|"}}')).slice(0, 3), ['$_id', '$region', '$total']);
    assert.ok(labels(query('{"$addFields": {"x": 1}}, {"$group": {"_id": "$|"}}')).includes('$x'));
    assert.ok(labels(query('{"$group": {"_id": null, "n": {"|"}}}')).includes('$sum'));
    assert.ok(labels(query('{"$project": {"x": {"|"}}}')).includes('$multiply'));
    assert.ok(labels(query('{"$match": {"total": {"|"}}}')).includes('$gte'));
  });
});

describe('playground hovers in pipelines', () => {
  it("shows a stage's documentation on its name, and an operator's on its key", () => {
    const text = query('{"$match": {"total": {"$gt": 1}}}, {"$group": {"_id": null, "n": {"$sum": 1}}}');
    const on = (name: string) => pipelineDocAt(text, text.indexOf(name) + 2)?.markdown;
    assert.match(on('"$group"') ?? '', /^\*\*\$group\*\* \(stage\): Groups documents.*After it: one document per group/s);
    assert.match(on('"$sum"') ?? '', /^\*\*\$sum\*\*: Adds up/);
    assert.match(on('"$gt"') ?? '', /^\*\*\$gt\*\*: /);
    assert.equal(pipelineDocAt(text, text.indexOf('"database"') + 2), undefined);
  });
});
