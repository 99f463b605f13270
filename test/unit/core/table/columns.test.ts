import * as assert from 'node:assert/strict';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { parseLossless } from '../../../../src/core/json/lossless';
import { columnsOf, valueAt } from '../../../../src/core/table/columns';

const doc = (text: string): JsonObject => parseLossless(text) as JsonObject;

describe('table columns', () => {
  it('puts _id first and nested objects as dotted columns, in first-seen order across documents', () => {
    const columns = columnsOf([
      doc('{"name":"a","_id":1,"address":{"city":"x","geo":{"lat":1}}}'),
      doc('{"_id":2,"tags":["t"],"name":"b","address":{"zip":"1"}}'),
    ]);
    assert.deepEqual(
      columns.map((column) => column.label),
      ['_id', 'name', 'address.city', 'address.geo.lat', 'tags', 'address.zip'],
    );
  });

  it('keeps dates, object ids, arrays and empty objects as one column', () => {
    const columns = columnsOf([
      doc('{"_id":{"$oid":"4ffde1398c1a4b6d6c000001"},"t":{"$date":"2024-05-01T12:00:00.000Z"},"a":[{"x":1}],"e":{}}'),
    ]);
    assert.deepEqual(
      columns.map((column) => column.label),
      ['_id', 't', 'a', 'e'],
    );
  });

  it('keeps a key holding "." as one step of the path', () => {
    const columns = columnsOf([doc('{"_id":1,"a.b":{"c":1}}')]);
    assert.deepEqual(columns[1].path, ['a.b', 'c']);
    assert.notEqual(columns[1].id, columnsOf([doc('{"_id":1,"a":{"b":{"c":1}}}')])[1].id, 'a.b.c and ["a.b"].c share a column id');
    assert.equal(valueAt(doc('{"a.b":{"c":5}}'), columns[1].path), 5);
  });

  it('tells a missing field (undefined) from a null one', () => {
    const d = doc('{"a":null,"b":{"c":null}}');
    assert.equal(valueAt(d, ['a']), null);
    assert.equal(valueAt(d, ['x']), undefined);
    assert.equal(valueAt(d, ['b', 'c']), null);
    assert.equal(valueAt(d, ['a', 'c']), undefined);
  });
});
