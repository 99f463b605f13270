import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { LosslessNumber, parseLossless, stringifyLossless } from '../../../../src/core/json/lossless';
import { ColumnCollector, CsvWriter, cellValue, readCsvDocuments } from '../../../../src/core/transfer/csvDocuments';
import { CsvShapeError, csvField, readCsvRows } from '../../../../src/core/transfer/csvText';
import { chunked, collect } from './arbitraries';

function csvText(documents: JsonObject[], columns?: string[]): string {
  const collector = new ColumnCollector();
  documents.forEach((document) => collector.add(document));
  const writer = new CsvWriter(columns ?? collector.columns);
  return writer.header() + documents.map((document) => writer.row(document)).join('');
}

const fieldName = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/);

describe('core/transfer: CSV', () => {
  it('writes nested fields as dotted columns, arrays and objects as JSON text, ids and dates as text, with RFC 4180 quoting', () => {
    const text = csvText([
      {
        _id: { $oid: '65a1b2c3d4e5f60718293a4b' },
        name: 'Ann, "the" first',
        address: { city: 'Oslo', geo: { lat: 1.5 } },
        tags: ['a', 'b'],
        at: { $date: '2024-01-02T03:04:05.000Z' },
        note: 'two\nlines',
        big: new LosslessNumber('9007199254740993'),
      },
      { _id: 2, name: ' padded', empty: {}, gone: null },
    ]);
    assert.equal(
      text,
      '_id,name,address.city,address.geo.lat,tags,at,note,big,empty,gone\r\n' +
        '65a1b2c3d4e5f60718293a4b,"Ann, ""the"" first",Oslo,1.5,"[""a"",""b""]",2024-01-02T03:04:05.000Z,"two\nlines",9007199254740993,,\r\n' +
        '2," padded",,,,,,,{},\r\n',
    );
  });

  it('writes only the chosen columns, in the order chosen', () => {
    assert.equal(csvText([{ a: 1, b: { c: 2 }, d: 3 }], ['d', 'b.c']), 'd,b.c\r\n3,2\r\n');
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, whatever the chunking, with the line each record starts on', async () => {
    const text = 'a,b\r\n"x, y","say ""hi"""\r\n\r\n"multi\nline",2\n3,\n';
    for (const cuts of [[], [1], [6, 7, 12, 20], [5, 9, 10, 11, 22, 23]]) {
      const rows = await collect(readCsvRows(chunked(text, cuts)));
      assert.deepEqual(rows, [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['x, y', 'say "hi"'] },
        { line: 4, fields: ['multi\nline', '2'] },
        { line: 6, fields: ['3', ''] },
      ]);
    }
  });

  it('keeps every cell a string by default', async () => {
    const [record] = await collect(readCsvDocuments(['n,ok,none,at,a.b\r\n1.50,true,null,2024-01-02,x\r\n'], 'strings'));
    assert.deepEqual(record.document, { n: '1.50', ok: 'true', none: 'null', at: '2024-01-02', a: { b: 'x' } });
  });

  it('infers numbers (exactly), booleans, null, ISO dates, JSON and object ids when asked', () => {
    assert.equal((cellValue('1.50', 'infer', 'x') as LosslessNumber).text, '1.50');
    assert.equal((cellValue('9007199254740993', 'infer', 'x') as LosslessNumber).text, '9007199254740993');
    assert.equal(cellValue('42', 'infer', 'x'), 42);
    assert.equal(cellValue('true', 'infer', 'x'), true);
    assert.equal(cellValue('', 'infer', 'x'), null);
    assert.deepEqual(cellValue('2024-01-02T03:04:05Z', 'infer', 'x'), { $date: '2024-01-02T03:04:05.000Z' });
    assert.deepEqual(cellValue('[1,"a"]', 'infer', 'x'), [1, 'a']);
    assert.deepEqual(cellValue('65A1B2C3D4E5F60718293A4B', 'infer', '_id'), { $oid: '65a1b2c3d4e5f60718293a4b' });
    assert.equal(cellValue('65a1b2c3d4e5f60718293a4b', 'infer', 'ref'), '65a1b2c3d4e5f60718293a4b');
    for (const text of ['007', '1.', '+1', 'True', '2024-13-45', '[not json', 'hello'])
      assert.equal(cellValue(text, 'infer', 'x'), text, text);
  });

  it('reports a record with the wrong number of fields by line, and refuses a header with clashing names', async () => {
    const records = await collect(readCsvDocuments(['a,b\n1,2\n1,2,3\n4,5\n'], 'strings'));
    assert.deepEqual(
      records.map((record) => record.line),
      [2, 3, 4],
    );
    assert.match(records[1].error ?? '', /3 fields where the header has 2/);
    await assert.rejects(collect(readCsvDocuments(['a,a.b\n1,2\n'], 'strings')), CsvShapeError);
    await assert.rejects(collect(readCsvDocuments(['a,a\n1,2\n'], 'strings')), /twice/);
    await assert.rejects(collect(readCsvRows(['a\n"open'])), /not closed/);
  });

  it('round-trips flat documents of strings with types left as strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fieldName, { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(fc.string({ minLength: 1 }), { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        async (columns, rows, cuts) => {
          const documents = rows.map((row) => Object.fromEntries(columns.map((column, i) => [column, row[i]])) as JsonObject);
          const records = await collect(readCsvDocuments(chunked(csvText(documents), cuts), 'strings'));
          assert.deepEqual(
            records.map((record) => record.document),
            documents,
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('round-trips flat documents of numbers, booleans, null, dates and plain text with inference', async () => {
    const value = fc.oneof(
      fc.integer(),
      fc.bigInt({ min: 2n ** 53n, max: 2n ** 62n }).map((n) => new LosslessNumber(String(n))),
      fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 9 })).map(([a, b]) => new LosslessNumber(`${a}.${b}0`)),
      fc.boolean(),
      fc.constant(null),
      fc
        .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => ({ $date: d.toISOString() })),
      fc.stringMatching(/^[A-Za-z][A-Za-z ,"]{0,10}$/),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fieldName, { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(value, { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        async (columns, rows) => {
          const documents = rows.map((row) => Object.fromEntries(columns.map((column, i) => [column, row[i]])) as JsonObject);
          const records = await collect(readCsvDocuments([csvText(documents)], 'infer'));
          assert.deepEqual(
            records.map((record) => stringifyLossless(record.document)),
            documents.map((document) => stringifyLossless(document)),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('quotes only what needs it', () => {
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('x\r'), '"x\r"');
    assert.deepEqual(parseLossless('{"a":1}'), { a: 1 });
  });
});
