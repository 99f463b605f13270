import * as assert from 'node:assert/strict';
import { summarizeDocument } from '../../../../src/core/documents/documentSummary';
import { parseLossless } from '../../../../src/core/json/lossless';
import type { JsonObject } from '../../../../src/core/json/lossless';

const doc = (text: string) => parseLossless(text) as JsonObject;

describe('summarizeDocument', () => {
  it('shows the first fields other than _id with short values', () => {
    const summary = summarizeDocument(doc('{"_id": {"$oid": "4ffde1398c1a4b6d6c000001"}, "name": "Ada", "age": 36, "tags": ["a", "b"], "address": {"city": "London"}}'));
    assert.equal(summary, 'name: "Ada", age: 36, tags: [2], address: {…}');
  });

  it('keeps numbers exactly as the service wrote them and shows dates and object ids plainly', () => {
    const summary = summarizeDocument(doc('{"price": 1.50, "big": 9007199254740993, "at": {"$date": "2012-06-01T00:00:00Z"}, "owner": {"$oid": "4ffde1398c1a4b6d6c000002"}}'), 200);
    assert.equal(summary, 'price: 1.50, big: 9007199254740993, at: 2012-06-01T00:00:00Z, owner: 4ffde1398c1a4b6d6c000002');
  });

  it('never grows past the length asked for', () => {
    const long = doc(`{"a": "${'x'.repeat(200)}", "b": "${'y'.repeat(200)}", "c": 1, "d": 2, "e": 3}`);
    const summary = summarizeDocument(long, 40);
    assert.ok(summary.length <= 40, summary);
    assert.ok(summary.endsWith('…'));
  });

  it('is empty for a document that holds only its _id', () => {
    assert.equal(summarizeDocument(doc('{"_id": 7}')), '');
  });
});
