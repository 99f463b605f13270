import * as assert from 'node:assert/strict';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { parseLossless } from '../../../../src/core/json/lossless';
import { MAX_FIELDS, SchemaBuilder, findField } from '../../../../src/core/schema/inferSchema';
import { inferSchema } from '../../../support/inferSchema';
import { describeField, describePresence, formatShare, notSeenMessage, renderSchemaReport } from '../../../../src/core/schema/schemaText';

const docs = (text: string) => parseLossless(text) as JsonObject[];
const paths = (documents: JsonObject[]) => inferSchema(documents).fields.map((field) => field.path);

describe('schema inference', () => {
  it('gives each type its share of the values: price is number 98% · string 2%', () => {
    const documents: JsonObject[] = [];
    for (let n = 0; n < 98; n++) documents.push({ price: n });
    documents.push({ price: '12.50' }, { price: 'free' });
    const price = findField(inferSchema(documents), 'price');
    assert.ok(price);
    assert.equal(describeField(price), 'number 98% · string 2%');
    assert.equal(price.documents, 100);
  });

  it('counts a missing field as absent, not as a type, and says how often it is present', () => {
    const schema = inferSchema(docs('[{"a": 1, "b": null}, {"a": 2}, {"a": 3}, {}]'));
    const b = findField(schema, 'b');
    assert.ok(b);
    assert.equal(describeField(b), 'null 100%');
    assert.equal(describePresence(b, schema), 'in 25% of 4 sampled documents');
    assert.equal(findField(schema, 'a')?.documents, 3);
    assert.equal(schema.sampled, 4);
  });

  it('lists nested paths with dots, and fields of objects inside arrays under the array path', () => {
    const schema = inferSchema(
      docs('[{"address": {"city": "Oslo", "geo": {"lat": 1.5}}, "items": [{"sku": "a", "qty": 1}, {"sku": "b"}]}]'),
    );
    assert.deepEqual(
      schema.fields.map((field) => field.path),
      ['address', 'address.city', 'address.geo', 'address.geo.lat', 'items', 'items.sku', 'items.qty'],
    );
    const items = findField(schema, 'items');
    assert.equal(items && describeField(items), 'array 100% (of object 100%)');
    assert.equal(findField(schema, 'items.sku')?.types[0]?.count, 2, 'both array elements counted');
    assert.equal(findField(schema, 'items.sku')?.documents, 1, 'but the document only once');
  });

  it('looks into arrays of arrays', () => {
    const schema = inferSchema(docs('[{"grid": [[{"x": 1}], [{"x": "2", "y": true}]], "tags": ["a", 1, "b"]}]'));
    assert.deepEqual(paths(docs('[{"grid": [[{"x": 1}], [{"x": "2", "y": true}]]}]')), ['grid', 'grid.x', 'grid.y']);
    const x = findField(schema, 'grid.x');
    assert.equal(x && describeField(x), 'number 50% · string 50%');
    const tags = findField(schema, 'tags');
    assert.equal(tags && describeField(tags), 'array 100% (of string 67% · number 33%)');
  });

  it('reads extended JSON wrappers as the types they stand for, and keeps exact numbers as numbers', () => {
    const schema = inferSchema(
      docs(
        '[{"_id": {"$oid": "4ffde1398c1a4b6d6c000001"}, "at": {"$date": "2026-01-01T00:00:00Z"}, "big": 9007199254740993, "meta": {"$x": 1}}]',
      ),
    );
    assert.equal(findField(schema, '_id')?.types[0]?.type, 'objectId');
    assert.equal(findField(schema, 'at')?.types[0]?.type, 'date');
    assert.equal(findField(schema, 'big')?.types[0]?.type, 'number');
    assert.equal(findField(schema, 'meta')?.types[0]?.type, 'object');
    assert.ok(!paths(docs('[{"_id": {"$oid": "4ffde1398c1a4b6d6c000001"}}]')).includes('_id.$oid'));
  });

  it('mixes types at one path: object in some documents, a number in others, and still lists the sub-fields', () => {
    const schema = inferSchema(docs('[{"v": {"w": 1}}, {"v": 2}, {"v": [1]}]'));
    const v = findField(schema, 'v');
    assert.equal(v && describeField(v), 'object 33% · number 33% · array 33% (of number 100%)');
    assert.equal(findField(schema, 'v.w')?.documents, 1);
  });

  it('finds a field whatever array positions or positional operators the path names', () => {
    const schema = inferSchema(docs('[{"items": [{"sku": "a"}]}]'));
    for (const path of ['items.sku', 'items.0.sku', 'items.$.sku', 'items.$[].sku', 'items.$[i].sku'])
      assert.equal(findField(schema, path)?.path, 'items.sku', path);
    assert.equal(findField(schema, 'items.size'), undefined);
  });

  it('builds the same schema page by page as at once', () => {
    const all = docs('[{"a": 1}, {"a": "x", "b": [1]}, {"c": {"d": null}}]');
    const builder = new SchemaBuilder();
    builder.addAll(all.slice(0, 2));
    builder.addAll(all.slice(2));
    assert.deepEqual(builder.result(), inferSchema(all));
  });

  it('keeps at most MAX_FIELDS paths and says it left some out', () => {
    const wide: JsonObject = {};
    for (let n = 0; n < MAX_FIELDS + 10; n++) wide[`f${n}`] = n;
    const schema = inferSchema([wide]);
    assert.equal(schema.fields.length, MAX_FIELDS);
    assert.equal(schema.truncated, true);
    assert.equal(inferSchema([{ a: 1 }]).truncated, false);
  });

  it('never rounds a minority away or a majority to all', () => {
    assert.equal(formatShare(1, 1000), '<1%');
    assert.equal(formatShare(999, 1000), '>99%');
    assert.equal(formatShare(0, 0), '0%');
    assert.equal(formatShare(5, 5), '100%');
  });
});

describe('schema report', () => {
  const schema = inferSchema(docs('[{"_id": 1, "price": 2, "address": {"city": "Oslo"}}, {"_id": 2, "price": "3"}]'));
  const report = renderSchemaReport(schema, {
    accountLabel: 'Local',
    db: 'shop',
    col: 'orders',
    total: 1234,
    sampledAt: new Date('2026-11-23T13:05:00Z'),
  });

  it('heads the report with the collection, the account and how much was sampled when', () => {
    const lines = report.split('\n');
    assert.equal(lines[0], 'Schema of shop.orders · account "Local"');
    assert.equal(lines[1], 'Sampled 2 of 1,234 documents at 2026-11-23 13:05:00 UTC');
  });

  it('gives one aligned line per path with its types and presence', () => {
    const lines = report.split('\n');
    assert.ok(lines.includes('price         number 50% · string 50%  present 100%'), report);
    assert.ok(lines.includes('address.city  string 100%              present 50%'), report);
  });

  it('says so when the collection is empty', () => {
    assert.match(
      renderSchemaReport(inferSchema([]), { accountLabel: 'L', db: 'd', col: 'c', total: 0, sampledAt: new Date(0) }),
      /holds no documents/,
    );
  });

  it('words the not-seen message as information about the sample', () => {
    assert.equal(
      notSeenMessage('pirce', { sampled: 1000, fields: [], truncated: false }),
      '"pirce" was not seen in 1,000 sampled documents: check its spelling (it may still exist in documents outside the sample).',
    );
  });
});
