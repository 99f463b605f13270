import { createReadStream } from 'node:fs';
import type { CsvTypes } from '../../core/transfer/csvDocuments';
import { readCsvDocuments } from '../../core/transfer/csvDocuments';
import type { TransferFormat } from '../../core/transfer/formats';
import { readJsonArray } from '../../core/transfer/jsonArray';
import { readNdjson } from '../../core/transfer/ndjson';
import type { ParsedRecord } from '../../core/transfer/parsedRecord';
import { utf8Text } from '../../core/transfer/utf8Text';

/**
 * The records of an import file, read from disk a piece at a time (each call reads the file afresh). Its
 * bytes are read as UTF-8 and nothing else: a record holding bytes that are not is refused with its line.
 */
export function fileRecords(path: string, format: TransferFormat, csvTypes: CsvTypes = 'strings'): AsyncIterable<ParsedRecord> {
  const chunks = utf8Text(createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>);
  if (format === 'ndjson') return readNdjson(chunks);
  if (format === 'json') return readJsonArray(chunks);
  return readCsvDocuments(chunks, csvTypes);
}
