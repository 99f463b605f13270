import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { LosslessNumber } from '../../../../src/core/json/lossless';
import { CsvWriter, readCsvDocuments } from '../../../../src/core/transfer/csvDocuments';
import { documentWriter } from '../../../../src/core/transfer/documentWriter';
import { readCsvRows } from '../../../../src/core/transfer/csvText';
import { collect } from './arbitraries';

/** What a spreadsheet would run: a cell whose text (after RFC 4180 unquoting) starts with one of these. */
const LIVE = /^[=+\-@\t\r]/;

const FORMULAS = [
  '=HYPERLINK("http://x","y")',
  '=1+2',
  '+1+2',
  '-1+2',
  '@SUM(A1:A2)',
  '\t=1+2',
  '\r=1+2',
  "=cmd|' /C calc'!A0",
  '-5',
  '+33 1 23 45 67 89',
  '@user',
  '=',
  '-',
  "'=already quoted",
];

async function cellsOf(csv: string): Promise<string[][]> {
  return (await collect(readCsvRows([csv]))).map((row) => row.fields);
}

describe('core/transfer: CSV formulas (issue 22)', () => {
  it('neutralises every text cell a spreadsheet would run: prefixed with a single quote and quoted', async () => {
    const writer = documentWriter('csv', ['v']);
    const csv = writer.start() + FORMULAS.map((v) => writer.item({ v })).join('') + writer.end();
    const cells = (await cellsOf(csv)).slice(1).map(([cell]) => cell);
    assert.equal(cells.length, FORMULAS.length);
    const live = cells.filter((cell) => LIVE.test(cell));
    assert.deepEqual(live, [], `${live.length} of ${cells.length} cells are live formulas`);
    cells.forEach((cell, index) => assert.equal(cell, `'${FORMULAS[index]}`));
    for (const line of csv.split('\r\n').slice(1, -1))
      if (!line.startsWith('"\'')) assert.fail(`a neutralised cell is not quoted: ${line}`);
  });

  it('leaves numbers, dates, ids, booleans and JSON text alone: only strings are neutralised', () => {
    const writer = new CsvWriter(['n', 'big', 's', 'neg', 'at', 'list', 'ok']);
    const row = writer.row({
      n: -5,
      big: new LosslessNumber('-9007199254740993'),
      s: '-5',
      neg: -1.5,
      at: { $date: '2024-01-02T03:04:05.000Z' },
      list: ['=x'],
      ok: false,
    });
    assert.equal(row, `-5,-9007199254740993,"'-5",-1.5,2024-01-02T03:04:05.000Z,"[""=x""]",false\r\n`);
  });

  it('neutralises a column name too', () => {
    assert.equal(new CsvWriter(['=a', 'b']).header(), `"'=a",b\r\n`);
  });

  it('writes the raw form when asked', () => {
    assert.equal(documentWriter('csv', ['v'], 'raw').item({ v: '=1+2' }), '=1+2\r\n');
    assert.equal(new CsvWriter(['v'], 'raw').row({ v: '@x' }), '@x\r\n');
  });

  it('reads a neutralised file back exactly, with or without type inference (the string "-5" stays a string)', async () => {
    const text = fc.oneof(
      fc.constantFrom(...FORMULAS, "'", "''=x", "'a", '1.5', '-5'),
      fc.string(),
      fc.tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", "''"), fc.string()).map(([a, b]) => a + b),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 8 }), async (values) => {
        const documents: JsonObject[] = values.map((v) => ({ v }));
        const writer = new CsvWriter(['v']);
        const csv = writer.header() + documents.map((document) => writer.row(document)).join('');
        for (const types of ['strings', 'infer'] as const) {
          const records = await collect(readCsvDocuments([csv], types));
          const back = records.map((record) => record.document?.v);
          values.forEach((value, index) => {
            if (types === 'infer' && !/^'*[=+\-@\t\r]/.test(value)) return;
            assert.equal(back[index], value);
          });
        }
      }),
      { numRuns: 200 },
    );
  });
});
