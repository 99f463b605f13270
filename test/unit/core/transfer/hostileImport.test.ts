import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { readCsvDocuments } from '../../../../src/core/transfer/csvDocuments';
import { readCsvRows } from '../../../../src/core/transfer/csvText';
import { readJsonArray } from '../../../../src/core/transfer/jsonArray';
import { readNdjson } from '../../../../src/core/transfer/ndjson';
import type { ParsedRecord, TextChunks } from '../../../../src/core/transfer/parsedRecord';
import { utf8Text } from '../../../../src/core/transfer/utf8Text';
import { collect } from './arbitraries';

type Reader = (chunks: TextChunks) => AsyncIterable<ParsedRecord>;
const READERS: [string, Reader, (names: string[]) => string][] = [
  ['NDJSON', (chunks) => readNdjson(chunks), (names) => names.map((name) => `{"name":"${name}"}\n`).join('')],
  ['JSON array', (chunks) => readJsonArray(chunks), (names) => `[\n${names.map((name) => `{"name":"${name}"}`).join(',\n')}\n]\n`],
  ['CSV', (chunks) => readCsvDocuments(chunks, 'strings'), (names) => `name\n${names.join('\n')}\n`],
];

const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');

/** Bytes cut into chunks at the given places, as a file stream might deliver them. */
function byteChunks(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const point of points) {
    chunks.push(bytes.subarray(from, point));
    from = point;
  }
  chunks.push(bytes.subarray(from));
  return chunks;
}

async function decoded(chunks: Buffer[]): Promise<string> {
  return (await collect(utf8Text(chunks))).join('');
}

describe('core/transfer: hostile import files (issue 22)', () => {
  describe('bytes that are not UTF-8', () => {
    for (const [name, read, file] of READERS) {
      it(`${name}: a Latin-1 record is refused by its line, never imported as U+FFFD; the others are read`, async () => {
        const text = file(['Ann', 'Jos\u00e9', 'Bo']);
        const records = await collect(read(utf8Text([latin1(text)])));
        const good = records.filter((record) => record.document).map((record) => record.document!.name);
        assert.deepEqual(good, ['Ann', 'Bo']);
        const bad = records.filter((record) => record.error);
        assert.equal(bad.length, 1);
        assert.match(bad[0].error!, /^not UTF-8: bytes at column \d+ are not valid UTF-8/);
        assert.equal(bad[0].line, name === 'NDJSON' ? 2 : 3);
        for (const record of records) assert.ok(!JSON.stringify(record.document ?? {}).includes('\uFFFD'));
      });
    }

    it('decodes valid UTF-8 exactly however the bytes are cut, a BOM and multi-byte characters split across chunks included', async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.array(fc.nat(), { maxLength: 6 }), async (text, cuts) => {
          const bytes = Buffer.from(`\uFEFF${text}`, 'utf8');
          assert.equal(await decoded(byteChunks(bytes, cuts)), `\uFEFF${text}`);
        }),
        { numRuns: 300 },
      );
    });

    it('marks each invalid sequence once, wherever the cuts fall, and keeps the valid text around it', async () => {
      const cases: [number[], string][] = [
        [[0x61, 0xe9, 0x62], 'a?b'],
        [[0xe2, 0x82, 0x61], '?a'], // a truncated 3-byte sequence is one invalid subpart
        [[0xc0, 0xaf], '??'], // overlong
        [[0xed, 0xa0, 0x80], '???'], // an encoded surrogate
        [[0xf0, 0x9f, 0x98, 0x80, 0xff], '\u{1F600}?'],
        [[0x61, 0xf0, 0x9f], 'a?'], // the file ends inside a character
      ];
      for (const [bytes, expected] of cases) {
        for (const cuts of [[], [1], [2], [1, 2], [1, 2, 3, 4]]) {
          const text = await decoded(byteChunks(Buffer.from(bytes), cuts));
          assert.equal(text.replace(/[\uD800-\uDFFF]/gu, '?'), expected, `${bytes.map((b) => b.toString(16))} cut at ${cuts}`);
        }
      }
    });
  });

  describe('records over the cap', () => {
    for (const [name, , file] of READERS) {
      it(`${name}: a record over the cap is refused by its line and the next ones are read`, async () => {
        const big = 'x'.repeat(5000);
        const text = file(['a', big, 'b']);
        const chunks = text.match(/[\s\S]{1,700}/g)!;
        const cap = 1000;
        const records = await collect(
          name === 'NDJSON'
            ? readNdjson(chunks, cap)
            : name === 'CSV'
              ? readCsvDocuments(chunks, 'strings', cap)
              : readJsonArray(chunks, cap),
        );
        assert.deepEqual(
          records.map((record) => record.document?.name ?? record.error?.replace(/ \(.*/, '')),
          ['a', "the record is larger than 1000 characters, the service's document limit: it was skipped", 'b'],
        );
        assert.equal(records[1].line, name === 'NDJSON' ? 2 : 3);
      });
    }
  });

  describe('line numbers', () => {
    it('CSV: CRLF, CR and LF inside a quoted field each count as one line, whatever the chunking', async () => {
      const text = 'a,b\r\n"one\rtwo",1\r\n"three\r\nfour",2\n"five\nsix",3\rlast,4\r\n';
      for (const cuts of [[], [5], [9, 10], [10, 11], [25, 26, 27], [...Array(text.length).keys()]]) {
        const rows = await collect(readCsvRows(chunksAt(text, cuts)));
        assert.deepEqual(
          rows.map((row) => [row.line, row.fields[0]]),
          [
            [1, 'a'],
            [2, 'one\rtwo'],
            [4, 'three\r\nfour'],
            [6, 'five\nsix'],
            [8, 'last'],
          ],
          `cut at ${cuts.length > 30 ? 'every character' : cuts}`,
        );
      }
    });
  });
});

function chunksAt(text: string, cuts: number[]): string[] {
  const chunks: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    chunks.push(text.slice(from, cut));
    from = cut;
  }
  chunks.push(text.slice(from));
  return chunks;
}
