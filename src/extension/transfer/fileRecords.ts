import { createReadStream } from 'node:fs';
import type { CsvTypes } from '../../core/transfer/csvDocuments';
import type { TransferFormat } from '../../core/transfer/formats';
import type { ParsedRecord } from '../../core/transfer/parsedRecord';
import { recordsOf } from '../../core/transfer/recordsOf';

/**
 * The records of an import file, read from disk a piece at a time (each call reads the file afresh). Its
 * bytes are read as UTF-8 and nothing else: a record holding bytes that are not is refused with its line.
 */
export function fileRecords(path: string, format: TransferFormat, csvTypes: CsvTypes = 'strings'): AsyncIterable<ParsedRecord> {
  return recordsOf(createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>, format, csvTypes);
}
