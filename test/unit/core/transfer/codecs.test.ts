import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { jsonEqual } from '../../../../src/core/json/jsonEqual';
import type { JsonObject, LosslessNumber } from '../../../../src/core/json/lossless';
import { parseLossless, stringifyLossless } from '../../../../src/core/json/lossless';
import { JsonArrayShapeError, JsonArrayWriter, readJsonArray } from '../../../../src/core/transfer/jsonArray';
import { documentJson, ndjsonLine, readNdjson } from '../../../../src/core/transfer/ndjson';
import { formatOfFileName } from '../../../../src/core/transfer/formats';
import { chunked, collect, documentArbitrary } from './arbitraries';

function jsonArrayText(documents: JsonObject[]): string {
  const writer = new JsonArrayWriter();
  return writer.start() + documents.map((document) => writer.item(document)).join('') + writer.end();
}

describe('core/transfer: NDJSON and JSON array', () => {
  it('keeps int64 beyond 2^53, 1.50, dates, object ids and nested arrays exactly, in NDJSON', async () => {
    const text =
      '{"_id":{"$oid":"65a1b2c3d4e5f60718293a4b"},"big":9007199254740993,"price":1.50,"at":{"$date":"2024-02-29T12:00:00.000Z"},"grid":[[1,2],[3,[4.10]]]}\n';
    const [record] = await collect(readNdjson([text]));
    assert.ok(record.document);
    assert.equal((record.document.big as LosslessNumber).text, '9007199254740993');
    assert.equal((record.document.price as LosslessNumber).text, '1.50');
    assert.equal(ndjsonLine(record.document), text);
  });

  it('round-trips any documents through NDJSON, whatever the chunking', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(documentArbitrary, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), async (documents, cuts) => {
        const text = documents.map(ndjsonLine).join('');
        const records = await collect(readNdjson(chunked(text, cuts)));
        assert.equal(records.length, documents.length);
        records.forEach((record, i) => {
          assert.equal(record.line, i + 1);
          assert.ok(record.document && jsonEqual(record.document, documents[i]), stringifyLossless(record));
          assert.equal(stringifyLossless(record.document), stringifyLossless(documents[i]));
        });
      }),
      { numRuns: 150 },
    );
  });

  it('round-trips any documents through a JSON array read as a stream, whatever the chunking', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(documentArbitrary, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), async (documents, cuts) => {
        const text = jsonArrayText(documents);
        assert.deepEqual(stringifyLossless(parseLossless(text)), stringifyLossless(documents), 'the writer writes one JSON array');
        const records = await collect(readJsonArray(chunked(text, cuts)));
        assert.deepEqual(
          records.map((record) => stringifyLossless(record.document)),
          documents.map((document) => stringifyLossless(document)),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('reports bad NDJSON lines with their line numbers and reads the lines after them', async () => {
    const records = await collect(readNdjson(['{"a":1}\r\n\n{"a":\n[1,2]\n"text"\n{"b":2}']));
    assert.deepEqual(
      records.map((record) => [record.line, record.document ? stringifyLossless(record.document) : record.error?.split(':')[0]]),
      [
        [1, '{"a":1}'],
        [3, 'not valid JSON'],
        [4, 'expected a JSON object (a document), found an array'],
        [5, 'expected a JSON object (a document), found string'],
        [6, '{"b":2}'],
      ],
    );
  });

  it('gives each JSON array element the line it starts on, and reports a bad element without losing the rest', async () => {
    const text = '[\n  {"a": 1,\n   "b": "},{"},\n  {"a": oops},\n  {"a": 3}\n]\n';
    const records = await collect(readJsonArray(chunked(text, [3, 17, 18, 30])));
    assert.deepEqual(
      records.map((record) => record.line),
      [2, 4, 5],
    );
    assert.deepEqual(records[0].document, { a: 1, b: '},{' });
    assert.match(records[1].error ?? '', /not valid JSON/);
    assert.deepEqual(records[2].document, { a: 3 });
  });

  it('refuses a JSON file that is not an array, or whose array never closes', async () => {
    await assert.rejects(collect(readJsonArray(['{"a": 1}'])), JsonArrayShapeError);
    await assert.rejects(collect(readJsonArray(['  '])), /empty/);
    await assert.rejects(collect(readJsonArray(['[{"a": 1},\n{"a"'])), /not closed/);
    await assert.rejects(collect(readJsonArray(['[{"a": 1}] x'])), /after the end/);
    assert.deepEqual(await collect(readJsonArray(['\uFEFF[ ]'])), []);
  });

  it('reads a large JSON array as it arrives: each element is given before the text after it is read', async () => {
    const count = 20_000;
    let produced = 0;
    async function* generated() {
      yield '[';
      for (let i = 0; i < count; i++) {
        produced++;
        yield `${i === 0 ? '' : ','}{"n":${i},"pad":"${'x'.repeat(200)}"}`;
      }
      yield ']';
    }
    let seen = 0;
    let mostAhead = 0;
    for await (const record of readJsonArray(generated())) {
      assert.equal(record.document?.n, seen);
      seen++;
      mostAhead = Math.max(mostAhead, produced - seen);
    }
    assert.equal(seen, count);
    assert.ok(mostAhead <= 1, `the reader ran at most one element ahead of what it gave (ran ${mostAhead} ahead)`);
  });

  it('knows the format from the file name', () => {
    assert.equal(formatOfFileName('a/b/export.NDJSON'), 'ndjson');
    assert.equal(formatOfFileName('x.jsonl'), 'ndjson');
    assert.equal(formatOfFileName('x.json'), 'json');
    assert.equal(formatOfFileName('x.csv'), 'csv');
    assert.equal(formatOfFileName('x.txt'), undefined);
  });
});

describe('core/transfer: document text', () => {
  it('writes exactly what the lossless writer writes, by the fast path or not', () => {
    fc.assert(
      fc.property(documentArbitrary, (document) => {
        assert.equal(documentJson(document), stringifyLossless(document));
      }),
      { numRuns: 300 },
    );
  });
});
