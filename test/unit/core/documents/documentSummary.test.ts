import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { documentTooltipText, summarizeDocument } from '../../../../src/core/documents/documentSummary';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { isJsonObject, parseLossless } from '../../../../src/core/json/lossless';

function doc(text: string): JsonObject {
  const value = parseLossless(text);
  assert.ok(isJsonObject(value));
  return value;
}

describe('core/documents/documentSummary', () => {
  describe('summarizeDocument', () => {
    it('lists the fields other than _id with their values', () => {
      assert.equal(
        summarizeDocument(doc('{"_id": {"$oid": "4ffde1398c1a4b6d6c000001"}, "name": "Ada", "age": 36, "ok": true, "x": null}')),
        'name: "Ada", age: 36, ok: true, x: null',
      );
    });

    it('shows numbers with the text the service sent', () => {
      assert.equal(summarizeDocument(doc('{"big": 9007199254740993, "price": 1.50}')), 'big: 9007199254740993, price: 1.50');
    });

    it('abbreviates arrays, objects, object ids and dates', () => {
      assert.equal(
        summarizeDocument(
          doc('{"tags": ["a", "b"], "one": [1], "addr": {"city": "X"}, "e": {}, "ref": {"$oid": "4ffde1398c1a4b6d6c000001"}}'),
          200,
        ),
        'tags: [2 items], one: [1 item], addr: {…}, e: {}, ref: ObjectId(4ffde1398c1a4b6d6c000001)',
      );
      assert.equal(summarizeDocument(doc('{"at": {"$date": "2012-06-01T00:00:00Z"}}')), 'at: Date("2012-06-01T00:00:00Z")');
    });

    it('keeps to one line and cuts long strings and long summaries with an ellipsis', () => {
      assert.equal(summarizeDocument(doc('{"bio": "line one\\nline two and a good deal more text"}')), 'bio: "line one\\nline two and a…"');
      const summary = summarizeDocument(doc('{"a": "aaaaaaaaaaaaaaaaaaaa", "b": "bbbbbbbbbbbbbbbbbbbbb", "c": "cccccccccccccccccccc"}'));
      assert.equal(summary.length, 60);
      assert.ok(summary.endsWith('…'));
    });

    it('quotes keys that would be hard to read bare', () => {
      assert.equal(
        summarizeDocument({ 'first name': 'Ada', 'a\nb': 1, '': 2, 'é_1.x': 3 }),
        '"first name": "Ada", "a\\nb": 1, "": 2, é_1.x: 3',
      );
    });

    it('is empty for a document with only an _id', () => {
      assert.equal(summarizeDocument({ _id: 1 }), '');
    });

    it('never exceeds the limit, never breaks a surrogate pair and never spans lines', () => {
      fc.assert(
        fc.property(
          fc.dictionary(fc.string({ unit: fc.constantFrom('a', '\n', ' ', '😀', '"') }), fc.jsonValue()),
          fc.integer({ min: 2, max: 100 }),
          (value, limit) => {
            const summary = summarizeDocument(parseLossless(JSON.stringify(value)) as JsonObject, limit);
            assert.ok(summary.length <= limit);
            assert.ok(!summary.includes('\n'));
            assert.ok(!/[\uD800-\uDFFF]/u.test(summary), 'an unpaired surrogate');
          },
        ),
      );
    });
  });

  describe('documentTooltipText', () => {
    it('pretty-prints the document with its numbers as sent', () => {
      assert.equal(documentTooltipText(doc('{"_id": 1, "n": 1.50}')), '{\n  "_id": 1,\n  "n": 1.50\n}');
    });

    it('cuts a huge document at a line end and says how much is left', () => {
      const huge = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`field${i}`, 'x'.repeat(20)]));
      const text = documentTooltipText(huge);
      assert.ok(text.length < 4100);
      const lines = text.split('\n');
      assert.match(lines[lines.length - 1], /^… \(\d+ more characters\)$/);
      assert.match(lines[lines.length - 2], /^ {2}"field\d+": "x{20}",$/);
    });
  });
});
