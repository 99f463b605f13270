import { createReadStream } from 'node:fs';
import type { CsvTypes } from '../../core/transfer/csvDocuments';
import { readCsvDocuments } from '../../core/transfer/csvDocuments';
import type { TransferFormat } from '../../core/transfer/formats';
import { readJsonArray } from '../../core/transfer/jsonArray';
import { readNdjson } from '../../core/transfer/ndjson';
import type { ParsedRecord } from '../../core/transfer/parsedRecord';

/** The records of an import file, read from disk a piece at a time (each call reads the file afresh). */
export function fileRecords(path: string, format: TransferFormat, csvTypes: CsvTypes = 'strings'): AsyncIterable<ParsedRecord> {
  const chunks = createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 }) as AsyncIterable<string>;
  if (format === 'ndjson') return readNdjson(chunks);
  if (format === 'json') return readJsonArray(chunks);
  return readCsvDocuments(chunks, csvTypes);
}
